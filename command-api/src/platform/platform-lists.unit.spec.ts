import { DomainError, type PlatformListEvent, type PlatformRecordChanged } from '@rawnaq/contracts';
import {
  decideListEntry,
  decideRecord,
  evolveListEntry,
  evolveRecord,
  initialListEntry,
  type ListEntryCommand,
} from './platform-lists';
import { wantedOf } from './platform-lists.commands';

const rejects = (run: () => unknown, key: string, status?: number) => {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect(e).toMatchObject({ key, ...(status && { status }) });
    return;
  }
  throw new Error(`expected a refusal ${key}`);
};

const given = (events: PlatformListEvent[]) => events.reduce(evolveListEntry, initialListEntry);
const when = (events: PlatformListEvent[], c: ListEntryCommand) => decideListEntry(c, given(events));

const city = { country_id: 1, name_en: 'Riyadh', name_ar: 'الرياض' };
const added: PlatformListEvent = {
  type: 'PlatformListEntryAdded',
  data: { list: 'cities', entry_id: 'c1', fields: city },
};
const disabled: PlatformListEvent = {
  type: 'PlatformListEntryDisabled',
  data: { list: 'cities', entry_id: 'c1' },
};

describe('a platform list entry (given / when / then)', () => {
  it('is added once; adding it again writes nothing', () => {
    expect(when([], { type: 'Add', list: 'cities', id: 'c1', fields: city })).toEqual([added]);
    expect(when([added], { type: 'Add', list: 'cities', id: 'c1', fields: city })).toEqual([]);
  });

  it('records only what changed, with what it was', () => {
    expect(
      when([added], { type: 'Change', list: 'cities', id: 'c1', fields: { ...city, name_en: 'Ar Riyadh' } }),
    ).toEqual([
      {
        type: 'PlatformListEntryChanged',
        data: {
          list: 'cities',
          entry_id: 'c1',
          changed: { name_en: 'Ar Riyadh' },
          previous: { name_en: 'Riyadh' },
        },
      },
    ]);
    expect(when([added], { type: 'Change', list: 'cities', id: 'c1', fields: city })).toEqual([]);
  });

  it('is disabled (delete is a disable) and enabled again, each once; a disabled one is not changed', () => {
    expect(when([added], { type: 'Disable', list: 'cities', id: 'c1' })).toEqual([disabled]);
    expect(when([added, disabled], { type: 'Disable', list: 'cities', id: 'c1' })).toEqual([]);
    expect(when([added, disabled], { type: 'Enable', list: 'cities', id: 'c1' })).toEqual([
      { type: 'PlatformListEntryEnabled', data: { list: 'cities', entry_id: 'c1' } },
    ]);
    rejects(
      () => when([added, disabled], { type: 'Change', list: 'cities', id: 'c1', fields: city }),
      'platform_lists.entry_disabled',
      409,
    );
  });

  it('refuses to change or disable an entry that does not exist', () => {
    rejects(
      () => when([], { type: 'Change', list: 'cities', id: 'c1', fields: city }),
      'not_found.record',
      404,
    );
    rejects(() => when([], { type: 'Disable', list: 'cities', id: 'c1' }), 'not_found.record', 404);
  });

  it('keeps the coded countries: their first change records them, never added nor disabled', () => {
    const fields = { name_en: 'KSA', name_ar: 'السعودية', vat_basis_points: 1500 };
    expect(when([], { type: 'Change', list: 'countries', id: '1', fields })).toEqual([
      { type: 'PlatformListEntryAdded', data: { list: 'countries', entry_id: '1', fields } },
    ]);
    rejects(
      () => when([], { type: 'Add', list: 'countries', id: '9', fields }),
      'platform_lists.countries_fixed',
      409,
    );
    const country: PlatformListEvent = {
      type: 'PlatformListEntryAdded',
      data: { list: 'countries', entry_id: '1', fields },
    };
    rejects(
      () => when([country], { type: 'Disable', list: 'countries', id: '1' }),
      'platform_lists.countries_fixed',
    );
  });
});

describe('a platform setting record (given / when / then)', () => {
  const seal = (s: string) => `sealed(${s})`;
  const email = {
    sender_name: 'Rawnaq',
    sender_address: 'hello@rawnaq.app',
    smtp_password: 'secret',
  };

  it('seals the SMTP password and records of it only whether one was set before', () => {
    const wanted = wantedOf('email-setting', email, seal);
    expect(wanted.smtp_password_sealed).toBe('sealed(secret)');
    const [first] = decideRecord('email-setting', wanted, { sender_name: 'Rawnaq' });
    expect(first.data.changed.smtp_password_sealed).toBe('sealed(secret)');
    expect(first.data.previous).toMatchObject({ smtp_password_set: false });
    expect(JSON.stringify(first.data.previous)).not.toContain('secret');
    const state = evolveRecord({ sender_name: 'Rawnaq' }, first);
    // no password typed: the one kept stays, nothing else changed, nothing written
    expect(
      decideRecord('email-setting', wantedOf('email-setting', { ...email, smtp_password: '' }, seal), state),
    ).toEqual([]);
  });

  it('keeps the allowed countries sorted and once each', () => {
    const changed = decideRecord(
      'allowed-countries',
      wantedOf('allowed-countries', { country_ids: [2, 1, 2] }, seal),
      {
        country_ids: [1, 2, 3, 4, 6],
      },
    ) as PlatformRecordChanged[];
    expect(changed[0].data).toEqual({
      record: 'allowed-countries',
      changed: { country_ids: [1, 2] },
      previous: { country_ids: [1, 2, 3, 4, 6] },
    });
  });
});
