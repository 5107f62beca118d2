import { StockOperationType, type Currency } from '@rawnaq/contracts';

/** The product screens (spec doc1 §2 `products/...` and the inventory reports) and the API path each reads. */
export const PRODUCT_RESOURCES = {
  products: 'products/define-product',
  active: 'products/active-products',
  operations: 'products/stock-operations',
  movements: 'reports/inventory-movements',
  status: 'reports/inventory-status',
  internalUse: 'reports/internal-use-report',
} as const;

export const PRODUCTS_API_PATHS: Record<string, string> = {
  [PRODUCT_RESOURCES.products]: 'products',
  [PRODUCT_RESOURCES.operations]: 'stock-operations',
  [PRODUCT_RESOURCES.movements]: 'stock-operations',
};

export const PRODUCT_STATUS = { active: 1, disabled: 0 } as const;

/** VAT types 2-4 (no tax, exempt, zero rated) carry no VAT: the price with VAT is the price itself. */
export const STANDARD_VAT = 1;
export const carriesVat = (vatType: unknown) =>
  vatType === undefined || vatType === null || vatType === '' || Number(vatType) === STANDARD_VAT;

/** A product as `GET products` answers it: money as exact decimal text, with minor units beside it. */
export type Product = {
  id: string;
  name_en: string;
  name_ar: string;
  barcode?: string | null;
  price: string;
  price_minor: number;
  price_with_vat: string;
  price_with_vat_minor: number;
  usage_type: 1 | 2 | 3;
  vat_type: 1 | 2 | 3 | 4;
  /** a Saudi salon's reason for no VAT (ZATCA VATEX code) */
  vat_exemption_code?: string | null;
  warning_level?: number | null;
  quantity: number;
  average_cost: string;
  average_cost_minor: number;
  stock_value: string;
  stock_value_minor: number;
  low_stock: boolean;
  status: 0 | 1;
  image_file_id?: string | null;
  currency: Currency;
  vat_percentage: number;
};

/** One stock movement as `GET stock-operations` answers it (the quantity is signed). */
export type StockMovement = {
  id: string;
  product_id: string;
  product_name_en: string | null;
  product_name_ar: string | null;
  operation: number;
  quantity: number;
  balance: number;
  unit_cost: string | null;
  average_cost: string | null;
  notes: string | null;
  at: string;
  by: string;
};

/** A low-stock entry of the bell (`GET notifications/get_records?type=stocks`). */
export type StockNotification = {
  id: string;
  product_id: string;
  name_en?: string;
  name_ar?: string;
  quantity: number;
  warning_level?: number;
  created_at: string;
  read: boolean;
};

/** The stock screens: one per way stock moves by hand (spec doc1 §2 routes, docs/api.md operations). */
export const STOCK_SCREENS = {
  'add-quantity': { operations: ['add_quantity'] },
  'adjust-quantity': { operations: ['adjust_quantity'] },
  // taking stock off the shelf: for the salon's own work, or because it expired or was lost
  'internal-use': { operations: ['internal_use', 'expired', 'lost'] },
} as const;
export type StockScreen = keyof typeof STOCK_SCREENS;

/** The code of each operation name (doc1 §4), for the movement lists. */
export const OPERATION_CODES: Record<string, number> = StockOperationType;

const PRODUCT_FIELDS = [
  'name_en',
  'name_ar',
  'barcode',
  'price',
  'usage_type',
  'vat_type',
  'vat_exemption_code',
  'warning_level',
  'image_file_id',
] as const;

const empty = (value: unknown) => value === undefined || value === '' || value === null;

/** The body of POST/PUT products: the whole form, empty fields as null; a new product also its stock. */
export const productPayload = (values: Record<string, unknown>, isNew: boolean) => {
  const fields: readonly string[] = isNew
    ? [...PRODUCT_FIELDS, 'initial_quantity', 'cost_price']
    : PRODUCT_FIELDS;
  return Object.fromEntries(fields.map((field) => [field, empty(values[field]) ? null : values[field]]));
};

export const statusChoices = [
  { id: PRODUCT_STATUS.active, name: 'app.products.status.active' },
  { id: PRODUCT_STATUS.disabled, name: 'app.products.status.disabled' },
];
