import { EventEmitter } from 'node:events';
import { ADVANCED_ALL } from '@rawnaq/platform';
import { Visibility } from './latency';

describe('when a write became visible, from the projections’ reports', () => {
  const clock = () => performance.timeOrigin + performance.now();
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is the first report after which every named projection had applied it', () => {
    const progress = new EventEmitter();
    const visible = new Visibility(progress, ['sales', 'ledger']);
    // given one projection only has said where it is
    progress.emit(ADVANCED_ALL, ['sales'], ['5']);
    expect(visible.at('5')).toBeUndefined();
    // when the other says, with one the bench does not name
    jest.advanceTimersByTime(3);
    progress.emit(ADVANCED_ALL, ['ledger', 'customers'], ['7', '9']);
    const first = clock();
    // then what both had applied was shown then; what one of them had not, not yet
    expect(visible.at('4')).toBe(first);
    expect(visible.at('5')).toBe(first);
    expect(visible.at('6')).toBeUndefined();
    jest.advanceTimersByTime(4);
    progress.emit(ADVANCED_ALL, ['sales'], ['12']);
    const second = clock();
    expect(second).toBeGreaterThan(first);
    expect(visible.at('5')).toBe(first);
    expect(visible.at('6')).toBe(second);
    expect(visible.at('7')).toBe(second);
    expect(visible.at('8')).toBeUndefined();
    // a report of other projections, or of a position already said, changes nothing
    jest.advanceTimersByTime(4);
    progress.emit(ADVANCED_ALL, ['customers', 'sales'], ['20', '11']);
    expect(visible.at('8')).toBeUndefined();
    expect(visible.at('7')).toBe(second);
    // and once closed it hears no more
    visible.close();
    progress.emit(ADVANCED_ALL, ['ledger'], ['30']);
    expect(visible.at('8')).toBeUndefined();
    expect(progress.listenerCount(ADVANCED_ALL)).toBe(0);
  });
});
