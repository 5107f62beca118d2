import { parseStreamName, streamName } from './envelope';

describe('stream names', () => {
  it('given a category with a dash, when its stream name is read, then the category, tenant and id come back whole', () => {
    const stream = streamName('gateway-payment', '1', '0193a000-0000-7000-8000-000000000015');
    expect(parseStreamName(stream)).toEqual({
      category: 'gateway-payment',
      tenantId: '1',
      aggregateId: '0193a000-0000-7000-8000-000000000015',
    });
  });

  it('given a plain category and the platform tenant, when read, then they come back whole', () => {
    expect(parseStreamName(streamName('manager', 'platform', 'a.b-c'))).toEqual({
      category: 'manager',
      tenantId: 'platform',
      aggregateId: 'a.b-c',
    });
  });

  it('given a name that is not a stream name, when read, then nothing', () => {
    expect(parseStreamName('no-tenant-here')).toBeUndefined();
  });
});
