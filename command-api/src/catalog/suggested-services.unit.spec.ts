import { DomainError, type MenuEvent } from '@rawnaq/contracts';
import { evolveMenu, initialMenuState } from './menu';
import { decideAll, suggestionCommands, type Suggestion } from './suggested-services.commands';

const hair = { id: 'sg1', name_en: 'Hair', name_ar: 'الشعر' };
const cut: Suggestion = {
  id: 's1',
  name_en: 'Haircut',
  name_ar: 'قص الشعر',
  duration_minutes: 30,
  prices: { SAR: 5000, KWD: 4500 },
  group: hair,
};
const blow: Suggestion = { ...cut, id: 's2', name_en: 'Blow dry', name_ar: 'تجفيف', prices: {} };
const ids = (kind: string, key: string) => `${kind}:${key}`;
const given = (events: MenuEvent[]) => events.reduce(evolveMenu, initialMenuState());

describe('adding suggested services to a salon menu (given / when / then)', () => {
  it('adds the group once and each service at the price of the salon currency (none: 0)', () => {
    const events = decideAll(suggestionCommands(given([]), [cut, blow], 'KWD', ids), given([]));
    expect(events.map((e) => e.type)).toEqual(['ServiceGroupAdded', 'ServiceAdded', 'ServiceAdded']);
    expect(events[1].data).toMatchObject({ group_id: 'service-group:sg1', price: 4500, job_time: 30 });
    expect(events[2].data).toMatchObject({ group_id: 'service-group:sg1', price: 0 });
  });

  it('puts them in the salon group of the same name, and leaves a service she already has', () => {
    const menu: MenuEvent[] = [
      { type: 'ServiceGroupAdded', data: { group_id: 'mine', name_en: 'hair', name_ar: 'شعري' } },
      {
        type: 'ServiceAdded',
        data: {
          service_id: 'x',
          order: 0,
          name_en: 'Haircut',
          name_ar: 'قصة',
          group_id: 'mine',
          price: 100,
          job_time: 15,
          show_to_customer: true,
          home_service: false,
        },
      },
    ];
    const events = decideAll(suggestionCommands(given(menu), [cut, blow], 'SAR', ids), given(menu));
    expect(events.map((e) => e.type)).toEqual(['ServiceAdded']);
    expect(events[0].data).toMatchObject({ name_en: 'Blow dry', group_id: 'mine' });
  });

  it('decides all or nothing: one refused command refuses the whole pick', () => {
    expect(() =>
      decideAll(
        [
          { type: 'AddServiceGroup', groupId: 'g', name_en: 'A', name_ar: 'أ' },
          {
            type: 'AddService',
            serviceId: 's',
            details: {
              ...cut,
              group_id: 'nope',
              price: 1,
              job_time: 30,
              show_to_customer: true,
              home_service: false,
            },
          },
        ],
        given([]),
      ),
    ).toThrow(DomainError);
  });
});
