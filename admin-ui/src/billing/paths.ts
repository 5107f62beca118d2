/** The till's screen path (doc1 §2 `billing`), also its access resource (auth/access.ts). */
export const BILLING = 'billing';

/** Where a customer's page and a checked-in visit open the till. */
export const billingPath = (
  basename: string,
  query: { customer_id?: string; appointment_id?: string; held_id?: string } = {},
) => {
  const search = new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  ).toString();
  return `${basename}/${BILLING}${search ? `?${search}` : ''}`;
};
