/** Purchases of stock (issue 25), in both languages. */
export const purchasesEn = {
  app: {
    purchases: {
      menu: 'Purchases',
      notes: 'Notes',
      title: 'Purchases',
      one: 'Purchase',
      new: 'New purchase',
      edit: 'Purchase #%{number}',
      none: 'No purchases in this period. Record a supplier’s invoice for stock with “Create”.',
      items: 'Products received',
      product: 'Product',
      quantity: 'Quantity',
      unit_cost: 'Unit cost',
      add_product: 'Add a product',
      net_so_far: 'Before VAT: %{net}',
      received_on: 'Received on',
      paid_in_full: 'Paid in full now',
      record: 'Record the purchase',
      pay_title: 'Pay purchase #%{number} (owed %{owed})',
      pay_purchases: 'Pay purchases',
      pay_intro:
        'What the salon owes on its purchases, by supplier. Pay a supplier’s bills at once: its purchases and its expenses, never more than each owes.',
      nothing_owed: 'Nothing is owed on the purchases.',
      owed_total: 'owed %{owed}',
      stock_note:
        'The products went into stock at their cost before VAT, and each product’s average cost moved with them.',
      edit_note:
        'The supplier’s invoice details can be corrected here. What was received and its cost are in stock (and perhaps sold): they cannot be changed.',
    },
    audit: {
      types: {
        PurchaseRecorded: 'Purchase recorded',
        PurchasePaid: 'Purchase paid',
        PurchaseChanged: 'Purchase’s invoice details corrected',
      },
      entities: { purchase: 'Purchase' },
    },
    books: {
      sources: {
        purchase: 'Purchase',
        purchase_payment: 'Payment of a purchase',
        stock_movement: 'Stock movement at cost',
      },
    },
  },
  resources: {
    'accounting/purchases': {
      name: 'Purchase |||| Purchases',
      fields: {
        number: 'Number',
        date: 'Received on',
        supplier_name: 'Supplier',
        supplier_invoice_number: 'Supplier’s invoice no.',
        supplier_invoice_date: 'Supplier’s invoice date',
        due_date: 'Due date',
        items: 'Products received',
        net: 'Before VAT',
        vat: 'VAT',
        paid: 'Paid',
        payments: 'Payments',
        payment: 'Payment',
        notes: 'Notes',
        total: 'Total',
        owed: 'Owed',
        status: 'Status',
        from: 'From',
        to: 'To',
      },
    },
  },
};

export const purchasesAr: typeof purchasesEn = {
  app: {
    purchases: {
      menu: 'المشتريات',
      notes: 'ملاحظات',
      title: 'المشتريات',
      one: 'فاتورة مشتريات',
      new: 'مشتريات جديدة',
      edit: 'المشتريات رقم %{number}',
      none: 'لا توجد مشتريات في هذه الفترة. سجّل فاتورة مورّد للمخزون من «إنشاء».',
      items: 'المنتجات المستلمة',
      product: 'المنتج',
      quantity: 'الكمية',
      unit_cost: 'تكلفة الوحدة',
      add_product: 'إضافة منتج',
      net_so_far: 'قبل الضريبة: %{net}',
      received_on: 'تاريخ الاستلام',
      paid_in_full: 'مدفوعة بالكامل الآن',
      record: 'تسجيل المشتريات',
      pay_title: 'سداد المشتريات رقم %{number} (المستحق %{owed})',
      pay_purchases: 'سداد المشتريات',
      pay_intro:
        'ما على الصالون من مشترياته، لكل مورّد. سدّد فواتير المورّد دفعة واحدة: مشترياته ومصروفاته، دون تجاوز المستحق على كل منها.',
      nothing_owed: 'لا يوجد مبلغ مستحق على المشتريات.',
      owed_total: 'المستحق %{owed}',
      stock_note: 'دخلت المنتجات المخزون بتكلفتها قبل الضريبة، وتغيّر متوسط تكلفة كل منتج معها.',
      edit_note:
        'يمكن تصحيح بيانات فاتورة المورّد هنا. أما ما استُلم وتكلفته فقد دخل المخزون (وربما بيع): لا يمكن تغييره.',
    },
    audit: {
      types: {
        PurchaseRecorded: 'تسجيل مشتريات',
        PurchasePaid: 'سداد مشتريات',
        PurchaseChanged: 'تصحيح بيانات فاتورة المشتريات',
      },
      entities: { purchase: 'مشتريات' },
    },
    books: {
      sources: {
        purchase: 'مشتريات',
        purchase_payment: 'سداد مشتريات',
        stock_movement: 'حركة مخزون بالتكلفة',
      },
    },
  },
  resources: {
    'accounting/purchases': {
      name: 'المشتريات |||| فاتورة مشتريات |||| فاتورتا مشتريات |||| فواتير مشتريات |||| فاتورة مشتريات |||| فاتورة مشتريات',
      fields: {
        number: 'الرقم',
        date: 'تاريخ الاستلام',
        supplier_name: 'المورّد',
        supplier_invoice_number: 'رقم فاتورة المورّد',
        supplier_invoice_date: 'تاريخ فاتورة المورّد',
        due_date: 'تاريخ الاستحقاق',
        items: 'المنتجات المستلمة',
        net: 'قبل الضريبة',
        vat: 'الضريبة',
        paid: 'المدفوع',
        payments: 'الدفعات',
        payment: 'الدفعة',
        notes: 'ملاحظات',
        total: 'الإجمالي',
        owed: 'المستحق',
        status: 'الحالة',
        from: 'من',
        to: 'إلى',
      },
    },
  },
};
