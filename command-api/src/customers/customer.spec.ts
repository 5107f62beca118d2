import { DomainError, type CustomerDetails, type CustomerEvent } from '@rawnaq/contracts';
import { decideCustomer, evolveCustomer, initialCustomerState, type CustomerCommand } from './customer';

const amal: CustomerDetails = {
  name: 'Amal Saeed',
  mobile: '0501234567',
  mobile_key: '966501234567',
  gender: 2,
  whatsapp_allowed: true,
};
const registered: CustomerEvent = { type: 'CustomerRegistered', data: { customer_id: 'c1', ...amal } };
const today = '2026-11-21';

/** given past events, when a command, then new events (or a rejection) */
const given = (...events: CustomerEvent[]) => ({
  when: (command: CustomerCommand) => {
    const state = events.reduce(evolveCustomer, initialCustomerState);
    const run = () => decideCustomer(command, state, { today });
    return {
      then: (expected: CustomerEvent[]) => expect(run()).toEqual(expected),
      thenRejects: (key: string, status: number, errors?: Record<string, string>) => {
        let error: unknown;
        try {
          run();
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(DomainError);
        expect(error).toMatchObject({ key, status, ...(errors && { errors }) });
      },
    };
  },
});

describe('customer', () => {
  it('reads an older spelling of the mobile as the canonical one: saving the same number records nothing', () => {
    const imported: CustomerEvent = {
      type: 'CustomerRegistered',
      data: { customer_id: 'c1', ...amal, mobile: '966501234567' },
    };
    given(imported)
      .when({ type: 'ChangeCustomerDetails', details: { ...amal, mobile: '+966501234567' } })
      .then([]);
  });

  it('registers a new customer', () =>
    given().when({ type: 'RegisterCustomer', customerId: 'c1', details: amal }).then([registered]));

  it('does not register the same customer twice', () =>
    given(registered)
      .when({ type: 'RegisterCustomer', customerId: 'c1', details: amal })
      .thenRejects('customers.already_registered', 409));

  it('rejects a birth date in the future, on the field', () =>
    given()
      .when({ type: 'RegisterCustomer', customerId: 'c1', details: { ...amal, birth_date: '2026-11-22' } })
      .thenRejects('validation.date_in_future', 422, { birth_date: 'validation.date_in_future' }));

  it('records only what changed, with what it was before; a cleared field becomes null', () =>
    given(registered)
      .when({
        type: 'ChangeCustomerDetails',
        details: {
          ...amal,
          name: 'Amal S.',
          email: 'amal@example.com',
          gender: undefined,
        } as CustomerDetails,
      })
      .then([
        {
          type: 'CustomerDetailsChanged',
          data: {
            customer_id: 'c1',
            changed: { name: 'Amal S.', email: 'amal@example.com', gender: null },
            previous: { name: 'Amal Saeed', email: null, gender: 2 },
          },
        },
      ]));

  it('records nothing when the form is saved unchanged', () =>
    given(registered)
      .when({ type: 'ChangeCustomerDetails', details: { ...amal } })
      .then([]));

  it('applies a change on top of the registration', () => {
    const changed: CustomerEvent = {
      type: 'CustomerDetailsChanged',
      data: { customer_id: 'c1', changed: { name: 'Amal S.', gender: null }, previous: {} },
    };
    const state = [registered, changed].reduce(evolveCustomer, initialCustomerState);
    expect(state).toEqual({
      registered: true,
      customerId: 'c1',
      active: true,
      details: { ...amal, name: 'Amal S.', gender: undefined },
    });
    expect(state.registered && 'gender' in state.details).toBe(false);
  });

  it('cannot change a customer that does not exist', () =>
    given().when({ type: 'ChangeCustomerDetails', details: amal }).thenRejects('not_found.customer', 404));

  it('disables an active customer, and not twice', () => {
    given(registered)
      .when({ type: 'DisableCustomer' })
      .then([{ type: 'CustomerDisabled', data: { customer_id: 'c1' } }]);
    given(registered, { type: 'CustomerDisabled', data: { customer_id: 'c1' } })
      .when({ type: 'DisableCustomer' })
      .thenRejects('customers.already_disabled', 409);
  });

  it('activates a disabled customer, and not an active one', () => {
    given(registered, { type: 'CustomerDisabled', data: { customer_id: 'c1' } })
      .when({ type: 'ActivateCustomer' })
      .then([{ type: 'CustomerActivated', data: { customer_id: 'c1' } }]);
    given(registered).when({ type: 'ActivateCustomer' }).thenRejects('customers.already_active', 409);
  });

  it('records a penalty written by hand (type 2, with its notes), even on a disabled customer; never on an unknown one', () => {
    const penalty: CustomerCommand = { type: 'RecordPenalty', penaltyType: 2, notes: 'Broke a mirror' };
    const then = [
      {
        type: 'CustomerPenaltyRecorded',
        data: { customer_id: 'c1', penalty_type: 2, notes: 'Broke a mirror' },
      },
    ] as CustomerEvent[];
    given(registered).when(penalty).then(then);
    given(registered, { type: 'CustomerDisabled', data: { customer_id: 'c1' } })
      .when(penalty)
      .then(then);
    given().when(penalty).thenRejects('not_found.customer', 404);
  });
});
