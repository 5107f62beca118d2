import { ProgressReports, REPORT_WITHIN_MS, type ProgressReport } from './progress-reports';

const said = (reports: ProgressReport[]) =>
  reports.map((r) => ({ advanced: Object.fromEntries(r.advanced), changed: [...r.changed].sort() }));

describe('the projections thread’s reports of progress', () => {
  let sent: ProgressReport[];
  let reports: ProgressReports;
  const endOfTurn = () => jest.advanceTimersByTime(0);

  beforeEach(() => {
    jest.useFakeTimers();
    sent = [];
    reports = new ProgressReports(['customers', 'sales', 'audit-log'], (r) => sent.push(r));
    reports.started([
      ['customers', '10'],
      ['sales', '10'],
      ['audit-log', '10'],
    ]);
  });
  afterEach(() => jest.useRealTimers());

  it('says an append’s advances, made over several turns, in one report once every projection is there', () => {
    // given the projections with nothing to write, advanced in the append's first turn
    reports.advance('customers', '12');
    endOfTurn();
    // then nothing is said while the others are still writing
    expect(sent).toEqual([]);
    // when the writers commit, in later turns
    reports.wrote('sales');
    reports.advance('sales', '12');
    endOfTurn();
    expect(sent).toEqual([]);
    reports.wrote('audit-log');
    reports.advance('audit-log', '12');
    endOfTurn();
    // then one report says them all, with the projections that wrote
    expect(said(sent)).toEqual([
      { advanced: { customers: '12', sales: '12', 'audit-log': '12' }, changed: ['audit-log', 'sales'] },
    ]);
    // and nothing more comes later
    jest.advanceTimersByTime(REPORT_WITHIN_MS * 2);
    expect(sent).toHaveLength(1);
  });

  it('says advances made in one turn by every projection at the end of that turn', () => {
    reports.advance('customers', '11');
    reports.advance('sales', '11');
    reports.advance('audit-log', '11');
    expect(sent).toEqual([]);
    endOfTurn();
    expect(said(sent)).toEqual([
      { advanced: { customers: '11', sales: '11', 'audit-log': '11' }, changed: [] },
    ]);
  });

  it('holds progress no longer than its bound while a projection stays behind (failed, or catching up)', () => {
    // given the audit log stuck at 10
    reports.advance('customers', '13');
    reports.advance('sales', '13');
    endOfTurn();
    jest.advanceTimersByTime(REPORT_WITHIN_MS - 1);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(said(sent)).toEqual([{ advanced: { customers: '13', sales: '13' }, changed: [] }]);
    // and the next advances are held the same way, not longer
    reports.advance('customers', '14');
    endOfTurn();
    reports.advance('sales', '14');
    endOfTurn();
    jest.advanceTimersByTime(REPORT_WITHIN_MS);
    expect(said(sent.slice(1))).toEqual([{ advanced: { customers: '14', sales: '14' }, changed: [] }]);
    // when the audit log catches up, the report goes at the end of its turn
    reports.advance('audit-log', '14');
    endOfTurn();
    expect(said(sent.slice(2))).toEqual([{ advanced: { 'audit-log': '14' }, changed: [] }]);
  });

  it('holds progress when a projection never said where it stood (before the thread has started)', () => {
    const early: ProgressReport[] = [];
    const starting = new ProgressReports(['customers', 'sales'], (r) => early.push(r));
    starting.advance('customers', '3');
    endOfTurn();
    expect(early).toEqual([]);
    jest.advanceTimersByTime(REPORT_WITHIN_MS);
    expect(said(early)).toEqual([{ advanced: { customers: '3' }, changed: [] }]);
  });

  it('says what it holds at once when flushed, and nothing when it holds nothing', () => {
    reports.flush();
    expect(sent).toEqual([]);
    reports.wrote('customers');
    reports.advance('customers', '15');
    reports.flush();
    expect(said(sent)).toEqual([{ advanced: { customers: '15' }, changed: ['customers'] }]);
    endOfTurn();
    jest.advanceTimersByTime(REPORT_WITHIN_MS);
    expect(sent).toHaveLength(1);
  });
});
