import { givenEvents, type TestEvent } from '../testing/given-events.test-support';
import { checkNoticeId, noticesProjection } from './notices.projection';

const decided = (entry_id: string, decision: 'approved' | 'rejected', extra: object = {}): TestEvent => ({
  type: 'ContentCheckDecided',
  stream: `contentcheck-t1.${entry_id}`,
  at: '2026-11-21T10:00:00.000Z',
  data: {
    entry_id,
    check_list: 'added-services',
    target_kind: 'service',
    target_id: 's1',
    aspect: 'item',
    decision,
    rejection_reason: decision === 'rejected' ? 'A registered brand name' : null,
    previous_review: 'pending',
    ...extra,
  },
});

describe('the notification menu’s notices of the platform’s checks', () => {
  it('given a service rejected, tells the salon what was hidden online and why, unread', async () => {
    const read = await givenEvents(noticesProjection, [decided('e1', 'rejected')]);
    expect(await read.get('notices', checkNoticeId('e1'))).toMatchObject({
      tenantId: 't1',
      kind: 'checks',
      created_at: '2026-11-21T10:00:00.000Z',
      target_kind: 'service',
      target_id: 's1',
      aspect: 'item',
      reason: 'A registered brand name',
      hidden: true,
      read: false,
      closed: false,
    });
  });

  it('given a product rejected, asks the salon to correct it (it is not on the online pages)', async () => {
    const read = await givenEvents(noticesProjection, [
      decided('e2', 'rejected', { check_list: 'added-products', target_kind: 'product' }),
    ]);
    expect(await read.get('notices', checkNoticeId('e2'))).toMatchObject({ hidden: false, read: false });
  });

  it('given a rejection approved after all, closes its notice; an approval never rejected leaves none', async () => {
    const read = await givenEvents(noticesProjection, [
      decided('e3', 'rejected'),
      decided('e3', 'approved'),
      decided('e4', 'approved'),
    ]);
    expect(await read.get('notices', checkNoticeId('e3'))).toMatchObject({ read: true, closed: true });
    expect(await read.get('notices', checkNoticeId('e4'))).toBeUndefined();
  });
});
