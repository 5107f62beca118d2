import { IdentificationMethod } from '@rawnaq/contracts';

/** A customer as `GET customers/<id>` answers it (docs/api.md). */
export type Customer = {
  id: string;
  serial: number;
  name: string;
  mobile: string;
  mobile_key?: string;
  email?: string | null;
  gender?: number | null;
  birth_date?: string | null;
  birth_month?: number | null;
  tax_number?: string | null;
  nationality_id?: number | null;
  country_of_residency_id?: number | null;
  address?: string | null;
  notes?: string | null;
  preferred_language?: 'ar' | 'en' | null;
  whatsapp_allowed?: boolean | null;
  identification_method?: number | null;
  status: 0 | 1;
  type: 'new' | 'frequent' | 'missed';
  invoices_count?: number;
  last_invoice_date?: string | null;
  loyalty_points?: number;
  wallet_balance?: number;
  created_at?: string;
  created_by?: { kind: string; id: string } | null;
  updated_at?: string | null;
  updated_by?: { kind: string; id: string } | null;
  /** registered online with a mobile on file under another name (issue 24) */
  likely_duplicate?: boolean;
  /** the customers she may be the same person as (her card only) */
  likely_duplicates?: CustomerCard[];
  /** merged into another customer: that one's id (her card stays readable) */
  merged_into?: string;
  merged_at?: string;
  merged_into_customer?: CustomerCard;
  /** the customers merged into her */
  merged_ids?: string[];
};

/** Another customer as a customer's card names her: enough to recognise and open her. */
export type CustomerCard = {
  id: string;
  name: string;
  mobile: string;
  serial: number;
  created_at?: string;
  email?: string | null;
  invoices_count?: number;
  last_invoice_date?: string | null;
};

export const CUSTOMER_STATUS = { active: 1, disabled: 0 } as const;

/** What a person types on the form; everything else on the record is the system's. */
export const CUSTOMER_FORM_FIELDS = [
  'name',
  'mobile',
  'email',
  'gender',
  'birth_date',
  'nationality_id',
  'country_of_residency_id',
  'identification_method',
  'tax_number',
  'address',
  'preferred_language',
  'whatsapp_allowed',
  'notes',
] as const;
export type CustomerFormField = (typeof CUSTOMER_FORM_FIELDS)[number];

/**
 * The body of POST/PUT: only the form's fields, empty ones as null (an edit sends the whole form and
 * empty fields are cleared, docs/api.md).
 */
export const customerPayload = (values: Record<string, unknown>): Record<CustomerFormField, unknown> =>
  Object.fromEntries(
    CUSTOMER_FORM_FIELDS.map((field) => {
      const value = values[field];
      return [field, value === undefined || value === '' ? null : value];
    }),
  ) as Record<CustomerFormField, unknown>;

/**
 * A new customer's form: the language the desk is using, and no WhatsApp contact until the customer
 * agrees (consent is opt-in under the Saudi PDPL).
 */
export const newCustomerDefaults = (language: 'ar' | 'en') => ({
  preferred_language: language,
  whatsapp_allowed: false,
});

export const identificationChoices = Object.entries(IdentificationMethod).map(([name, id]) => ({
  id,
  name: `app.customers.identification.${name}`,
}));

export const customerTypeChoices = (['new', 'frequent', 'missed'] as const).map((id) => ({
  id,
  name: `codes.customerType.${id}`,
}));

export const statusChoices = [
  { id: CUSTOMER_STATUS.active, name: 'app.customers.status.active' },
  { id: CUSTOMER_STATUS.disabled, name: 'app.customers.status.disabled' },
];

export const languageChoices = [
  { id: 'ar', name: 'app.language.ar' },
  { id: 'en', name: 'app.language.en' },
];

export type Nationality = { id: number; english_name: string; arabic_name: string };
