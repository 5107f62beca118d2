import { useCanAccess, useGetList, useTranslate } from 'ra-core';
import { codeLabelKey, permissionLabelKey, type Permission } from '@rawnaq/contracts';
import { ENTITY_RESOURCES } from './types';
import { identificationChoices, languageChoices, statusChoices } from '../customers/types';
import { useNationalities } from '../customers/fields';
import { useFormat } from '../format/useFormat';
import { useArea } from '../shell/area';
import { MENU_RESOURCES, namesOf, type NamedItem } from '../menu/types';

/** Kinds of record whose events name the menu's services and keep prices in minor units. */
const CATALOGUE = new Set(['menu', 'offer', 'package', 'product']);

const WHOLE_MENU = {
  pagination: { page: 1, perPage: 1000 },
  sort: { field: 'created_at', order: 'ASC' as const },
};

/**
 * The names of the menu's services, groups and categories, for entries that record their ids; read only
 * when the user may see the menu (otherwise the ids are shown).
 */
const useMenuNames = () => {
  const { language } = useArea();
  const { canAccess } = useCanAccess({ resource: MENU_RESOURCES.services, action: 'list' });
  const options = { enabled: canAccess === true };
  const services = useGetList<NamedItem>(MENU_RESOURCES.services, WHOLE_MENU, options);
  const groups = useGetList<NamedItem>(MENU_RESOURCES.groups, WHOLE_MENU, options);
  const categories = useGetList<NamedItem>(MENU_RESOURCES.categories, WHOLE_MENU, options);
  const all = [...(services.data ?? []), ...(groups.data ?? []), ...(categories.data ?? [])];
  return (id: unknown) => {
    const found = all.find((item) => item.id === id);
    return found ? namesOf(found, language).main : String(id);
  };
};

/** A field's label: the record screen's own label, else the audit log's list of common fields. */
export const useFieldLabel = () => {
  const translate = useTranslate();
  return (entityType: string, field: string): string => {
    const common = translate(`app.audit.fields.${field}`, { _: field });
    const resource = ENTITY_RESOURCES[entityType];
    return resource ? translate(`resources.${resource}.fields.${field}`, { _: common }) : common;
  };
};

/** A field's value as a person reads it, in the page's language (codes, names, dates). */
export const useValueText = () => {
  const translate = useTranslate();
  const { nationalities, nameOf } = useNationalities();
  const { date, dateTime, money } = useFormat();
  const menuName = useMenuNames();
  const { language } = useArea();
  const choice = (choices: { id: unknown; name: string }[], value: unknown) => {
    const found = choices.find((c) => c.id === value);
    return found ? translate(found.name) : String(value);
  };
  return (entityType: string, field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return translate('app.common.none');
    if (entityType === 'customer') {
      switch (field) {
        case 'gender':
          return typeof value === 'number' ? translate(codeLabelKey('gender', value)) : String(value);
        case 'nationality_id':
        case 'country_of_residency_id': {
          const found = nationalities.find((n) => n.id === value);
          return found ? nameOf(found) : String(value);
        }
        case 'identification_method':
          return choice(identificationChoices, value);
        case 'preferred_language':
          return choice(languageChoices, value);
        case 'status':
          return choice(statusChoices, value);
        case 'birth_date':
          return date(value);
      }
    }
    // The catalogue's events keep prices in minor units of the account's currency.
    if (CATALOGUE.has(entityType))
      switch (field) {
        case 'price':
        case 'offer_price':
        case 'cost_price':
        case 'unit_cost':
        case 'average_cost':
          return typeof value === 'number' ? money(value) : String(value);
        case 'job_time':
          return typeof value === 'number'
            ? translate('app.services.minutes', { smart_count: value })
            : String(value);
        case 'expiry_date':
          return date(value);
        case 'group_id':
        case 'category_id':
        case 'service_id':
          return menuName(value);
        case 'activated':
        case 'deactivated':
        case 'service_ids':
          return Array.isArray(value) && value.length > 0
            ? value.map(menuName).join(language === 'ar' ? '، ' : ', ')
            : translate('app.common.none');
      }
    // A role's name is one of the product's roles; its permissions are catalogue numbers.
    if (entityType === 'role' && field === 'name')
      return translate(`app.roles.${String(value)}`, { _: String(value) });
    if (field === 'permissions' && Array.isArray(value))
      return value
        .map((p) => translate(permissionLabelKey(p as Permission), { _: String(p) }))
        .join(language === 'ar' ? '، ' : ', ');
    if (entityType === 'jserror' && field === 'type')
      return translate(
        value === 2 ? 'app.manager.js_error_types.manager' : 'app.manager.js_error_types.merchant',
      );
    switch (field) {
      case 'locale':
        return choice(languageChoices, value);
      case 'country_id':
        return typeof value === 'number' ? translate(codeLabelKey('country', value)) : String(value);
      case 'salon_type':
        return typeof value === 'number' ? translate(codeLabelKey('salonType', value)) : String(value);
      case 'reason':
        return translate(`app.audit.reasons.${String(value)}`, { _: String(value) });
      case 'role':
        return translate(`app.roles.${String(value)}`, { _: String(value) });
      case 'expires_at':
        return dateTime(value);
      case 'vat_percentage':
        return `${String(value)}%`;
    }
    if (Array.isArray(value)) return value.join(language === 'ar' ? '، ' : ', ');
    if (typeof value === 'boolean') return translate(value ? 'app.common.yes' : 'app.common.no');
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
};
