import { Page, Permission } from '../identity';

/** What a salon can import from an Excel workbook. */
export const IMPORT_ENTITIES = ['customers', 'services', 'products'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

/** The columns each import reads: the field's key, its English label and its Arabic label. */
export const IMPORT_COLUMNS: Record<ImportEntity, Record<string, [string, string]>> = {
  customers: {
    name: ['Name', 'الاسم'],
    mobile: ['Mobile', 'الجوال'],
    email: ['E-mail', 'البريد الإلكتروني'],
    gender: ['Gender', 'الجنس'],
    birth_date: ['Birth date', 'تاريخ الميلاد'],
    tax_number: ['Tax number', 'الرقم الضريبي'],
    nationality_id: ['Nationality code', 'رمز الجنسية'],
    notes: ['Notes', 'ملاحظات'],
  },
  services: {
    name_en: ['Name (English)', 'الاسم بالإنجليزية'],
    name_ar: ['Name (Arabic)', 'الاسم بالعربية'],
    group: ['Group', 'المجموعة'],
    price: ['Price before VAT', 'السعر قبل الضريبة'],
    job_time: ['Job time (minutes)', 'مدة الخدمة (دقائق)'],
  },
  products: {
    name_en: ['Name (English)', 'الاسم بالإنجليزية'],
    name_ar: ['Name (Arabic)', 'الاسم بالعربية'],
    barcode: ['Barcode', 'الباركود'],
    price: ['Price before VAT', 'السعر قبل الضريبة'],
    cost_price: ['Cost price', 'سعر التكلفة'],
    initial_quantity: ['Quantity', 'الكمية'],
    warning_level: ['Warning level', 'حد التنبيه'],
  },
};

/** The page and permission an import of each kind needs (the same as creating one by hand). */
export const IMPORT_PERMISSION: Record<ImportEntity, [number, number]> = {
  customers: [Page.customers, Permission.addCustomer],
  services: [Page.menu, Permission.manageMenu],
  products: [Page.products, Permission.manageProducts],
};

/** An Excel import's stream `import-<tenant>.<id>`: started, every 25 rows, then completed or failed. */
export type ImportEvent =
  | { type: 'ImportStarted'; data: { import_id: string; entity: ImportEntity; total: number } }
  | { type: 'ImportProgressed'; data: { import_id: string; done: number } }
  | { type: 'ImportCompleted'; data: { import_id: string; created: number } }
  /** `error` is a message key */
  | { type: 'ImportFailed'; data: { import_id: string; error: string } };

/** An uploaded file `file-<tenant>.<id>`; the bytes are in the file store, their digest here. */
export type FileUploaded = {
  type: 'FileUploaded';
  data: {
    file_id: string;
    name: string;
    content_type: string;
    /** bytes */
    size: number;
    sha256: string;
    purpose: string;
    /** pixels, for images */
    width?: number;
    height?: number;
  };
};
