import { useGetList, useTranslate } from 'ra-core';
import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import { MoneyReport, ReportTable, type ReportColumn } from '../reports/MoneyReport';
import { useArea } from '../shell/area';
import { useNameSort } from '../shell/names';

type Stars = [number, number, number, number, number];
/** An employee's (or a service's, or the period's) ratings: how many, their average, each star's count. */
type Tally = {
  id: string;
  name_en: string;
  name_ar: string;
  ratings: number;
  average: number | null;
  stars: Stars;
};
type Comment = {
  invoice_id: string;
  invoice_number: number;
  rating: number;
  comment: string;
  customer_name: string | null;
  rated_at: string;
  employees: Array<{ name_en: string; name_ar: string }>;
};
type Answer = {
  from: string;
  to: string;
  rows: Tally[];
  totals: Tally;
  services: Tally[];
  comments: Comment[];
};

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

/** Each star's share of the ratings, as bars (5 first). */
const Distribution = ({ totals }: { totals: Tally }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 2, maxWidth: 480 }} data-testid="surveys-distribution">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {translate('app.feedback.surveys.distribution')}
      </Typography>
      {[5, 4, 3, 2, 1].map((n) => {
        const count = totals.stars[n - 1];
        return (
          <Stack key={n} direction="row" sx={{ alignItems: 'center', gap: 1, mb: 0.5 }}>
            <Typography variant="body2" sx={{ width: 36, flexShrink: 0 }}>
              <bdi>{translate('app.feedback.surveys.stars', { n })}</bdi>
            </Typography>
            <LinearProgress
              variant="determinate"
              value={totals.ratings ? (count * 100) / totals.ratings : 0}
              color={n <= 2 ? 'error' : n === 3 ? 'warning' : 'success'}
              sx={{ flex: 1, height: 8, borderRadius: 1 }}
            />
            <Typography variant="body2" sx={{ width: 32, textAlign: 'end' }}>
              {count}
            </Typography>
          </Stack>
        );
      })}
    </Box>
  );
};

/**
 * `reports/surveys-report` (page 6, 38): what customers said of their visits over a period, by
 * employee (the table), by service, the stars' spread and the comments, newest first.
 */
export const SurveysReport = () => {
  const translate = useTranslate();
  const { language } = useArea();
  const byName = useNameSort();
  const { dateTime } = useFormat();
  const [employee, setEmployee] = useState('');
  const { data: employees = [] } = useGetList<{ id: string; name_en: string; name_ar: string }>(
    'employees/employees',
    { pagination: { page: 1, perPage: 500 }, sort: byName },
  );
  const t = (key: string, args?: Record<string, unknown>) => translate(`app.feedback.surveys.${key}`, args);
  const nameOf = (r: { name_en: string; name_ar: string }) =>
    (language === 'ar' ? r.name_ar || r.name_en : r.name_en || r.name_ar) || t('unnamed');
  const average = (r: Tally) => (r.average === null ? '—' : r.average.toFixed(2));
  const columns = (first: string): ReportColumn<Tally>[] => [
    { key: 'name', label: first, value: (r) => (r.id === 'totals' ? t('all') : nameOf(r)), align: 'start' },
    { key: 'ratings', label: t('ratings'), value: (r) => r.ratings, align: 'end' },
    { key: 'average', label: t('average'), value: average, align: 'end' },
    ...[5, 4, 3, 2, 1].map((n) => ({
      key: `stars${n}`,
      label: t('stars', { n }),
      value: (r: Tally) => r.stars[n - 1],
      align: 'end' as const,
    })),
  ];
  return (
    <MoneyReport<Tally, Answer>
      path="reports/surveys-report"
      kind="daily"
      initialPreset="this_month"
      title="app.feedback.surveys.title"
      file="app.feedback.surveys.file"
      testId="surveys-report"
      empty="app.feedback.surveys.no_ratings"
      minWidth={560}
      query={employee ? `&employee_id=${encodeURIComponent(employee)}` : ''}
      rowKey={(r) => r.id}
      columns={() => columns(t('employee'))}
      filters={
        <TextField
          select
          size="small"
          label={t('employee')}
          value={employee}
          onChange={(e) => setEmployee(e.target.value)}
          sx={{ minWidth: 180 }}
          data-testid="surveys-employee"
        >
          <MenuItem value="">{t('any_employee')}</MenuItem>
          {employees.map((e) => (
            <MenuItem key={e.id} value={e.id}>
              {nameOf(e)}
            </MenuItem>
          ))}
        </TextField>
      }
      cards={(a) => [
        { key: 'average', label: t('average'), value: <bdi>{average(a.totals)}</bdi> },
        { key: 'ratings', label: t('ratings'), value: a.totals.ratings },
      ]}
      extra={(a) => (
        <Box>
          {a.totals.ratings > 0 && <Distribution totals={a.totals} />}
          {a.services.length > 0 && (
            <Box sx={{ mb: 2 }} data-testid="surveys-by-service">
              <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
                {t('by_service')}
              </Typography>
              <ReportTable
                columns={columns(t('service'))}
                rows={a.services}
                rowKey={(r) => r.id}
                empty=""
                minWidth={560}
              />
            </Box>
          )}
          <Box sx={{ mb: 2 }} data-testid="surveys-comments">
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {t('comments')}
            </Typography>
            {a.comments.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('no_comments')}
              </Typography>
            ) : (
              <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
                {a.comments.map((c) => (
                  <Box
                    component="li"
                    key={c.invoice_id}
                    sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.25 }}
                  >
                    <Typography
                      variant="body2"
                      color={c.rating <= 2 ? 'error' : 'text.primary'}
                      aria-label={`${c.rating}/5`}
                    >
                      <bdi dir="ltr">{stars(c.rating)}</bdi>
                    </Typography>
                    <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      <bdi>{c.comment}</bdi>
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      <bdi>{c.customer_name ?? t('walk_in')}</bdi> ·{' '}
                      <bdi>{t('invoice', { number: c.invoice_number })}</bdi> ·{' '}
                      <bdi>{dateTime(c.rated_at)}</bdi>
                      {c.employees.length > 0 && (
                        <>
                          {' '}
                          · <bdi>{c.employees.map(nameOf).join(language === 'ar' ? '، ' : ', ')}</bdi>
                        </>
                      )}
                    </Typography>
                  </Box>
                ))}
              </Stack>
            )}
          </Box>
        </Box>
      )}
    />
  );
};
