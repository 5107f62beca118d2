/** What `GET /api/public/salons/{alias}` answers (docs/api.md, "Public"). */
export type PublicSalon = {
  alias: string;
  name_en: string;
  name_ar: string;
  /** The settings country code (1 KSA, 2 UAE, 3 Kuwait, 4 Oman, 6 Bahrain), not ISO. */
  country_id: number;
  salon_type: number;
  currency: string;
  time_zone: string;
};

export type SalonResult =
  { status: 'found'; salon: PublicSalon } | { status: 'not-found' } | { status: 'error' };

const isPublicSalon = (body: unknown): body is PublicSalon => {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return (
    typeof b.alias === 'string' &&
    typeof b.name_en === 'string' &&
    typeof b.name_ar === 'string' &&
    typeof b.country_id === 'number' &&
    typeof b.salon_type === 'number' &&
    typeof b.currency === 'string' &&
    typeof b.time_zone === 'string'
  );
};

/**
 * Loads a salon's public card. A 404 (`not_found.account`) means no such salon; a network failure, a 5xx or
 * a body that is not a salon is an error the visitor can retry. An aborted request rejects, as fetch does.
 */
export const fetchSalon = async (
  alias: string,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<SalonResult> => {
  let response: Response;
  try {
    response = await fetchImpl(`/api/public/salons/${encodeURIComponent(alias)}`, {
      headers: { Accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { status: 'error' };
  }
  if (response.status === 404) return { status: 'not-found' };
  if (!response.ok) return { status: 'error' };
  try {
    const body: unknown = await response.json();
    return isPublicSalon(body) ? { status: 'found', salon: body } : { status: 'error' };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { status: 'error' };
  }
};
