import { entryChanges, fieldChanges } from './types';

describe('audit entry changes', () => {
  it('pairs old and new values, hiding bookkeeping fields', () => {
    expect(
      fieldChanges({
        changed: { name: 'Sara Ali', mobile: '966501234567', mobile_key: '966501234567', email: null },
        previous: { name: 'Sara', mobile: '966500000000', mobile_key: '966500000000', email: 'a@b.example' },
      }),
    ).toEqual([
      { field: 'name', before: 'Sara', after: 'Sara Ali' },
      { field: 'mobile', before: '966500000000', after: '966501234567' },
      { field: 'email', before: 'a@b.example', after: null },
    ]);
  });

  it('never shows the body of a queued mail (it may hold a reset link)', () => {
    expect(
      fieldChanges({
        entity_type: 'mail',
        changed: { mail_id: 'm1', to: 'a@b.example', body: 'reset: /x/y' },
        previous: {},
      }),
    ).toEqual([{ field: 'to', before: null, after: 'a@b.example' }]);
  });

  it('reads a change to one part of the menu like any other change, naming the part', () => {
    const entry = {
      entity_type: 'menu',
      changed: {
        group_id: 'g1',
        changed: { name_en: 'Make-up' },
        previous: { name_en: 'Makeup' },
      },
      previous: {},
    };
    expect(fieldChanges(entry)).toEqual([
      { field: 'group_id', before: 'g1', after: 'g1' },
      { field: 'name_en', before: 'Makeup', after: 'Make-up' },
    ]);
    expect(entryChanges(entry).previous).toEqual({ group_id: 'g1', name_en: 'Makeup' });
    // Anything else is left as it is.
    expect(entryChanges({ changed: { activated: ['s1'], deactivated: [] }, previous: null })).toEqual({
      changed: { activated: ['s1'], deactivated: [] },
      previous: {},
    });
  });

  it('shows a registration as new values only', () => {
    expect(fieldChanges({ changed: { name: 'Sara' }, previous: null })).toEqual([
      { field: 'name', before: null, after: 'Sara' },
    ]);
    expect(fieldChanges({})).toEqual([]);
  });
});
