import { z } from 'zod';

/** The salon pages whose views the online-daily-visit report counts (spec doc1 §2 online salon pages). */
export const ONLINE_VISIT_PAGES = [
  'home',
  'booking',
  'booking-success',
  'price-list',
  'offers',
  'buy-gift-card',
  'e-booking',
  'other',
] as const;
export type OnlineVisitPage = (typeof ONLINE_VISIT_PAGES)[number];

export const onlineVisitInput = z.object({ page: z.enum(ONLINE_VISIT_PAGES) });

/** Where a salon's day of online visits is kept: one side record per salon and business date. */
export const ONLINE_VISITS = 'online_visits';
export const onlineVisitsId = (tenantId: string, date: string) => `${tenantId}|${date}`;
