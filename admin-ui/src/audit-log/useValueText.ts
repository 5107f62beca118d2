import { useSalonChart } from '../books/useSalonChart';
import { useCanAccess, useGetList, useTranslate } from 'ra-core';
import type { Currency, GlobalInformation, TenantTimeZone } from '@rawnaq/contracts';
import { ENTITY_RESOURCES } from './types';
import { formatFieldValue, formatOf, type FormatContext } from './fieldFormats';
import { useNationalities } from '../customers/fields';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';
import { STAFF_RESOURCES, nameOf as staffNameOf } from '../staff/types';
import { useFormat } from '../format/useFormat';
import { useArea } from '../shell/area';
import { MENU_RESOURCES, namesOf, type NamedItem } from '../menu/types';

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
  return (id: string) => {
    const found = all.find((item) => item.id === id);
    return found ? namesOf(found, language).main : undefined;
  };
};

/**
 * A field's label: the record screen's own label, else the audit log's label of the field in this kind
 * of record (an import's `total` is its rows), else its list of common fields.
 */
export const useFieldLabel = () => {
  const translate = useTranslate();
  return (entityType: string, field: string): string => {
    const common = translate(`app.audit.entity_fields.${entityType}.${field}`, {
      _: translate(`app.audit.fields.${field}`, { _: field }),
    });
    const resource = ENTITY_RESOURCES[entityType];
    return resource ? translate(`resources.${resource}.fields.${field}`, { _: common }) : common;
  };
};

/** Names of records other records point at (employees, roles), read when the user may see them. */
const useNamesOf = (resource: string, nameOf: (item: Record<string, unknown>) => string) => {
  const { canAccess } = useCanAccess({ resource, action: 'list' });
  const { data } = useGetList<Record<string, unknown> & { id: string }>(resource, WHOLE_LIST, {
    enabled: canAccess === true,
  });
  return (id: string) => {
    const found = data?.find((item) => item.id === id);
    return found ? nameOf(found) : undefined;
  };
};

const WHOLE_LIST = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' as const } };

/**
 * A field's value as a person reads it, in the page's language: each field by its format (money in
 * the salon's currency, coded values by their label, a week as days and hours, names of referenced
 * records), see fieldFormats.ts.
 */
export const useValueText = () => {
  const translate = useTranslate();
  const { nationalities, nameOf } = useNationalities();
  const { timeZone } = useFormat();
  const information = useOptionalGlobalInformation<GlobalInformation>();
  const menuName = useMenuNames();
  const { language } = useArea();
  const employeeName = useNamesOf(STAFF_RESOURCES.employees, (e) =>
    staffNameOf(e as { name_en?: string; name_ar?: string }, language),
  );
  const chart = useSalonChart();
  const roleName = useNamesOf(STAFF_RESOURCES.roles, (r) =>
    translate(`app.roles.${String(r.name)}`, { _: String(r.name) }),
  );
  const ctx: FormatContext = {
    language,
    timeZone: timeZone as TenantTimeZone,
    currency: (information?.global_informations?.account.currency ?? 'SAR') as Currency,
    translate: (key, options) => translate(key, options),
    menuName,
    employeeName,
    roleName,
    account: (code) => chart.byCode.get(code),
    nationalityName: (id) => {
      const found = nationalities.find((n) => n.id === id);
      return found ? nameOf(found) : undefined;
    },
  };
  return (entityType: string, field: string, value: unknown): string =>
    formatFieldValue(formatOf(entityType, field), value, ctx);
};
