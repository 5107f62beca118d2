import { conflict, notFound, rejected, type MenuEvent, type ServiceDetails } from '@rawnaq/contracts';

type Named = { name_en: string; name_ar: string; active: boolean };
type Service = ServiceDetails & { active: boolean; order: number };

/** The salon's whole menu: deciding on one service needs the others (unique names, one active at least, order). */
export type MenuState = {
  groups: Map<string, Named>;
  categories: Map<string, Named>;
  services: Map<string, Service>;
};

export const initialMenuState = (): MenuState => ({
  groups: new Map(),
  categories: new Map(),
  services: new Map(),
});

const setActive = <T extends { active: boolean }>(
  items: Map<string, T>,
  activated: string[],
  deactivated: string[],
) => {
  const next = new Map(items);
  for (const id of activated) if (next.has(id)) next.set(id, { ...next.get(id)!, active: true });
  for (const id of deactivated) if (next.has(id)) next.set(id, { ...next.get(id)!, active: false });
  return next;
};

const patch = <T extends object>(item: T, changed: Record<string, unknown>): T => {
  const next = { ...item } as Record<string, unknown>;
  for (const [k, v] of Object.entries(changed)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  return next as T;
};

export const evolveMenu = (state: MenuState, event: MenuEvent): MenuState => {
  switch (event.type) {
    case 'ServiceGroupAdded': {
      const groups = new Map(state.groups).set(event.data.group_id, {
        name_en: event.data.name_en,
        name_ar: event.data.name_ar,
        active: true,
      });
      return { ...state, groups };
    }
    case 'ServiceGroupRenamed':
      return {
        ...state,
        groups: new Map(state.groups).set(
          event.data.group_id,
          patch(state.groups.get(event.data.group_id)!, event.data.changed),
        ),
      };
    case 'ServiceGroupsActivationChanged':
      return { ...state, groups: setActive(state.groups, event.data.activated, event.data.deactivated) };
    case 'CategoryAdded': {
      const categories = new Map(state.categories).set(event.data.category_id, {
        name_en: event.data.name_en,
        name_ar: event.data.name_ar,
        active: true,
      });
      return { ...state, categories };
    }
    case 'CategoryRenamed':
      return {
        ...state,
        categories: new Map(state.categories).set(
          event.data.category_id,
          patch(state.categories.get(event.data.category_id)!, event.data.changed),
        ),
      };
    case 'CategoriesActivationChanged':
      return {
        ...state,
        categories: setActive(state.categories, event.data.activated, event.data.deactivated),
      };
    case 'ServiceAdded': {
      const { service_id, ...details } = event.data;
      return { ...state, services: new Map(state.services).set(service_id, { ...details, active: true }) };
    }
    case 'ServiceChanged':
      return {
        ...state,
        services: new Map(state.services).set(
          event.data.service_id,
          patch(state.services.get(event.data.service_id)!, event.data.changed),
        ),
      };
    case 'ServicesActivationChanged':
      return { ...state, services: setActive(state.services, event.data.activated, event.data.deactivated) };
    case 'ServicesReordered': {
      const services = new Map(state.services);
      event.data.service_ids.forEach(
        (id, order) => services.has(id) && services.set(id, { ...services.get(id)!, order }),
      );
      return { ...state, services };
    }
  }
};

export type MenuCommand =
  | { type: 'AddServiceGroup'; groupId: string; name_en: string; name_ar: string }
  | { type: 'RenameServiceGroup'; groupId: string; name_en: string; name_ar: string }
  | { type: 'SetServiceGroupsActivation'; activate: string[]; deactivate: string[] }
  | { type: 'AddCategory'; categoryId: string; name_en: string; name_ar: string }
  | { type: 'RenameCategory'; categoryId: string; name_en: string; name_ar: string }
  | { type: 'SetCategoriesActivation'; activate: string[]; deactivate: string[] }
  | { type: 'AddService'; serviceId: string; details: ServiceDetails }
  | { type: 'ChangeService'; serviceId: string; details: ServiceDetails }
  | { type: 'SetServicesActivation'; activate: string[]; deactivate: string[] }
  | { type: 'ReorderServices'; groupId: string; serviceIds: string[] };

const lower = (s: string) => s.trim().toLocaleLowerCase();

/** Names are unique per list, in each language (spec doc2 §5.5 "duplicates are rejected: names"). */
const checkNames = (
  items: Map<string, { name_en: string; name_ar: string }>,
  id: string,
  n: { name_en: string; name_ar: string },
) => {
  for (const [other, item] of items) {
    if (other === id) continue;
    if (lower(item.name_en) === lower(n.name_en)) throw conflict('catalog.duplicate_name', 'name_en');
    if (lower(item.name_ar) === lower(n.name_ar)) throw conflict('catalog.duplicate_name', 'name_ar');
  }
};

const checkService = (state: MenuState, id: string, d: ServiceDetails) => {
  if (!state.groups.has(d.group_id)) throw rejected('catalog.group_not_found', 'group_id');
  if (d.category_id && !state.categories.has(d.category_id))
    throw rejected('catalog.category_not_found', 'category_id');
  if (d.offer_price !== undefined && d.offer_price >= d.price)
    throw rejected('catalog.offer_price_not_below_price', 'offer_price');
  checkNames(state.services, id, d);
};

const diff = (before: Record<string, unknown>, after: Record<string, unknown>) => {
  const changed: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[k] ?? null) === JSON.stringify(after[k] ?? null)) continue;
    changed[k] = after[k] ?? null;
    previous[k] = before[k] ?? null;
  }
  return { changed, previous };
};

const activation = (
  items: Map<string, { active: boolean }>,
  activate: string[],
  deactivate: string[],
  what: string,
) => {
  for (const id of [...activate, ...deactivate]) if (!items.has(id)) throw notFound(`not_found.${what}`);
  const activated = activate.filter((id) => !items.get(id)!.active);
  const deactivated = deactivate.filter((id) => items.get(id)!.active && !activate.includes(id));
  return { activated, deactivated };
};

export const decideMenu = (command: MenuCommand, state: MenuState): MenuEvent[] => {
  switch (command.type) {
    case 'AddServiceGroup':
      if (state.groups.has(command.groupId)) return [];
      checkNames(state.groups, command.groupId, command);
      return [
        {
          type: 'ServiceGroupAdded',
          data: { group_id: command.groupId, name_en: command.name_en, name_ar: command.name_ar },
        },
      ];
    case 'RenameServiceGroup': {
      const group = state.groups.get(command.groupId);
      if (!group) throw notFound('not_found.group');
      checkNames(state.groups, command.groupId, command);
      const d = diff(
        { name_en: group.name_en, name_ar: group.name_ar },
        { name_en: command.name_en, name_ar: command.name_ar },
      );
      return Object.keys(d.changed).length
        ? [{ type: 'ServiceGroupRenamed', data: { group_id: command.groupId, ...d } }]
        : [];
    }
    case 'SetServiceGroupsActivation': {
      const a = activation(state.groups, command.activate, command.deactivate, 'group');
      return a.activated.length || a.deactivated.length
        ? [{ type: 'ServiceGroupsActivationChanged', data: a }]
        : [];
    }
    case 'AddCategory':
      if (state.categories.has(command.categoryId)) return [];
      checkNames(state.categories, command.categoryId, command);
      return [
        {
          type: 'CategoryAdded',
          data: { category_id: command.categoryId, name_en: command.name_en, name_ar: command.name_ar },
        },
      ];
    case 'RenameCategory': {
      const category = state.categories.get(command.categoryId);
      if (!category) throw notFound('not_found.category');
      checkNames(state.categories, command.categoryId, command);
      const d = diff(
        { name_en: category.name_en, name_ar: category.name_ar },
        { name_en: command.name_en, name_ar: command.name_ar },
      );
      return Object.keys(d.changed).length
        ? [{ type: 'CategoryRenamed', data: { category_id: command.categoryId, ...d } }]
        : [];
    }
    case 'SetCategoriesActivation': {
      const a = activation(state.categories, command.activate, command.deactivate, 'category');
      return a.activated.length || a.deactivated.length
        ? [{ type: 'CategoriesActivationChanged', data: a }]
        : [];
    }
    case 'AddService': {
      if (state.services.has(command.serviceId)) return [];
      checkService(state, command.serviceId, command.details);
      const order = [...state.services.values()].filter(
        (s) => s.group_id === command.details.group_id,
      ).length;
      return [{ type: 'ServiceAdded', data: { service_id: command.serviceId, order, ...command.details } }];
    }
    case 'ChangeService': {
      const service = state.services.get(command.serviceId);
      if (!service) throw notFound('not_found.service');
      checkService(state, command.serviceId, command.details);
      const { active: _a, order: _o, ...before } = service;
      const d = diff(before, command.details);
      return Object.keys(d.changed).length
        ? [{ type: 'ServiceChanged', data: { service_id: command.serviceId, ...d } }]
        : [];
    }
    case 'SetServicesActivation': {
      const a = activation(state.services, command.activate, command.deactivate, 'service');
      const activeAfter = [...state.services].filter(
        ([id, s]) => (s.active || a.activated.includes(id)) && !a.deactivated.includes(id),
      );
      // spec doc2 §5.5: at least one service must stay active
      if (state.services.size > 0 && activeAfter.length === 0)
        throw rejected('catalog.one_service_must_stay_active', 'deactivate');
      return a.activated.length || a.deactivated.length
        ? [{ type: 'ServicesActivationChanged', data: a }]
        : [];
    }
    case 'ReorderServices': {
      const inGroup = [...state.services].filter(([, s]) => s.group_id === command.groupId).map(([id]) => id);
      const same =
        inGroup.length === command.serviceIds.length &&
        inGroup.every((id) => command.serviceIds.includes(id));
      if (!same) throw rejected('catalog.order_must_list_the_group', 'service_ids');
      return [
        { type: 'ServicesReordered', data: { group_id: command.groupId, service_ids: command.serviceIds } },
      ];
    }
  }
};
