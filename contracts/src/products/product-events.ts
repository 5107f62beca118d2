export const PRODUCT_CATEGORY = 'product';

export type ProductDetails = {
  name_en: string;
  name_ar: string;
  barcode?: string;
  /** before VAT, minor units */
  price: number;
  usage_type: number;
  vat_type: number;
  warning_level?: number;
  /** the uploaded image (`FileUploaded` with purpose image) */
  image_file_id?: string;
  /**
   * a Saudi salon's reason for no VAT (ZATCA VATEX code) when not standard-rated; absent in events
   * written before it existed: its lines are then signed with the generic reason, as they were
   */
  vat_exemption_code?: string;
};

/** One stock movement: the quantity it moved (signed), the count after it, and the average cost after it. */
export type StockMoved = {
  type: 'StockMoved';
  data: {
    product_id: string;
    operation: number; // StockOperationType
    quantity: number;
    balance: number;
    unit_cost?: number;
    average_cost: number;
    notes?: string;
    /** the invoice that sold it (operation 5) or took it back (6) */
    invoice_id?: string;
    /** the purchase that brought it (operation 9) */
    purchase_id?: string;
    /** the salon's business date it moved on (the books post its cost then); absent in events written before it existed */
    date?: string;
  };
};

export type ProductEvent =
  | { type: 'ProductDefined'; data: { product_id: string } & ProductDetails }
  | {
      type: 'ProductChanged';
      data: { product_id: string; changed: Record<string, unknown>; previous: Record<string, unknown> };
    }
  | { type: 'ProductDisabled'; data: { product_id: string } }
  | { type: 'ProductActivated'; data: { product_id: string } }
  | StockMoved
  /** Someone with the stock notifications right opened (or dismissed) a low-stock notification. */
  | { type: 'StockNotificationRead'; data: { product_id: string; notification_id: string } };
