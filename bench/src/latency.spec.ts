import { EventEmitter } from 'node:events';
import { ADVANCED_ALL } from '@rawnaq/platform';
import { turnOf, Visibility, warmupOf } from './latency';

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

describe('the turns of two kinds of request in a paced run', () => {
  const rate = 200;
  const warmup = warmupOf(rate);

  it('sends the warm-up as the first kind, then a turn of each kind in turn', () => {
    expect([0, warmup - 1].map((i) => turnOf(i, rate, 1000))).toEqual([0, 0]);
    // 200 requests a second: the timed ones' first second, then the second kind's, then the first's again
    expect([warmup, warmup + 199].map((i) => turnOf(i, rate, 1000))).toEqual([0, 0]);
    expect([warmup + 200, warmup + 399].map((i) => turnOf(i, rate, 1000))).toEqual([1, 1]);
    expect([warmup + 400, warmup + 599, warmup + 600].map((i) => turnOf(i, rate, 1000))).toEqual([0, 0, 1]);
  });

  it('sends as many of each kind over whole pairs of turns, whatever their length', () => {
    for (const everyMs of [250, 1000, 3000]) {
      const perTurn = (rate * everyMs) / 1000;
      const kinds = Array.from({ length: perTurn * 6 }, (_, k) => turnOf(warmup + k, rate, everyMs));
      expect(kinds.filter((kind) => kind === 1)).toHaveLength(perTurn * 3);
      // each turn all of one kind
      for (let t = 0; t < 6; t++)
        expect(new Set(kinds.slice(t * perTurn, (t + 1) * perTurn))).toEqual(new Set([t % 2]));
    }
  });
});
