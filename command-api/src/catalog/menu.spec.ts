import { DomainError, type MenuEvent, type ServiceDetails } from '@rawnaq/contracts';
import { decideMenu, evolveMenu, initialMenuState, type MenuCommand } from './menu';

const hair: MenuEvent = {
  type: 'ServiceGroupAdded',
  data: { group_id: 'g1', name_en: 'Hair', name_ar: 'الشعر' },
};
const cut: ServiceDetails = {
  name_en: 'Haircut',
  name_ar: 'قص الشعر',
  group_id: 'g1',
  price: 10000,
  job_time: 45,
  show_to_customer: true,
  home_service: false,
};
const cutAdded: MenuEvent = { type: 'ServiceAdded', data: { service_id: 's1', order: 0, ...cut } };

const given = (...events: MenuEvent[]) => ({
  when: (command: MenuCommand) => {
    const state = events.reduce(evolveMenu, initialMenuState());
    const run = () => decideMenu(command, state);
    return {
      then: (expected: MenuEvent[]) => expect(run()).toEqual(expected),
      thenRejects: (key: string, status: number, errors?: Record<string, string>) => {
        try {
          run();
        } catch (e) {
          expect(e).toBeInstanceOf(DomainError);
          expect(e).toMatchObject({ key, status, ...(errors && { errors }) });
          return;
        }
        throw new Error('expected a rejection');
      },
    };
  },
});

describe('menu', () => {
  it('adds a service at the end of its group', () =>
    given(hair, cutAdded)
      .when({
        type: 'AddService',
        serviceId: 's2',
        details: { ...cut, name_en: 'Blow dry', name_ar: 'سشوار' },
      })
      .then([
        {
          type: 'ServiceAdded',
          data: { service_id: 's2', order: 1, ...cut, name_en: 'Blow dry', name_ar: 'سشوار' },
        },
      ]));

  it('refuses a service in a group that does not exist, or named like another (in either language)', () => {
    given()
      .when({ type: 'AddService', serviceId: 's1', details: cut })
      .thenRejects('catalog.group_not_found', 422, { group_id: 'catalog.group_not_found' });
    given(hair, cutAdded)
      .when({
        type: 'AddService',
        serviceId: 's2',
        details: { ...cut, name_en: ' HAIRCUT ', name_ar: 'آخر' },
      })
      .thenRejects('catalog.duplicate_name', 409, { name_en: 'catalog.duplicate_name' });
    given(hair, cutAdded)
      .when({ type: 'AddService', serviceId: 's2', details: { ...cut, name_en: 'Other' } })
      .thenRejects('catalog.duplicate_name', 409, { name_ar: 'catalog.duplicate_name' });
  });

  it('wants the offer price below the price', () =>
    given(hair)
      .when({ type: 'AddService', serviceId: 's1', details: { ...cut, offer_price: 10000 } })
      .thenRejects('catalog.offer_price_not_below_price', 422));

  it('records only what changed of a service', () =>
    given(hair, cutAdded)
      .when({ type: 'ChangeService', serviceId: 's1', details: { ...cut, price: 12000, home_service: true } })
      .then([
        {
          type: 'ServiceChanged',
          data: {
            service_id: 's1',
            changed: { price: 12000, home_service: true },
            previous: { price: 10000, home_service: false },
          },
        },
      ]));

  it('keeps at least one service active', () => {
    given(hair, cutAdded)
      .when({ type: 'SetServicesActivation', activate: [], deactivate: ['s1'] })
      .thenRejects('catalog.one_service_must_stay_active', 422);
    const second: MenuEvent = {
      type: 'ServiceAdded',
      data: { service_id: 's2', order: 1, ...cut, name_en: 'Wash', name_ar: 'غسيل' },
    };
    given(hair, cutAdded, second)
      .when({ type: 'SetServicesActivation', activate: [], deactivate: ['s1'] })
      .then([{ type: 'ServicesActivationChanged', data: { activated: [], deactivated: ['s1'] } }]);
    given(hair, cutAdded, second)
      .when({ type: 'SetServicesActivation', activate: [], deactivate: ['s1', 's2'] })
      .thenRejects('catalog.one_service_must_stay_active', 422);
  });

  it('reorders a whole group only', () => {
    const second: MenuEvent = {
      type: 'ServiceAdded',
      data: { service_id: 's2', order: 1, ...cut, name_en: 'Wash', name_ar: 'غسيل' },
    };
    given(hair, cutAdded, second)
      .when({ type: 'ReorderServices', groupId: 'g1', serviceIds: ['s2', 's1'] })
      .then([{ type: 'ServicesReordered', data: { group_id: 'g1', service_ids: ['s2', 's1'] } }]);
    given(hair, cutAdded, second)
      .when({ type: 'ReorderServices', groupId: 'g1', serviceIds: ['s2'] })
      .thenRejects('catalog.order_must_list_the_group', 422);
    const state = [
      hair,
      cutAdded,
      second,
      { type: 'ServicesReordered', data: { group_id: 'g1', service_ids: ['s2', 's1'] } } as MenuEvent,
    ].reduce(evolveMenu, initialMenuState());
    expect(state.services.get('s1')?.order).toBe(1);
  });

  it('activates and deactivates groups and categories; unknown ids are 404', () => {
    given(hair)
      .when({ type: 'SetServiceGroupsActivation', activate: [], deactivate: ['g1'] })
      .then([{ type: 'ServiceGroupsActivationChanged', data: { activated: [], deactivated: ['g1'] } }]);
    given(hair)
      .when({ type: 'SetCategoriesActivation', activate: ['nope'], deactivate: [] })
      .thenRejects('not_found.category', 404);
  });
});
