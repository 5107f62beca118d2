import { contentEntryId, contentHoldId } from '@rawnaq/contracts';
import { givenEvents, type TestEvent } from '../testing/given-events.test-support';
import { contentChecksProjection } from './content-checks.projection';

const menu = 'menu-t1.t1';
const decided = (entry_id: string, decision: 'approved' | 'rejected', reason: string | null): TestEvent => ({
  type: 'ContentCheckDecided',
  stream: `contentcheck-t1.${entry_id}`,
  actor: 'manager-1',
  data: {
    entry_id,
    check_list: 'added-services',
    target_kind: 'service',
    target_id: 's1',
    aspect: 'item',
    decision,
    rejection_reason: reason,
    previous_review: 'pending',
  },
});

describe('the check lists projection', () => {
  it('given a service added with a picture, a product defined and changed, then each list has its entry, pending', async () => {
    const then = await givenEvents(contentChecksProjection, [
      {
        type: 'ServiceGroupAdded',
        stream: menu,
        data: { group_id: 'g1', name_en: 'Hair', name_ar: 'الشعر' },
      },
      {
        type: 'ServiceAdded',
        stream: menu,
        data: {
          service_id: 's1',
          name_en: 'Cut',
          name_ar: 'قص',
          group_id: 'g1',
          price: 5000,
          image_file_id: 'f1',
        },
      },
      {
        type: 'ServiceChanged',
        stream: menu,
        data: { service_id: 's1', changed: { price: 6000 }, previous: { price: 5000 } },
      },
      {
        type: 'ProductDefined',
        stream: 'product-t1.p1',
        data: { product_id: 'p1', name_en: 'Shampoo', name_ar: 'شامبو', price: 1000 },
      },
      {
        type: 'ProductChanged',
        stream: 'product-t1.p1',
        data: { product_id: 'p1', changed: { name_en: 'Shampoo 2' }, previous: { name_en: 'Shampoo' } },
      },
      {
        type: 'OfferChanged',
        stream: 'offer-t1.o1',
        data: { offer_id: 'o1', changed: { price: 1 }, previous: { price: 2 } },
      },
      {
        type: 'OnlineSettingsChanged',
        stream: 'settings-t1.t1',
        data: { changed: { terms_ar: 'الشروط' }, previous: { terms_en: 'Terms' } },
      },
    ]);
    const entries = await then.find('content_entries');
    const byList = (list: string) => entries.filter((e) => e.list === list);
    expect(byList('added-groups')).toMatchObject([{ target_id: 'g1', name_en: 'Hair', review: 'pending' }]);
    expect(byList('added-services')).toMatchObject([
      { target_id: 's1', aspect: 'item', online: true, by_id: 'u1' },
    ]);
    // a price change is not content to check; the picture is
    expect(byList('added-images')).toMatchObject([{ target_kind: 'service', file_id: 'f1', online: true }]);
    expect(byList('added-products')).toMatchObject([{ target_id: 'p1', online: false }]);
    expect(byList('edited-products')).toMatchObject([
      { target_id: 'p1', edited: true, changes: { name_en: { before: 'Shampoo', after: 'Shampoo 2' } } },
    ]);
    // the terms as they now read, both languages
    expect(byList('added-descriptions')).toMatchObject([
      { target_kind: 'salon', aspect: 'terms', text_en: 'Terms', text_ar: 'الشروط', online: true },
    ]);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  });

  it('given a rejection, then the service is withheld online; approving it or the salon renaming it gives it back', async () => {
    const added: TestEvent = {
      id: '0193a000-0000-7000-8000-00000000aa01',
      type: 'ServiceAdded',
      stream: menu,
      data: { service_id: 's1', name_en: 'Cut', name_ar: 'قص', group_id: 'g1', price: 5000 },
    };
    const entry = { id: contentEntryId(added.id!, 'added-services') };
    const hold = contentHoldId('t1', 'service', 's1', 'item');

    const rejected = await givenEvents(contentChecksProjection, [
      added,
      decided(entry.id, 'rejected', 'Brand name'),
    ]);
    expect(await rejected.get('content_entries', entry.id)).toMatchObject({
      review: 'rejected',
      reason: 'Brand name',
      reviewed_by: 'manager-1',
    });
    expect(await rejected.get('content_holds', hold)).toMatchObject({
      entry_id: entry.id,
      reason: 'Brand name',
    });

    const approved = await givenEvents(contentChecksProjection, [
      added,
      decided(entry.id, 'rejected', 'Brand name'),
      decided(entry.id, 'approved', null),
    ]);
    expect(await approved.get('content_holds', hold)).toBeUndefined();

    const renamed = await givenEvents(contentChecksProjection, [
      added,
      decided(entry.id, 'rejected', 'Brand name'),
      {
        type: 'ServiceChanged',
        stream: menu,
        data: { service_id: 's1', changed: { name_en: 'Haircut' }, previous: { name_en: 'Cut' } },
      },
    ]);
    expect(await renamed.get('content_holds', hold)).toBeUndefined();
    const again = (await renamed.find('content_entries')).filter((e) => e.review === 'pending');
    expect(again).toMatchObject([{ list: 'added-services', edited: true }]);
  });

  it('given a product rejected, then nothing is withheld online (products are not on the online pages)', async () => {
    const entry = { id: contentEntryId('0193a000-0000-7000-8000-00000000aa02', 'added-products') };
    const after = await givenEvents(contentChecksProjection, [
      {
        id: '0193a000-0000-7000-8000-00000000aa02',
        type: 'ProductDefined',
        stream: 'product-t1.p1',
        data: { product_id: 'p1', name_en: 'Shampoo', name_ar: 'شامبو', price: 1000 },
      },
      {
        ...decided(entry.id, 'rejected', 'Fake brand'),
        data: {
          ...decided(entry.id, 'rejected', 'Fake brand').data,
          check_list: 'added-products',
          target_kind: 'product',
          target_id: 'p1',
        },
      },
    ]);
    expect(await after.find('content_holds')).toEqual([]);
    expect((await after.find('content_entries'))[0]).toMatchObject({
      review: 'rejected',
      reason: 'Fake brand',
    });
  });
});
