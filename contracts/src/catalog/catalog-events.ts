/** The salon's menu: service groups, categories and services, in one stream per salon (`menu-<tenant>.<tenant>`). */
export const MENU_CATEGORY = 'menu';

export type ServiceDetails = {
  name_en: string;
  name_ar: string;
  group_id: string;
  category_id?: string;
  /** before VAT, in minor units of the account currency */
  price: number;
  offer_price?: number;
  job_time: number;
  show_to_customer: boolean;
  home_service: boolean;
  expiry_date?: string;
  /** an image this salon uploaded (`POST files?purpose=image`) */
  image_file_id?: string;
};

export type MenuEvent =
  | { type: 'ServiceGroupAdded'; data: { group_id: string; name_en: string; name_ar: string } }
  | {
      type: 'ServiceGroupRenamed';
      data: { group_id: string; changed: Record<string, unknown>; previous: Record<string, unknown> };
    }
  | { type: 'ServiceGroupsActivationChanged'; data: { activated: string[]; deactivated: string[] } }
  | { type: 'CategoryAdded'; data: { category_id: string; name_en: string; name_ar: string } }
  | {
      type: 'CategoryRenamed';
      data: { category_id: string; changed: Record<string, unknown>; previous: Record<string, unknown> };
    }
  | { type: 'CategoriesActivationChanged'; data: { activated: string[]; deactivated: string[] } }
  | { type: 'ServiceAdded'; data: { service_id: string; order: number } & ServiceDetails }
  | {
      type: 'ServiceChanged';
      data: { service_id: string; changed: Record<string, unknown>; previous: Record<string, unknown> };
    }
  | { type: 'ServicesActivationChanged'; data: { activated: string[]; deactivated: string[] } }
  | { type: 'ServicesReordered'; data: { group_id: string; service_ids: string[] } };
