import { DomainError, type CampaignEvent, type CampaignInput } from '@rawnaq/contracts';
import {
  decideCampaign,
  evolveCampaign,
  heldOut,
  inAudience,
  initialCampaign,
  planSchedule,
  type CampaignCommand,
} from './campaign';
import type { SendWindow } from './send-window';

const riyadh: SendWindow = {
  timeZone: 'Asia/Riyadh',
  from: '09:00',
  until: '23:00',
  muteFridayPrayer: false,
};
const at = (iso: string) => Date.parse(iso);
const input: CampaignInput = { name: 'Eid', message: 'Hello {name}', filters: {}, hold_out_percent: 10 };
const save: CampaignCommand = { type: 'Save', id: 'c1', at: '2026-12-01T10:00:00.000Z', input };
const launch = (recipients: string[]): CampaignCommand => ({
  type: 'Launch',
  id: 'c1',
  at: '2026-12-01T10:00:00.000Z',
  audience: recipients.length,
  recipients,
  heldOut: [],
  startsAt: '2026-12-01T10:10:00.000Z',
  endsAt: '2026-12-01T10:20:00.000Z',
});
const given = (...commands: CampaignCommand[]) =>
  commands.reduce(
    (s, c) => decideCampaign(c, s).reduce((x, e: CampaignEvent) => evolveCampaign(x, e), s),
    initialCampaign,
  );
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as DomainError).message;
  }
  throw new Error('not refused');
};

describe('a campaign (issue 26)', () => {
  it('is a draft until launched, with more than zero customers; then not changed', () => {
    expect(refusal(() => decideCampaign(launch([]), given(save)))).toBe('campaign.no_customers');
    const launched = given(save, launch(['a', 'b']));
    expect(launched).toMatchObject({ status: 'launched', recipients: ['a', 'b'] });
    expect(refusal(() => decideCampaign(save, launched))).toBe('campaign.not_a_draft');
    expect(refusal(() => decideCampaign(launch(['a']), launched))).toBe('campaign.not_a_draft');
  });

  it('disabled, never comes back; renewed, it is copied (the copy a new draft)', () => {
    const disabled = given(save, launch(['a']), { type: 'Disable', id: 'c1', at: save.at });
    expect(refusal(() => decideCampaign(launch(['a']), disabled))).toBe('campaign.disabled');
    expect(
      refusal(() => decideCampaign({ type: 'Resend', id: 'c1', at: save.at, customers: ['a'] }, disabled)),
    ).toBe('campaign.disabled');
    expect(decideCampaign({ type: 'Disable', id: 'c1', at: save.at }, disabled)).toEqual([]);
    const renewed = decideCampaign({ type: 'Renew', id: 'c1', at: save.at, into: 'c2' }, disabled);
    expect(renewed).toEqual([
      { type: 'CampaignRenewed', data: { campaign_id: 'c1', into: 'c2', at: save.at } },
    ]);
    expect(
      refusal(() => decideCampaign({ type: 'Renew', id: 'c1', at: save.at, into: 'c2' }, given(save))),
    ).toBe('campaign.not_launched');
  });

  it('sends its failed messages again, round after round, only when some failed', () => {
    const launched = given(save, launch(['a', 'b']));
    const resend: CampaignCommand = { type: 'Resend', id: 'c1', at: save.at, customers: ['b'] };
    expect(decideCampaign(resend, launched)).toEqual([
      { type: 'CampaignFailedResent', data: { campaign_id: 'c1', at: save.at, customers: ['b'], round: 1 } },
    ]);
    expect(given(save, launch(['a', 'b']), resend)).toMatchObject({ rounds: 1 });
    expect(refusal(() => decideCampaign({ ...resend, customers: [] }, launched))).toBe(
      'campaign.nothing_failed',
    );
  });
});

describe('its audience', () => {
  const today = '2026-12-01';
  const her = {
    id: 'x',
    status: 1,
    whatsapp_allowed: true,
    mobile: '+966501234567',
    invoices_count: 3,
    last_invoice_date: '2026-11-20',
    gender: 2,
    birth_month: 12,
    wallet_balance: 5000,
  };
  it('is only active customers who allow WhatsApp, and every filter given holds', () => {
    expect(inAudience(her, {}, today)).toBe(true);
    expect(inAudience({ ...her, whatsapp_allowed: false }, {}, today)).toBe(false);
    expect(inAudience({ ...her, status: 0 }, {}, today)).toBe(false);
    expect(inAudience(her, { customer_type: 'frequent' }, today)).toBe(true);
    expect(inAudience(her, { customer_type: 'missed' }, today)).toBe(false);
    expect(inAudience(her, { last_visit_before: '2026-11-01' }, today)).toBe(false);
    expect(inAudience(her, { last_visit_after: '2026-11-01', birth_month: '12', gender: '2' }, today)).toBe(
      true,
    );
    expect(inAudience(her, { min_wallet: '5001' }, today)).toBe(false);
  });

  it('keeps back about its hold-out share, the same customers on every replay', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `customer-${i}`);
    const kept = ids.filter((id) => heldOut('c1', id, 10));
    expect(kept.length).toBeGreaterThan(850);
    expect(kept.length).toBeLessThan(1150);
    expect(ids.filter((id) => heldOut('c1', id, 10))).toEqual(kept);
    expect(ids.filter((id) => heldOut('c1', id, 0))).toEqual([]);
  });
});

describe('its pacing (doc2 §10), on a fake clock', () => {
  it('starts about 10 minutes after launch, 30 to 90 s apart, with a 5 to 15 min pause after each 100', () => {
    const launchAt = at('2026-12-01T07:00:00.000Z'); // 10:00 in Riyadh, a Tuesday
    const times = planSchedule(250, launchAt, riyadh, 'c1');
    expect(times[0]).toBe(launchAt + 10 * 60_000);
    for (let i = 1; i < times.length; i++) {
      const gap = times[i] - times[i - 1];
      if (i % 100 === 0) {
        expect(gap).toBeGreaterThanOrEqual(30_000 + 5 * 60_000);
        expect(gap).toBeLessThanOrEqual(90_000 + 15 * 60_000);
      } else {
        expect(gap).toBeGreaterThanOrEqual(30_000);
        expect(gap).toBeLessThanOrEqual(90_000);
      }
    }
    expect(planSchedule(250, launchAt, riyadh, 'c1')).toEqual(times);
  });

  it('sends only inside the window: launched at 22:55, the first leaves at 09:00 the next morning', () => {
    const launchAt = at('2026-12-01T19:55:00.000Z'); // 22:55 in Riyadh
    const [first, second] = planSchedule(2, launchAt, riyadh, 'late');
    expect(new Date(first).toISOString()).toBe('2026-12-02T06:00:00.000Z'); // 09:00 Riyadh
    expect(second - first).toBeGreaterThanOrEqual(30_000);
  });

  it('keeps a narrowed window and mutes Friday prayer', () => {
    const narrow: SendWindow = {
      timeZone: 'Asia/Riyadh',
      from: '10:00',
      until: '12:00',
      muteFridayPrayer: true,
    };
    const friday = at('2026-12-04T07:55:00.000Z'); // Friday 10:55 Riyadh
    const times = planSchedule(300, friday, narrow, 'f');
    for (const t of times) {
      const riyadhTime = new Date(t + 3 * 3_600_000).toISOString().slice(11, 16);
      expect(riyadhTime >= '10:00' && riyadhTime < '12:00').toBe(true);
      const isFriday = new Date(t + 3 * 3_600_000).getUTCDay() === 5;
      if (isFriday) expect(riyadhTime < '11:30').toBe(true);
    }
  });
});
