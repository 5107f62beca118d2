import { createHash } from 'node:crypto';
import {
  addDays,
  CAMPAIGN_PACING,
  conflict,
  epochOf,
  FRIDAY_PRAYER,
  instantAt,
  notFound,
  rejected,
  SEND_WINDOW_LIMITS,
  businessDate,
  calendarDay,
  type CampaignAttachment,
  type CampaignEvent,
  type CampaignInput,
} from '@rawnaq/contracts';
import type { SendWindow } from './send-window';

export { inAudience, type AudienceCustomer } from '@rawnaq/contracts';

/** A campaign as its commands see it. */
export type CampaignAggregate =
  | { exists: false }
  | {
      exists: true;
      status: 'temporary_saved' | 'launched' | 'disabled' | 'renewed';
      input: CampaignInput;
      /** the file its message carries, as uploaded */
      attachment?: CampaignAttachment;
      recipients: string[];
      rounds: number;
    };
export const initialCampaign: CampaignAggregate = { exists: false };

export const evolveCampaign = (s: CampaignAggregate, e: CampaignEvent): CampaignAggregate => {
  switch (e.type) {
    case 'CampaignSaved': {
      const { campaign_id: _id, at: _at, renewed_from: _r, attachment, ...input } = e.data;
      return {
        exists: true,
        status: 'temporary_saved',
        input,
        ...(attachment && { attachment }),
        recipients: [],
        rounds: 0,
      };
    }
    case 'CampaignLaunched':
      return s.exists ? { ...s, status: 'launched', recipients: e.data.recipients } : s;
    case 'CampaignDisabled':
      return s.exists ? { ...s, status: 'disabled' } : s;
    case 'CampaignRenewed':
      return s.exists ? { ...s, status: 'renewed' } : s;
    case 'CampaignFailedResent':
      return s.exists ? { ...s, rounds: e.data.round } : s;
  }
};

export type CampaignCommand =
  | {
      type: 'Save';
      id: string;
      at: string;
      input: CampaignInput;
      attachment?: CampaignAttachment;
      renewedFrom?: string;
    }
  | {
      type: 'Launch';
      id: string;
      at: string;
      audience: number;
      recipients: string[];
      heldOut: string[];
      startsAt: string;
      endsAt: string;
    }
  | { type: 'Disable'; id: string; at: string }
  | { type: 'Renew'; id: string; at: string; into: string }
  | { type: 'Resend'; id: string; at: string; customers: string[] };

/**
 * A draft is saved and changed until it is launched; launched with more than zero customers; a
 * disabled campaign never comes back (renewing copies it into a new draft); the failed messages of a
 * launched one may be sent again, round after round.
 */
export const decideCampaign = (c: CampaignCommand, s: CampaignAggregate): CampaignEvent[] => {
  if (c.type === 'Save') {
    if (s.exists && s.status !== 'temporary_saved') throw conflict('campaign.not_a_draft');
    return [
      {
        type: 'CampaignSaved',
        data: {
          campaign_id: c.id,
          at: c.at,
          ...c.input,
          ...(c.attachment && { attachment: c.attachment }),
          ...(c.renewedFrom && { renewed_from: c.renewedFrom }),
        },
      },
    ];
  }
  if (!s.exists) throw notFound('not_found.campaign');
  switch (c.type) {
    case 'Launch':
      if (s.status !== 'temporary_saved')
        throw conflict(s.status === 'disabled' ? 'campaign.disabled' : 'campaign.not_a_draft');
      if (c.recipients.length === 0) throw rejected('campaign.no_customers', 'filters');
      return [
        {
          type: 'CampaignLaunched',
          data: {
            campaign_id: c.id,
            at: c.at,
            starts_at: c.startsAt,
            ends_at: c.endsAt,
            audience: c.audience,
            recipients: c.recipients,
            held_out: c.heldOut,
          },
        },
      ];
    case 'Disable':
      if (s.status === 'disabled') return [];
      if (s.status === 'renewed') throw conflict('campaign.not_a_draft');
      return [{ type: 'CampaignDisabled', data: { campaign_id: c.id, at: c.at } }];
    case 'Renew':
      if (s.status === 'temporary_saved') throw conflict('campaign.not_launched');
      if (s.status === 'renewed') return [];
      return [{ type: 'CampaignRenewed', data: { campaign_id: c.id, into: c.into, at: c.at } }];
    case 'Resend':
      if (s.status === 'disabled') throw conflict('campaign.disabled');
      if (s.status !== 'launched') throw conflict('campaign.not_launched');
      if (c.customers.length === 0) throw conflict('campaign.nothing_failed');
      return [
        {
          type: 'CampaignFailedResent',
          data: { campaign_id: c.id, at: c.at, customers: c.customers, round: s.rounds + 1 },
        },
      ];
  }
};

/** A number in [0, 1) from text, the same every time (a campaign's own randomness, replayable). */
const unit = (text: string): number => createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;

/** Whether a customer is kept back from a campaign (its hold-out share), the same on every replay. */
export const heldOut = (campaignId: string, customerId: string, percent: number): boolean =>
  percent > 0 && unit(`${campaignId}\u0000${customerId}`) * 100 < percent;

/** The spans of a salon's day its messages may leave in (its window, less Friday prayer when muted). */
const spansOf = (day: string, w: SendWindow): Array<[number, number]> => {
  const from = w.from < SEND_WINDOW_LIMITS.from ? SEND_WINDOW_LIMITS.from : w.from;
  const until = w.until > SEND_WINDOW_LIMITS.until ? SEND_WINDOW_LIMITS.until : w.until;
  const at = (time: string) => epochOf(instantAt(day as never, time, w.timeZone));
  const open = at(from);
  const close = at(until);
  if (!(w.muteFridayPrayer && calendarDay(day as never).day() === 5))
    return open < close ? [[open, close]] : [];
  const spans: Array<[number, number]> = [
    [open, Math.min(close, at(FRIDAY_PRAYER.from))],
    [Math.max(open, at(FRIDAY_PRAYER.until)), close],
  ];
  return spans.filter(([a, b]) => a < b);
};

/**
 * When each of `count` messages leaves (epoch ms), doc2 §10's pacing: the first about 10 min after
 * launch, then 30 to 90 s apart, a 5 to 15 min pause after each 100, and only inside the salon's send
 * window (what falls outside waits for the next opening). Seeded by the campaign, so the same launch
 * plans the same times.
 */
export const planSchedule = (count: number, launchAt: number, w: SendWindow, seed: string): number[] => {
  const times: number[] = [];
  if (count === 0) return times;
  let n = 0;
  const random = (min: number, max: number) =>
    min + Math.floor(unit(`${seed}\u0000${n++}`) * (max - min + 1));
  let day = businessDate(launchAt, w.timeZone) as string;
  let spans = spansOf(day, w);
  let t = launchAt + CAMPAIGN_PACING.startAfterMs;
  const place = () => {
    for (let guard = 0; guard < 400; guard++) {
      const span = spans.find(([, end]) => t < end);
      if (span) {
        if (t < span[0]) t = span[0];
        return;
      }
      day = addDays(day as never, 1);
      spans = spansOf(day, w);
      if (spans.length) t = Math.max(t, spans[0][0]);
    }
    throw new Error('the send window never opens');
  };
  for (let i = 0; i < count; i++) {
    if (i > 0) {
      t += random(CAMPAIGN_PACING.gapMs[0], CAMPAIGN_PACING.gapMs[1]);
      if (i % CAMPAIGN_PACING.pauseEvery === 0)
        t += random(CAMPAIGN_PACING.pauseMs[0], CAMPAIGN_PACING.pauseMs[1]);
    }
    place();
    times.push(t);
  }
  return times;
};
