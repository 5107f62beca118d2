/** Why a salon's marketing messages are held back by its WhatsApp package, if they are. */
export type MarketingHold = 'allowance_used_up' | 'package_paused';

/**
 * A salon's WhatsApp package and its allowance (issue 26, the manager's packages):
 * - a salon without a package is not counted (the local simulator, the environment's own set-up);
 * - on a package that is paused or disabled, or before its start date, marketing is held back;
 * - once this month's messages sent (service and marketing alike) reach the package's messages a
 *   month, marketing is held back until the month ends.
 * Service messages (a reminder of a booked visit) always go: the salon's customers are not made to
 * miss a visit because of the salon's package.
 */
export const marketingHold = (a: {
  package?: { status: 0 | 1 | 2; starts_on: string; messages_per_month: number };
  today: string;
  sentThisMonth: number;
}): MarketingHold | undefined => {
  const p = a.package;
  if (!p) return undefined;
  if (p.status !== 1 || a.today < p.starts_on) return 'package_paused';
  return a.sentThisMonth >= p.messages_per_month ? 'allowance_used_up' : undefined;
};
