import { inAudience, type AudienceCustomer, type CampaignFilters } from '@rawnaq/contracts';
import { heldOut, planSchedule } from '@rawnaq/command-api/dist/engagement/campaign';
import { nextSendTime, type SendWindow } from '@rawnaq/command-api/dist/engagement/send-window';
import { percentile } from './latency';

export type MessagingFigures = {
  /** a campaign's plan over a salon of `customers`: its audience, the share kept back, each message's time */
  plan: {
    customers: number;
    recipients: number;
    daysSpanned: number;
    runs: number;
    p50Ms: number;
    p99Ms: number;
  };
  /** the baseline: the same times planned by asking the send window of every message */
  naive: { runs: number; p50Ms: number; p99Ms: number };
  ratioNaiveToPlanP50: number;
};

const WINDOW: SendWindow = { timeZone: 'Asia/Riyadh', from: '09:00', until: '23:00', muteFridayPrayer: true };

/** A salon's customers as the customers' read model keeps them, varied as a real one's are. */
const customersOf = (n: number): AudienceCustomer[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `0193c000-0000-7000-8000-${String(i).padStart(12, '0')}`,
    status: i % 50 === 0 ? 0 : 1,
    whatsapp_allowed: i % 5 !== 0,
    mobile: `+9665${String(10_000_000 + i).slice(-8)}`,
    gender: (i % 2) + 1,
    birth_month: (i % 12) + 1,
    wallet_balance: (i * 37) % 20_000,
    invoices_count: i % 7,
    last_invoice_date: `2026-${String((i % 11) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
    created_at: '2025-01-01T08:00:00.000Z',
  }));

const timed = (runs: number, f: () => unknown) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { runs, p50Ms: +percentile(times, 50).toFixed(1), p99Ms: +percentile(times, 99).toFixed(1) };
};

/** The pacing of `count` messages asking the window for each one (what `planSchedule` avoids). */
const naivePlan = (count: number, launchAt: number) => {
  const times: number[] = [];
  let t = launchAt + 10 * 60_000;
  for (let i = 0; i < count; i++) {
    if (i > 0) t += 60_000 + (i % 100 === 0 ? 10 * 60_000 : 0);
    t = nextSendTime(t, WINDOW).at;
    times.push(t);
  }
  return times;
};

/**
 * Planning a campaign over a salon of 100,000 customers (issue 26's target: p99 < 2 s): the audience
 * from its filters, the hold-out share, and each recipient's time at doc2's pacing in the send window
 * (Friday prayer muted), in memory as the launching command does it.
 */
export const messagingBench = (customers: number, runs: number): MessagingFigures => {
  const all = customersOf(customers);
  const filters: CampaignFilters = { last_visit_after: '2026-01-01' };
  const launchAt = Date.parse('2026-12-03T07:00:00.000Z');
  let recipients = 0;
  let span = 0;
  const plan = timed(runs, () => {
    const audience = all.filter((c) => inAudience(c, filters, '2026-12-03'));
    const to = audience.filter((c) => !heldOut('bench', c.id, 10));
    const times = planSchedule(to.length, launchAt, WINDOW, 'bench');
    recipients = to.length;
    span = (times[times.length - 1] - times[0]) / 86_400_000;
  });
  const naive = timed(Math.max(3, Math.floor(runs / 5)), () => naivePlan(recipients, launchAt));
  return {
    plan: { customers, recipients, daysSpanned: Math.round(span), ...plan },
    naive,
    ratioNaiveToPlanP50: +(naive.p50Ms / plan.p50Ms).toFixed(1),
  };
};
