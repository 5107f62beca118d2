import { CommandBus } from '@nestjs/cqrs';
import {
  addDays,
  weekdayOf,
  addMonths,
  businessDate,
  CANCELLATION_REASONS_CATEGORY,
  CountryId,
  DEFAULT_WEEK,
  EMPLOYEE_CATEGORY,
  PaymentMethod,
  newId,
  PLATFORM_TENANT,
  STANDARD_ROLES,
  STANDARD_ROLE_NAMES,
  streamName,
  wizardStepsOf,
  type DomainError,
  type StandardRole,
  type AccountOpened,
  type ManagerCreated,
  type RoleDefined,
  type UserCreated,
} from '@rawnaq/contracts';
import type { AuthContext, EventStore } from '@rawnaq/platform';
import { seedDemoAppointments } from './demo-appointments';
import type { Outbox } from '../engagement/outbox';
import { seedDemoPayroll, seedDemoSales } from './demo-sales';
import { seedDemoSalonUse } from './demo-salon-use';
import { evolveAccountSettings, initialAccountSettings } from '../settings/account-settings';
import { ChangeMenu } from '../catalog/menu.commands';
import { ChangeStaff } from '../staff/staff.commands';
import { ChangeProducts } from '../products/product.commands';
import { ChangeSettings } from '../settings/settings.commands';
import { RegisterCustomer } from '../customers/customer.commands';
import type { Answer } from '../shared/answer';
import { hashPassword } from '../identity/identity.commands';
import { seedPlatformLists } from './platform-lists.seed';
import { type CommandContext, UNIT } from '../shared/command-context';
import { defaultReasonEvents } from '../scheduling/cancellation-reasons';
import { Aggregates, idFor } from '../shared/repository';
import { UniqueValues } from '../shared/unique-values';
import { ChangeEInvoicing } from '../einvoicing/einvoicing.commands';
import type { EInvoiceReporting } from '../einvoicing/reporting';
import { detached } from '../shared/unit-of-work';
import { IssueCreditNote } from '../sales/credit-notes.commands';
import { RateInvoice } from '../sales/surveys.commands';
import { IssueDebitNoteCommand } from '../sales/debit-notes.commands';
import { ChangeCampaign } from '../engagement/campaigns.commands';

/** The sign-ins of the demo, also printed by the README. Change them after the first start (profile, change password). */
export const DEMO = {
  accountId: 1,
  tenantId: '1',
  owner: { username: 'owner', email: 'owner@demosalon.example', password: 'Demo@12345' },
  receptionist: { username: 'reception', email: 'reception@demosalon.example', password: 'Demo@12345' },
  /** one sign-in for each other standard role (the stylist is Noura, one of the two stylists) */
  staff: {
    manager: { username: 'manager', email: 'manager@demosalon.example', password: 'Demo@12345' },
    cashier: { username: 'cashier', email: 'cashier@demosalon.example', password: 'Demo@12345' },
    stylist: { username: 'noura', email: 'noura@demosalon.example', password: 'Demo@12345' },
    accountant: { username: 'accountant', email: 'accountant@demosalon.example', password: 'Demo@12345' },
    /** the salon's outside auditor: reads everything of the books and the history, changes nothing */
    auditor: { username: 'auditor', email: 'auditor@demosalon.example', password: 'Demo@12345' },
  },
  manager: { email: 'admin@platform.example', password: 'Manager@12345' },
} as const;

const ids = {
  ownerRole: '0193a000-0000-7000-8000-000000000001',
  receptionRole: '0193a000-0000-7000-8000-000000000002',
  owner: '0193a000-0000-7000-8000-000000000011',
  reception: '0193a000-0000-7000-8000-000000000012',
  manager: '0193a000-0000-7000-8000-000000000021',
  ownerEmployee: '0193a000-0000-7000-8000-000000000031',
  receptionEmployee: '0193a000-0000-7000-8000-000000000032',
  roles: {
    manager: '0193a000-0000-7000-8000-000000000003',
    cashier: '0193a000-0000-7000-8000-000000000004',
    stylist: '0193a000-0000-7000-8000-000000000005',
    accountant: '0193a000-0000-7000-8000-000000000006',
    auditor: '0193a000-0000-7000-8000-000000000007',
  },
  users: {
    manager: '0193a000-0000-7000-8000-000000000013',
    cashier: '0193a000-0000-7000-8000-000000000014',
    stylist: '0193a000-0000-7000-8000-000000000015',
    accountant: '0193a000-0000-7000-8000-000000000016',
    auditor: '0193a000-0000-7000-8000-000000000017',
  },
  employees: {
    manager: '0193a000-0000-7000-8000-000000000033',
    cashier: '0193a000-0000-7000-8000-000000000034',
    accountant: '0193a000-0000-7000-8000-000000000036',
  },
};

/** The demo's other sign-ins: who they are (the stylist's employee record is Noura's, added with the stylists). */
const DEMO_STAFF = [
  { role: 'manager', name_en: 'Lubna Al-Dosari', name_ar: 'لبنى الدوسري', job_title: 'Salon manager' },
  { role: 'cashier', name_en: 'Hind Al-Shehri', name_ar: 'هند الشهري', job_title: 'Cashier' },
  { role: 'stylist', name_en: 'Noura Al-Qahtani', name_ar: 'نورة القحطاني', job_title: 'Hair stylist' },
  { role: 'accountant', name_en: 'Amira Nasser', name_ar: 'أميرة ناصر', job_title: 'Accountant' },
  // from the salon's audit firm: a sign-in, not one of the salon's employees
  { role: 'auditor', name_en: 'Dalal Al-Mutairi', name_ar: 'دلال المطيري', job_title: 'External auditor' },
] as const;

const DEMO_STYLISTS = [
  {
    name_en: 'Noura Al-Qahtani',
    name_ar: 'نورة القحطاني',
    job_title: 'Hair stylist',
    experience_years: 6,
    commission_percentage: '10',
    salary: '4500',
    holidays: [5],
    // the services she does (the menu's names): hair, and facials
    skills: ['Haircut', 'Blow dry', 'Hair colour', 'Facial'],
  },
  {
    name_en: 'Reem Abdullah',
    name_ar: 'ريم عبدالله',
    job_title: 'Nail technician',
    experience_years: 3,
    commission_percentage: '8',
    salary: '3800',
    holidays: [5],
    // nails, facials and a blow dry, never a cut or a colour
    skills: ['Manicure', 'Pedicure', 'Facial', 'Blow dry'],
  },
];

/** A few products on the shelf (prices before VAT, in SAR): two for sale, one for the salon's own use. */
const DEMO_PRODUCTS = [
  {
    name_en: 'Keratin shampoo',
    name_ar: 'شامبو الكيراتين',
    barcode: '6290000000011',
    price: '55.00',
    cost_price: '30.00',
    initial_quantity: 24,
    warning_level: 5,
  },
  {
    name_en: 'Hair serum',
    name_ar: 'سيروم الشعر',
    barcode: '6290000000028',
    price: '85.00',
    cost_price: '45.00',
    initial_quantity: 12,
    warning_level: 3,
  },
  {
    name_en: 'Disposable towels',
    name_ar: 'مناشف للاستعمال مرة واحدة',
    price: '15.00',
    cost_price: '9.50',
    initial_quantity: 200,
    warning_level: 50,
    usage_type: 3,
  },
];

/** The menu's categories, across its groups: what a customer comes for. */
const DEMO_CATEGORIES = {
  everyday: { name_en: 'Everyday care', name_ar: 'العناية اليومية' },
  occasions: { name_en: 'Occasions', name_ar: 'المناسبات' },
};

/** A small menu (prices before VAT, in SAR): what a women's salon in Riyadh might open with. */
const DEMO_MENU: Array<{
  names: { name_en: string; name_ar: string };
  services: Array<{
    name_en: string;
    name_ar: string;
    price: string;
    job_time: number;
    offer_price?: string;
    home_service?: boolean;
    category: keyof typeof DEMO_CATEGORIES;
  }>;
}> = [
  {
    names: { name_en: 'Hair', name_ar: 'الشعر' },
    services: [
      { name_en: 'Haircut', name_ar: 'قص الشعر', price: '100.00', job_time: 45, category: 'everyday' },
      { name_en: 'Blow dry', name_ar: 'سشوار', price: '60.00', job_time: 30, category: 'everyday' },
      {
        name_en: 'Hair colour',
        name_ar: 'صبغة الشعر',
        price: '250.00',
        job_time: 120,
        offer_price: '220.00',
        category: 'occasions',
      },
    ],
  },
  {
    names: { name_en: 'Nails', name_ar: 'الأظافر' },
    services: [
      { name_en: 'Manicure', name_ar: 'مانيكير', price: '80.00', job_time: 45, category: 'everyday' },
      {
        name_en: 'Pedicure',
        name_ar: 'باديكير',
        price: '90.00',
        job_time: 60,
        home_service: true,
        category: 'everyday',
      },
    ],
  },
  {
    names: { name_en: 'Skin care', name_ar: 'العناية بالبشرة' },
    services: [
      { name_en: 'Facial', name_ar: 'تنظيف البشرة', price: '180.00', job_time: 60, category: 'occasions' },
    ],
  },
];

const DEMO_CUSTOMERS = [
  {
    name: 'Amal Saeed',
    mobile: '+966501234567',
    gender: 2,
    nationality_id: 682,
    preferred_language: 'ar',
    email: 'amal@example.com',
    birth_date: '1992-04-12',
    whatsapp_allowed: true,
  },
  {
    name: 'نورة القحطاني',
    mobile: '+966559876543',
    gender: 2,
    nationality_id: 682,
    preferred_language: 'ar',
    whatsapp_allowed: true,
  },
  {
    name: 'Huda Salem',
    mobile: '+971501112233',
    gender: 2,
    nationality_id: 784,
    preferred_language: 'en',
    whatsapp_allowed: true,
    notes: 'Prefers afternoon appointments',
  },
  { name: 'ريم عبدالله', mobile: '+966543332211', gender: 2, nationality_id: 818, preferred_language: 'ar' },
  {
    name: 'Lama Fahad',
    mobile: '+966567778899',
    gender: 2,
    nationality_id: 682,
    preferred_language: 'en',
    whatsapp_allowed: true,
  },
];

/** What the demo prints on its invoices (the setup wizard's invoice step). */
/** A valid Saudi VAT number (15 digits, starting and ending with 3) for the demo's invoices. */
const DEMO_VAT_NUMBER = '300000000000003';

/** The demo salon as ZATCA knows it (simulation environment, the local simulator's OTP). */
export const DEMO_EINVOICING = {
  environment: 2,
  otp: '123456',
  vat_number: DEMO_VAT_NUMBER,
  commercial_registration: '1010010000',
  seller_name: 'Demo Salon',
  branch_name: 'Olaya Branch',
  industry: 'Beauty salon',
  street: 'King Fahd Road',
  building_number: '2322',
  district: 'Al Olaya',
  city: 'Riyadh',
  postal_code: '12211',
};

const DEMO_INVOICE_SETTINGS = {
  invoice_notes_en: 'Thank you for visiting Demo Salon',
  invoice_notes_ar: 'شكرًا لزيارتكم صالون العرض التجريبي',
  show_logo: true,
};

export type NewAccount = {
  accountId: number;
  nameEn: string;
  nameAr: string;
  alias: string;
  countryId: number;
  vatPercentage: number;
  owner: {
    userId: string;
    username: string;
    email: string;
    name: string;
    password: string;
    locale: 'en' | 'ar';
  };
  /** the standard roles' ids (one not given gets a new one) */
  roleIds: { owner: string; receptionist: string } & Partial<Record<StandardRole, string>>;
  receptionist?: { userId: string; username: string; email: string; name: string; password: string };
  /** more users, each with a standard role */
  staff?: Array<{
    userId: string;
    username: string;
    email: string;
    name: string;
    password: string;
    role: StandardRole;
  }>;
  advancedAccountingStatus?: number;
  salonType?: number;
  maxEmployees?: number;
  /** the owner works in the salon too: an employee record linked to the owner's user */
  ownerEmployeeId?: string;
};

/**
 * Runs a command of the seed as one unit of work, as it is when it comes over HTTP: the command's
 * context (its `ctx`) is given the unit, in a copy of the command. A command without a context (none
 * of the seed's) runs each of its decisions as a unit of its own.
 */
export const inOwnUnit = async (
  aggregates: Aggregates,
  commands: CommandBus,
  command: object,
): Promise<unknown> => {
  const { ctx } = command as { ctx?: CommandContext };
  if (!ctx) return commands.execute(command);
  const { result } = await aggregates.transaction(ctx, (inside) =>
    commands.execute(
      Object.assign(Object.create(Object.getPrototypeOf(command) as object) as object, command, {
        ctx: inside,
      }),
    ),
  );
  return result;
};

/** An account with its standard roles and its users, as events (the manager console opens salons with it). */
export const openAccount = async (
  store: EventStore,
  a: NewAccount,
  now = new Date(),
  actor: CommandContext['actor'] = { kind: 'system', id: 'seed' },
  /** the command that opens it (the manager's): the account is written in its unit of work */
  within?: CommandContext,
): Promise<string | undefined> => {
  const aggregates = new Aggregates(store);
  const tenantId = String(a.accountId);
  const opening: CommandContext = {
    tenantId,
    actor,
    correlationId: `open-account-${tenantId}`,
    now,
    [UNIT]: within?.[UNIT],
  };
  const { position } = await aggregates.transaction(opening, (ctx) =>
    writeAccount(store, aggregates, a, ctx),
  );
  return position;
};

const writeAccount = async (
  store: EventStore,
  aggregates: Aggregates,
  a: NewAccount,
  ctx: CommandContext,
): Promise<void> => {
  const { tenantId } = ctx;
  const opened: AccountOpened = {
    type: 'AccountOpened',
    data: {
      account_id: a.accountId,
      name_en: a.nameEn,
      name_ar: a.nameAr,
      alias: a.alias,
      country_id: a.countryId,
      salon_type: a.salonType ?? 1,
      vat_percentage: a.vatPercentage,
      owner_user_id: a.owner.userId,
      advanced_accounting_status: a.advancedAccountingStatus ?? 0,
      ...(a.maxEmployees !== undefined && { max_employees: a.maxEmployees }),
    },
  };
  // the salon's address is unique on the platform (the online settings keep it so); a claim left by an
  // account that was never opened (a lost race for its number) is taken over
  await new UniqueValues(aggregates).claim(
    { ...ctx, tenantId: PLATFORM_TENANT },
    {
      kind: 'alias',
      value: a.alias.toLowerCase(),
      owner: tenantId,
      field: 'alias',
      duplicateKey: 'settings.alias_taken',
    },
    async (holder) =>
      (await store.readStream(streamName('account', holder, holder), { maxCount: 1 })).length > 0,
  );
  await aggregates.create(streamName('account', tenantId, tenantId), ctx, [opened]);
  await aggregates.create(
    streamName(CANCELLATION_REASONS_CATEGORY, tenantId, tenantId),
    ctx,
    defaultReasonEvents((i) => idFor({ ...ctx, idempotencyKey: `reasons-${tenantId}` }, 'reason', i)),
  );
  const roleIds = Object.fromEntries(
    STANDARD_ROLE_NAMES.map((name) => [name, a.roleIds[name] ?? newId()]),
  ) as Record<StandardRole, string>;
  const roles: RoleDefined[] = STANDARD_ROLE_NAMES.map((name) => ({
    type: 'RoleDefined',
    data: {
      role_id: roleIds[name],
      name,
      is_admin: STANDARD_ROLES[name].is_admin,
      permissions: [...STANDARD_ROLES[name].permissions],
    },
  }));
  for (const r of roles) await aggregates.create(streamName('role', tenantId, r.data.role_id), ctx, [r]);
  const people = [
    { ...a.owner, roleId: roleIds.owner },
    ...(a.receptionist ? [{ ...a.receptionist, roleId: roleIds.receptionist, locale: 'ar' as const }] : []),
    ...(a.staff ?? []).map((p) => ({ ...p, roleId: roleIds[p.role], locale: 'ar' as const })),
  ];
  for (const p of people) {
    const created: UserCreated = {
      type: 'UserCreated',
      data: {
        user_id: p.userId,
        account_id: a.accountId,
        username: p.username,
        email: p.email,
        name: p.name,
        role_id: p.roleId,
        locale: p.locale,
        password_hash: await hashPassword(p.password),
      },
    };
    await new UniqueValues(aggregates).claim(
      ctx,
      {
        kind: 'username',
        value: p.username.toLowerCase(),
        owner: p.userId,
        field: 'username',
        duplicateKey: 'staff.duplicate_username',
      },
      async () => true,
    );
    await aggregates.create(streamName('user', tenantId, p.userId), ctx, [created]);
  }
  if (a.ownerEmployeeId) {
    const details = {
      name_en: a.owner.name,
      name_ar: a.owner.name,
      job_title: 'Owner',
      show_in_appointments: false,
      show_in_billing: true,
      working_hours: DEFAULT_WEEK,
      holidays: [],
      rights: [],
    };
    await aggregates.create(streamName(EMPLOYEE_CATEGORY, tenantId, a.ownerEmployeeId), ctx, [
      { type: 'EmployeeAdded', data: { employee_id: a.ownerEmployeeId, ...details } },
      { type: 'EmployeeLoginGranted', data: { employee_id: a.ownerEmployeeId, user_id: a.owner.userId } },
    ]);
  }
};

/**
 * The training account (id 1, spec doc2 §6) on first start: Demo Salon in Saudi Arabia with VAT 15%,
 * an owner, a receptionist with fewer rights, two stylists, a platform manager, a few customers, a small menu and a few products,
 * its setup wizard finished.
 * Written as events like anything else, so the audit log shows where the demo came from.
 */
export const seedDemoSalon = async (
  store: EventStore,
  commands: CommandBus,
  waitForProjections: (position: string) => Promise<void>,
  /** ZATCA's reporting, to have one demo invoice reported now and credited (omitted: no credit note) */
  reporting?: Pick<EInvoiceReporting, 'submitNow'>,
  /**
   * WhatsApp's outbox, to queue the reminders of tomorrow's visits and to send the campaign of two
   * days ago as it went then (omitted: none, and the campaign waits for the worker)
   */
  messages?: Pick<Outbox, 'remindDay' | 'runDue' | 'channels'>,
): Promise<boolean> => {
  if (
    (await store.readStream(streamName('account', DEMO.tenantId, DEMO.tenantId), { maxCount: 1 })).length > 0
  )
    return false;
  const now = new Date();
  await openAccount(
    store,
    {
      accountId: DEMO.accountId,
      nameEn: 'Demo Salon',
      nameAr: 'صالون العرض التجريبي',
      alias: 'demosalon',
      countryId: CountryId.ksa,
      vatPercentage: 15,
      owner: {
        userId: ids.owner,
        username: DEMO.owner.username,
        email: DEMO.owner.email,
        name: 'Sara Al-Otaibi',
        password: DEMO.owner.password,
        locale: 'ar',
      },
      receptionist: {
        userId: ids.reception,
        username: DEMO.receptionist.username,
        email: DEMO.receptionist.email,
        name: 'Maha Al-Harbi',
        password: DEMO.receptionist.password,
      },
      staff: DEMO_STAFF.map((p) => ({
        userId: ids.users[p.role],
        ...DEMO.staff[p.role],
        name: p.name_en,
        role: p.role,
      })),
      roleIds: { owner: ids.ownerRole, receptionist: ids.receptionRole, ...ids.roles },
      // a training account: room for its sign-ins and for trying out the staff screens
      maxEmployees: 20,
      // the training account shows the advanced accounting screens (audit log) ready to use
      advancedAccountingStatus: 2,
    },
    now,
  );
  const manager: ManagerCreated = {
    type: 'ManagerCreated',
    data: {
      manager_id: ids.manager,
      email: DEMO.manager.email,
      name: 'Platform Admin',
      password_hash: await hashPassword(DEMO.manager.password),
    },
  };
  const platformCtx: CommandContext = {
    tenantId: PLATFORM_TENANT,
    actor: { kind: 'system', id: 'seed' },
    correlationId: 'seed-demo-salon',
    now,
  };
  await new Aggregates(store).create(streamName('manager', PLATFORM_TENANT, ids.manager), platformCtx, [
    manager,
  ]);
  // the platform's lists a new platform starts with (cities, payment methods, suggestions)
  await seedPlatformLists(new Aggregates(store), platformCtx);
  await waitForProjections(await store.headPosition());

  const ownerCtx: CommandContext = {
    tenantId: DEMO.tenantId,
    actor: { kind: 'user', id: ids.owner },
    correlationId: 'seed-demo-salon',
    now,
  };
  // the owner as the appointment book's commands see a signed-in user (an administrator)
  const ownerAuth: AuthContext = {
    realm: 'merchant',
    tenantId: DEMO.tenantId,
    accountId: DEMO.accountId,
    userId: ids.owner,
    name: 'Sara Al-Otaibi',
    role: 'owner',
    isAdmin: true,
    permissions: {},
    session: 'seed',
  };
  const aggregates = new Aggregates(store);
  // each command of the seed is one unit of work, as it is when it comes over HTTP
  const execute = (command: object): Promise<unknown> => inOwnUnit(aggregates, commands, command);
  const customerIds: string[] = [];
  // Lama's birthday is the day the demo starts: pos/birthday-congratulations has someone to wish (born
  // in a leap year, so 29 February is a date too)
  const birthday = `1996-${businessDate(now, 'Asia/Riyadh').slice(5)}`;
  for (const c of DEMO_CUSTOMERS) {
    const details = c.name === 'Lama Fahad' ? { ...c, birth_date: birthday } : c;
    const added = await execute(
      new RegisterCustomer({ ...ownerCtx, correlationId: `seed-${c.mobile}` }, details),
    );
    customerIds.push((added as Answer<{ id: string }>).body.id);
  }
  const categories: Record<string, string> = {};
  for (const [key, names] of Object.entries(DEMO_CATEGORIES)) {
    const added = (await execute(new ChangeMenu(ownerCtx, { kind: 'add-category', body: names }))) as Answer<{
      id: string;
    }>;
    categories[key] = added.body.id;
  }
  const services: Record<string, { id: string; job_time: number; price: number }> = {};
  for (const group of DEMO_MENU) {
    const added = (await execute(
      new ChangeMenu(ownerCtx, { kind: 'add-group', body: group.names }),
    )) as Answer<{ id: string }>;
    for (const { category, ...service } of group.services) {
      const s = (await execute(
        new ChangeMenu(ownerCtx, {
          kind: 'add-service',
          body: { ...service, group_id: added.body.id, category_id: categories[category] },
        }),
      )) as Answer<{ id: string }>;
      // what the till charges: the offer price while there is one
      const price = (service as { offer_price?: string }).offer_price ?? service.price;
      services[service.name_en] = {
        id: s.body.id,
        job_time: service.job_time,
        price: Math.round(Number(price) * 100),
      };
    }
  }
  // the users are employees too (Noura, the stylist who signs in, is added with the stylists below)
  for (const [employeeId, userId, name_en, name_ar, job_title] of [
    [ids.ownerEmployee, ids.owner, 'Sara Al-Otaibi', 'سارة العتيبي', 'Owner'],
    [ids.receptionEmployee, ids.reception, 'Maha Al-Harbi', 'مها الحربي', 'Receptionist'],
    ...DEMO_STAFF.filter(
      (p): p is Exclude<(typeof DEMO_STAFF)[number], { role: 'stylist' | 'auditor' }> =>
        p.role !== 'stylist' && p.role !== 'auditor',
    ).map((p) => [ids.employees[p.role], ids.users[p.role], p.name_en, p.name_ar, p.job_title] as const),
  ] as const) {
    const details = {
      name_en,
      name_ar,
      job_title,
      show_in_appointments: false,
      // the accountant sells nothing
      show_in_billing: userId !== ids.users.accountant,
      working_hours: DEFAULT_WEEK,
      holidays: [],
      rights: [],
      // the manager, the cashier and the accountant run the salon and do none of its services (the
      // owner and the receptionist have none recorded: they may do any, as in an older salon)
      ...(userId !== ids.owner && userId !== ids.reception && { service_ids: [] }),
    };
    await aggregates.create(streamName(EMPLOYEE_CATEGORY, DEMO.tenantId, employeeId), ownerCtx, [
      { type: 'EmployeeAdded', data: { employee_id: employeeId, ...details } },
      { type: 'EmployeeLoginGranted', data: { employee_id: employeeId, user_id: userId } },
    ]);
  }
  const stylists: string[] = [];
  // their papers as a salon keeps them (employees' information): Noura's residency is due for renewal
  // within the month, Reem's passport ran out last week
  const today = businessDate(now, 'Asia/Riyadh');
  const papers = [
    {
      joining_date: addMonths(today, -38),
      passport_expiry: addMonths(today, 30),
      residency_expiry: addDays(today, 24),
    },
    {
      joining_date: addMonths(today, -14),
      passport_expiry: addDays(today, -6),
      residency_expiry: addMonths(today, 9),
    },
  ];
  for (const [i, { skills, ...stylist }] of DEMO_STYLISTS.entries()) {
    const body = { ...stylist, ...papers[i], service_ids: skills.map((name) => services[name].id) };
    const added = await execute(new ChangeStaff(ownerCtx, { kind: 'add-employee', body }));
    stylists.push((added as Answer<{ id: string }>).body.id);
  }
  // Noura signs in as the stylist: her own book and attendance
  await aggregates.transaction(ownerCtx, (ctx) =>
    aggregates.handle(streamName(EMPLOYEE_CATEGORY, DEMO.tenantId, stylists[0]), ctx, {
      initial: null,
      evolve: (s) => s,
      decide: () => [
        { type: 'EmployeeLoginGranted', data: { employee_id: stylists[0], user_id: ids.users.stylist } },
      ],
    }),
  );
  const products: Record<string, string> = {};
  // on the shelf four weeks ago, before the three weeks of sales (the books post their first stock then)
  const stockedAt = new Date(now.getTime() - 28 * 86_400_000);
  for (const product of DEMO_PRODUCTS) {
    const defined = (await execute(
      new ChangeProducts(
        { ...ownerCtx, now: stockedAt, correlationId: `seed-${product.name_en}` },
        { kind: 'define', body: product },
      ),
    )) as Answer<{ id: string }>;
    products[product.name_en] = defined.body.id;
  }
  // The demo went through the setup wizard as an owner would: the salon's details, VAT and week came
  // with the account, the staff and the menu (all active) are above, the invoice texts are saved here.
  // Each step is recorded as the wizard records it, so the demo shows what it has done, not 0 %.
  await commands.execute(new ChangeSettings(ownerCtx, { section: 'invoice', body: DEMO_INVOICE_SETTINGS }));
  for (const step of wizardStepsOf(CountryId.ksa))
    await commands.execute(new ChangeSettings(ownerCtx, { section: 'wizard', body: { step } }));
  // the weeks of history below are written today: their visits' confirmations and their invoices'
  // thank-yous would only wait to be withheld as too late, so those messages are switched on after them
  const notificationsHeld = { booking_confirmation: false, thank_you_after_invoice: false };
  await execute(new ChangeSettings(ownerCtx, { section: 'notifications', body: notificationsHeld }));
  // the salon is registered for VAT: its number is on every invoice and in the e-invoice's QR code
  const { state: settings } = await aggregates.load(
    undefined,
    streamName('account', DEMO.tenantId, DEMO.tenantId),
    initialAccountSettings,
    evolveAccountSettings,
  );
  if (settings.exists)
    await execute(
      new ChangeSettings(ownerCtx, {
        section: 'general',
        body: {
          ...settings.general,
          vat_number: DEMO_VAT_NUMBER,
          // where its customers find it (the online pages give directions)
          address_en: 'King Fahd Road, Al Olaya, Riyadh',
          address_ar: 'طريق الملك فهد، العليا، الرياض',
          social: { google_maps: 'https://www.google.com/maps/search/?api=1&query=24.6995,46.6848' },
        },
      }),
    );
  // connected to ZATCA (the local simulator, environment 2) before it sells: its sales are signed
  await execute(
    new ChangeEInvoicing(
      { ...ownerCtx, correlationId: 'seed-einvoicing', idempotencyKey: 'seed-einvoicing' },
      { action: 'connect', body: DEMO_EINVOICING },
    ),
  );
  // the front desk picks a cancellation reason from the salon's list, which reads in the screen's language
  const reasons = (
    await store.readStream(streamName(CANCELLATION_REASONS_CATEGORY, DEMO.tenantId, DEMO.tenantId))
  ).flatMap((e) =>
    e.type === 'CancellationReasonAdded' ? [(e.data as { reason_id: string }).reason_id] : [],
  );
  const checkedIn = await seedDemoAppointments(execute, ownerCtx, ownerAuth, 'Asia/Riyadh', {
    customers: customerIds,
    services,
    stylists,
    reasons,
  });
  const issued = await seedDemoSales(execute, ownerCtx, ownerAuth, 'Asia/Riyadh', {
    customers: customerIds,
    services,
    products,
    stylists,
    checkedIn,
    invoiceSettings: DEMO_INVOICE_SETTINGS,
  });
  await seedDemoSalonUse(execute, ownerCtx, 'Asia/Riyadh', { customers: customerIds, products });
  await waitForProjections(await store.headPosition());
  // two customers rated their visit from their e-invoice's link yesterday: one delighted, one not (her
  // two stars opened a complaint the salon has still to deal with)
  const ratedAt = new Date(ownerCtx.now.getTime() - 86_400_000);
  const [delighted, unhappy] = Object.values(issued).slice(2, 4);
  if (delighted)
    await execute(
      new RateInvoice(delighted.unique_id, { rating: 5, comment: 'Loved my new look, thank you!' }, ratedAt),
    );
  if (unhappy)
    await execute(
      new RateInvoice(
        unhappy.unique_id,
        { rating: 2, comment: 'I waited 30 minutes past my booking time' },
        ratedAt,
      ),
    );
  await waitForProjections(await store.headPosition());
  // a campaign to the customers who allow WhatsApp, launched two days ago at 10:00 on the salon's clock:
  // the worker sends what is due once the product runs, and its report has something to show
  const launchedAt = new Date(`${addDays(businessDate(now, 'Asia/Riyadh'), -2)}T07:00:00.000Z`);
  const campaignCtx = { ...ownerCtx, correlationId: 'demo-campaign', now: launchedAt };
  // its 20 % hold-out is drawn from the campaign's id and each customer's (both new at every seed): with
  // the demo's few customers who allow WhatsApp it can hold out all of them, and the launch is refused
  // (campaign.no_customers); the demo then disables that draft and launches another, as an owner would
  for (let tries = 1; ; tries++) {
    const campaign = (await execute(
      new ChangeCampaign(campaignCtx, {
        kind: 'save',
        body: {
          name: 'Weekend glow: 20 % off facials',
          message:
            'Hello {name}, {salon} has 20 % off every facial this weekend. Reply to book your time, or STOP to stop these messages.',
          hold_out_percent: '20',
        },
      }),
    )) as Answer<{ id: string }>;
    await waitForProjections(await store.headPosition());
    try {
      await execute(new ChangeCampaign(campaignCtx, { kind: 'launch', id: campaign.body.id }));
      break;
    } catch (error) {
      if ((error as DomainError).key !== 'campaign.no_customers' || tries === 5) throw error;
      await execute(new ChangeCampaign(campaignCtx, { kind: 'disable', id: campaign.body.id }));
    }
  }
  await waitForProjections(await store.headPosition());
  if (messages) {
    // it went out that morning, as the worker sent it then: its history, whatever the hour the demo
    // starts at now (at night the send window would keep it waiting until the morning)
    for (let hour = 1; hour <= 6; hour++) {
      const sent = await messages.runDue(new Date(launchedAt.getTime() + hour * 3_600_000));
      await waitForProjections(await store.headPosition());
      if (sent === 0 && hour > 1) break;
    }
    // and the phones said delivered (the simulator's webhooks, each its own command)
    await detached(() => messages.channels.simulator.flush());
    await waitForProjections(await store.headPosition());
  }
  // a note follows an accepted invoice: the invoice is reported to ZATCA first, then the note is
  // signed into the chain and reported by the worker
  const afterAcceptance = async (
    invoice: (typeof issued)[string] | undefined,
    note: (id: string) => object,
  ) => {
    if (!reporting || !invoice?.einvoice) return;
    const answer = await reporting.submitNow(DEMO.tenantId, invoice.einvoice.uuid, ownerCtx.now);
    if (answer?.type !== 'EInvoiceAccepted') return;
    await waitForProjections(await store.headPosition());
    await execute(note(invoice.id));
    await waitForProjections(await store.headPosition());
  };
  const noteCtx = (key: string) => ({ ...ownerCtx, correlationId: key, idempotencyKey: key });
  // today the facial of five days ago is refunded in full
  const refunded = issued['demo-code-used'];
  await afterAcceptance(
    refunded,
    (id) =>
      new IssueCreditNote(noteCtx('demo-credit-note'), ownerAuth, id, {
        reason: 'The customer had a skin reaction to the facial: refunded in full',
        payments: [{ method: PaymentMethod.cash, amount: (refunded.total / 100).toFixed(2) }],
      }),
  );
  // and the manicure paid with a gift card gets a debit note: nail art added once it was issued
  await afterAcceptance(
    issued['demo-gift-card-spent'],
    (id) =>
      new IssueDebitNoteCommand(noteCtx('demo-debit-note'), ownerAuth, id, {
        lines: [{ description: 'Nail art on two nails, added after the manicure', amount: '25.00' }],
        reason: 'The customer asked for nail art once the invoice was issued',
        payments: [{ method: PaymentMethod.cash, amount: '28.75' }],
      }),
  );
  // last month's payroll, its commissions read from the sales projected above
  await waitForProjections(await store.headPosition());
  await seedDemoPayroll(
    execute,
    ownerCtx,
    ownerAuth,
    'Asia/Riyadh',
    stylists.map((id, i) => ({ id, salary: DEMO_STYLISTS[i].salary })),
  );
  // the salon is on the WhatsApp simulator: tomorrow's visits are reminded, in each customer's language,
  // to those who allow WhatsApp (the outbox's worker sends them once the product runs)
  await execute(
    new ChangeSettings(ownerCtx, {
      section: 'notifications',
      body: { booking_confirmation: true, thank_you_after_invoice: true },
    }),
  );
  if (messages) {
    await waitForProjections(await store.headPosition());
    const tomorrow = addDays(businessDate(now, 'Asia/Riyadh'), 1);
    await messages.remindDay(DEMO.tenantId, tomorrow, now);
    // the stylists rest on Fridays: that day's visits were booked on the Saturday
    if (weekdayOf(tomorrow) === 5) await messages.remindDay(DEMO.tenantId, addDays(tomorrow, 1), now);
  }
  return true;
};
