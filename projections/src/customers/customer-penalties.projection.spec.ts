import { givenEvents } from '../testing/given-events.test-support';
import { customerPenaltiesProjection } from './customer-penalties.projection';

describe('customer penalties projection', () => {
  it('given a no-show and a penalty by hand, then both are listed with their type, appointment, notes, time and author', async () => {
    const then = await givenEvents(customerPenaltiesProjection, [
      {
        type: 'CustomerPenaltyRecorded',
        stream: 'customer-t1.c1',
        at: '2026-11-20T10:00:00.000Z',
        data: { customer_id: 'c1', penalty_type: 1, appointment_id: 'a1' },
      },
      {
        type: 'CustomerPenaltyRecorded',
        stream: 'customer-t1.c1',
        actor: 'u2',
        at: '2026-11-21T10:00:00.000Z',
        data: { customer_id: 'c1', penalty_type: 2, notes: 'Broke a mirror' },
      },
    ]);
    const docs = await then.find('customer_penalties');
    expect(docs.map(({ id: _id, ...d }) => d)).toEqual([
      {
        tenantId: 't1',
        customer_id: 'c1',
        penalty_type: 1,
        appointment_id: 'a1',
        notes: null,
        at: '2026-11-20T10:00:00.000Z',
        by: 'u1',
      },
      {
        tenantId: 't1',
        customer_id: 'c1',
        penalty_type: 2,
        appointment_id: null,
        notes: 'Broke a mirror',
        at: '2026-11-21T10:00:00.000Z',
        by: 'u2',
      },
    ]);
  });
});
