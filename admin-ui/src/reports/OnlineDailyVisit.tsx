import { useTranslate } from 'ra-core';
import { MoneyReport, type ReportColumn } from './MoneyReport';

/** A day of `reports/online-daily-visit`: its pages' views, its online bookings, the booking page's conversion. */
export type OnlineVisitRow = {
  date: string;
  home: number;
  booking: number;
  price_list: number;
  other: number;
  views: number;
  bookings: number;
  /** bookings per hundred views of the booking page; null without a view */
  conversion: number | null;
};
type Answer = { from: string; to: string; rows: OnlineVisitRow[]; totals: OnlineVisitRow };

const COUNTS = ['home', 'booking', 'price_list', 'other', 'views', 'bookings'] as const;
const percent = (v: number | null) => (v === null ? '—' : `${v}%`);

/**
 * `reports/online-daily-visit` (doc1 §2 management reports): how many people opened the salon's online
 * pages each day, how many booked, and how many of the booking page's views ended in a booking.
 */
export const OnlineDailyVisit = () => {
  const translate = useTranslate();
  return (
    <MoneyReport<OnlineVisitRow, Answer>
      path="reports/online-daily-visit"
      kind="daily"
      initialPreset="this_month"
      title="app.management.titles.online_visits"
      file="app.management.files.online_visits"
      testId="online-daily-visit"
      empty="app.management.no_visits"
      minWidth={640}
      rowKey={(r) => r.date}
      columns={() =>
        [
          { key: 'date', label: translate('app.reports.columns.date'), value: (r) => r.date, align: 'start' },
          ...COUNTS.map((c) => ({
            key: c,
            label: translate(`app.management.online_visits.${c}`),
            value: (r: OnlineVisitRow) => String(r[c]),
          })),
          {
            key: 'conversion',
            label: translate('app.management.online_visits.conversion'),
            value: (r) => percent(r.conversion),
          },
        ] satisfies ReportColumn<OnlineVisitRow>[]
      }
      cards={(a) => [
        { key: 'views', label: translate('app.management.online_visits.views'), value: a.totals.views },
        {
          key: 'bookings',
          label: translate('app.management.online_visits.bookings'),
          value: a.totals.bookings,
        },
        {
          key: 'conversion',
          label: translate('app.management.online_visits.conversion'),
          value: percent(a.totals.conversion),
        },
      ]}
    />
  );
};
