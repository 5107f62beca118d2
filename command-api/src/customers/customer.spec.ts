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
      likelyDuplicateOf: [],
      mergedIds: [],
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

  describe('likely duplicates and merging (issue 24)', () => {
    const fatima: CustomerDetails = { ...amal, name: 'Fatima Saeed' };
    const daughter: CustomerEvent = {
      type: 'CustomerRegistered',
      data: { customer_id: 'c2', ...fatima },
    };
    const flagged: CustomerEvent = {
      type: 'CustomerFlaggedAsLikelyDuplicate',
      data: { customer_id: 'c2', of: ['c1'], reason: 'same_mobile' },
    };
    const stateOf = (...events: CustomerEvent[]) => events.reduce(evolveCustomer, initialCustomerState);
    const mergedInto = (into: string): CustomerEvent => ({
      type: 'CustomerMerged',
      data: { customer_id: 'c2', into_customer_id: into, into_customer_name: 'Amal Saeed' },
    });

    it('given a mobile on file under another name, when she is registered online, then she is flagged as its likely duplicate', () =>
      given()
        .when({
          type: 'RegisterCustomer',
          customerId: 'c2',
          details: fatima,
          likelyDuplicateOf: ['c1', 'c1'],
        })
        .then([daughter, flagged]));

    it('given a flagged customer, when the desk says "not the same person", then the flag is dismissed, once', () => {
      given(daughter, flagged)
        .when({ type: 'DismissLikelyDuplicate', of: 'c1' })
        .then([{ type: 'LikelyDuplicateDismissed', data: { customer_id: 'c2', of: 'c1' } }]);
      given(daughter, flagged, { type: 'LikelyDuplicateDismissed', data: { customer_id: 'c2', of: 'c1' } })
        .when({ type: 'DismissLikelyDuplicate', of: 'c1' })
        .thenRejects('customers.not_a_likely_duplicate', 409, {
          customer_id: 'customers.not_a_likely_duplicate',
        });
    });

    it('given two customers, when one is merged into the other, then she is marked merged into the one kept', () =>
      given(daughter, flagged)
        .when({ type: 'MergeInto', into: stateOf(registered) })
        .then([mergedInto('c1')]));

    it('refuses a merge into herself, into no customer, into a merged customer, and of a merged customer', () => {
      given(daughter)
        .when({ type: 'MergeInto', into: stateOf(daughter) })
        .thenRejects('customers.merge_into_itself', 422, { into_customer_id: 'customers.merge_into_itself' });
      given(daughter)
        .when({ type: 'MergeInto', into: initialCustomerState })
        .thenRejects('not_found.customer', 422, { into_customer_id: 'not_found.customer' });
      const third: CustomerEvent[] = [
        { type: 'CustomerRegistered', data: { customer_id: 'c3', ...amal, name: 'Huda' } },
        {
          type: 'CustomerMerged',
          data: { customer_id: 'c3', into_customer_id: 'c1', into_customer_name: 'Amal Saeed' },
        },
      ];
      given(daughter)
        .when({ type: 'MergeInto', into: stateOf(...third) })
        .thenRejects('customers.merged', 409, { into_customer_id: 'customers.merged' });
      given(daughter, mergedInto('c1'))
        .when({ type: 'MergeInto', into: stateOf(registered) })
        .thenRejects('customers.merged', 409);
      given()
        .when({ type: 'MergeInto', into: stateOf(registered) })
        .thenRejects('not_found.customer', 404);
    });

    it('given a customer merged into the one kept, when the kept one takes her in, then she holds her ids and what moved', () => {
      const merged = stateOf(daughter, flagged, mergedInto('c1'));
      given(registered)
        .when({ type: 'TakeInDuplicate', merged, walletMoved: 2500, loyaltyPointsMoved: 40 })
        .then([
          {
            type: 'DuplicateCustomerMergedIn',
            data: {
              customer_id: 'c1',
              merged_customer_id: 'c2',
              merged_customer_name: 'Fatima Saeed',
              merged_ids: ['c2'],
              wallet_moved: 2500,
              loyalty_points_moved: 40,
            },
          },
        ]);
      // a customer merged elsewhere is not hers to take in
      given({ type: 'CustomerRegistered', data: { customer_id: 'c9', ...amal } })
        .when({ type: 'TakeInDuplicate', merged, walletMoved: 0, loyaltyPointsMoved: 0 })
        .thenRejects('not_found.customer', 422);
    });

    it('given customers merged in twice over, then the kept one holds every id, and the flags of them are gone', () => {
      const kept = stateOf(
        daughter,
        flagged,
        {
          type: 'DuplicateCustomerMergedIn',
          data: {
            customer_id: 'c2',
            merged_customer_id: 'c1',
            merged_customer_name: 'Amal Saeed',
            merged_ids: ['c1', 'c0'],
            wallet_moved: 0,
            loyalty_points_moved: 0,
          },
        },
        {
          type: 'DuplicateCustomerMergedIn',
          data: {
            customer_id: 'c2',
            merged_customer_id: 'c3',
            merged_customer_name: 'Huda',
            merged_ids: ['c3'],
            wallet_moved: 0,
            loyalty_points_moved: 0,
          },
        },
      );
      expect(kept).toMatchObject({ mergedIds: ['c1', 'c0', 'c3'], likelyDuplicateOf: [] });
    });

    it('given a customer merged into another, then her record is read only: no change, status, penalty or dismissal', () => {
      const merged = [daughter, flagged, mergedInto('c1')];
      for (const command of [
        { type: 'ChangeCustomerDetails', details: { ...fatima, name: 'F.' } },
        { type: 'DisableCustomer' },
        { type: 'RecordPenalty', penaltyType: 2, notes: 'late' },
        { type: 'DismissLikelyDuplicate', of: 'c1' },
      ] as CustomerCommand[])
        given(...merged)
          .when(command)
          .thenRejects('customers.merged', 409);
    });
  });
});
