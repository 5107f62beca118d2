/** A business buyer as the authority registers one (valid VAT number and national address): B2B sales in tests. */
export const BUSINESS_BUYER = {
  name: 'شركة الأفق للتجارة',
  vat_number: '310122393500003',
  street: 'Prince Sultan',
  building_number: '2322',
  district: 'Al-Murabba',
  city: 'Riyadh',
  postal_code: '23333',
};
