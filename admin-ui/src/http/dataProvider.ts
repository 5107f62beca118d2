import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier, TranslateFunction } from 'ra-core';
import { fieldLabel } from '../forms/fieldErrors';
import { HttpError, isHttpError } from './errors';
import type { HttpClient } from './httpClient';

/** react-admin's marker for a validation message that carries its own translation arguments. */
const RA_MESSAGE_PREFIX = '@@react-admin@@';

/**
 * A 422/409 answer names fields with message keys; react-admin shows `body.errors` next to the
 * inputs. Each key is wrapped with its arguments, the field's translated label as %{field}.
 */
export const withTranslatedFieldErrors = (
  error: unknown,
  resource: string,
  translate: TranslateFunction,
): unknown => {
  if (!isHttpError(error) || !error.body?.errors) return error;
  const { errors, params = {} } = error.body;
  const scalars = Object.fromEntries(Object.entries(params).filter(([, v]) => typeof v !== 'object'));
  const translated = Object.fromEntries(
    Object.entries(errors).map(([field, key]) => {
      const own = params[field];
      return [
        field,
        `${RA_MESSAGE_PREFIX}${JSON.stringify({
          message: key,
          args: {
            ...scalars,
            ...(typeof own === 'object' ? own : {}),
            field: fieldLabel(translate, resource, field),
          },
        })}`,
      ];
    }),
  );
  return new HttpError(error.message, error.status, { ...error.body, errors: translated }, error.handled);
};

export type SendOptions = { idempotencyKey?: string };

export type AppDataProvider = DataProvider & {
  /**
   * A call outside the list/record protocol, relative to the area's API base. `idempotencyKey`: the
   * user action it belongs to, for a command the screen may send again (the till's "issue").
   */
  send<T = unknown>(method: string, path: string, body?: unknown, options?: SendOptions): Promise<T>;
  getGlobalInformations<T = unknown>(): Promise<T>;
  disableCustomer<T = unknown>(id: Identifier): Promise<T>;
  activateCustomer<T = unknown>(id: Identifier): Promise<T>;
  /** The customer as they were at an instant (ISO); rejects with 404 when they did not exist yet. */
  getCustomerAsOf<T = unknown>(id: Identifier, at: string): Promise<T>;
  unblockIp(ip: string): Promise<unknown>;
  /** The activate screens: what was switched on and off, in one request (`<resource>/activation`). */
  setActivation(resource: string, change: { activate: string[]; deactivate: string[] }): Promise<unknown>;
  /** Every service of the group, in its new order. */
  reorderServices(groupId: string, serviceIds: string[]): Promise<unknown>;
  /**
   * A command outside the record protocol whose field errors belong to a form of `resource`
   * (giving a login, a period): rejected with the errors translated like a save's.
   */
  command<T = unknown>(resource: string, method: string, path: string, body?: unknown): Promise<T>;
};

/**
 * ra-data-simple-rest over the area's API base. Screen resources may live at another API path
 * (`advanced-accounting/audit-log` reads `audit-log`). Resources in `readAfterWrite` answer a
 * command with less than what their screens show (a service's prices with VAT are computed on reads),
 * so their saved record is read back, at the command's position.
 */
export const createDataProvider = (options: {
  apiBase: string;
  http: HttpClient;
  translate: TranslateFunction;
  apiPaths?: Record<string, string>;
  readAfterWrite?: readonly string[];
}): AppDataProvider => {
  const { apiBase, http, translate, apiPaths = {}, readAfterWrite = [] } = options;
  // what react-admin's forms save: a 401 there signs in again over the form (the typed values stay)
  const rest = simpleRestProvider(apiBase, (url, init) =>
    http(url, { ...init, signInAgainOn401: (init?.method ?? 'GET') !== 'GET' }),
  );
  const api = (resource: string) => apiPaths[resource] ?? resource;
  const formErrors = (resource: string) => (error: unknown) => {
    throw withTranslatedFieldErrors(error, resource, translate);
  };
  const reread =
    (resource: string) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async <R extends { data: any }>(written: R): Promise<R> =>
      readAfterWrite.includes(resource)
        ? ((await rest.getOne(api(resource), { id: written.data.id })) as R)
        : written;
  const request = async <T>(
    method: string,
    path: string,
    body?: unknown,
    {
      idempotencyKey,
      signInAgainOn401 = method !== 'GET',
    }: SendOptions & { signInAgainOn401?: boolean } = {},
  ): Promise<T> => {
    const { json } = await http(`${apiBase}/${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      signInAgainOn401,
      ...(idempotencyKey && { idempotencyKey }),
    });
    return json as T;
  };
  const send = <T>(method: string, path: string, body?: unknown, options?: SendOptions) =>
    request<T>(method, path, body, { idempotencyKey: options?.idempotencyKey });
  return {
    getList: (resource, params) => rest.getList(api(resource), params),
    getOne: (resource, params) => rest.getOne(api(resource), params),
    getMany: (resource, params) => rest.getMany(api(resource), params),
    getManyReference: (resource, params) => rest.getManyReference(api(resource), params),
    create: (resource, params) =>
      rest.create(api(resource), params).catch(formErrors(resource)).then(reread(resource)),
    update: (resource, params) =>
      rest.update(api(resource), params).catch(formErrors(resource)).then(reread(resource)),
    updateMany: (resource, params) => rest.updateMany(api(resource), params),
    delete: (resource, params) => rest.delete(api(resource), params),
    deleteMany: (resource, params) => rest.deleteMany(api(resource), params),
    send,
    getGlobalInformations: <T>() =>
      // a read, though a POST: its 401 signs out (globalInformation.ts)
      request<T>(
        'POST',
        'get_global_informations',
        { userAgent: globalThis.navigator?.userAgent ?? '' },
        { signInAgainOn401: false },
      ),
    disableCustomer: <T>(id: Identifier) => send<T>('POST', recordPath('customers', id, 'disable')),
    activateCustomer: <T>(id: Identifier) => send<T>('POST', recordPath('customers', id, 'activate')),
    getCustomerAsOf: <T>(id: Identifier, at: string) =>
      send<T>('GET', `${recordPath('customers', id, 'as-of')}?at=${encodeURIComponent(at)}`),
    unblockIp: (ip: string) => send('DELETE', `blocked-ips/${encodeURIComponent(ip)}`),
    setActivation: (resource, change) => send('POST', `${api(resource)}/activation`, change),
    reorderServices: (groupId, serviceIds) =>
      send('POST', 'services/order', { group_id: groupId, service_ids: serviceIds }),
    command: <T>(resource: string, method: string, path: string, body?: unknown) =>
      send<T>(method, path, body).catch(formErrors(resource)),
  };
};

export const recordPath = (resource: string, id: Identifier, action?: string) =>
  `${resource}/${encodeURIComponent(String(id))}${action ? `/${action}` : ''}`;
