import { failureKey, HttpError, isHandled } from './errors';

describe('what a screen says of a failure', () => {
  it('tells the API’s own message key, and "unknown" for anything that is not its answer', () => {
    expect(failureKey(new HttpError('sales.wallet_insufficient', 422))).toBe('sales.wallet_insufficient');
    // an answer as react-admin passes it on: recognised by its shape
    expect(failureKey({ status: 409, body: null, message: 'errors.conflict' })).toBe('errors.conflict');
    expect(failureKey(new TypeError('Failed to fetch'))).toBe('app.errors.unknown');
    expect(failureKey(undefined)).toBe('app.errors.unknown');
  });

  it('knows a failure the HTTP client already dealt with (a dialog, a redirect)', () => {
    expect(isHandled(new HttpError('errors.server', 500, null, true))).toBe(true);
    expect(isHandled(new HttpError('errors.server', 500))).toBe(false);
    expect(isHandled(new Error('x'))).toBe(false);
  });
});
