import type { DatePreset, ReportPeriod } from './ranges';

type DateLabels = { presets: Record<DatePreset, string>; periods: Record<ReportPeriod, string> };

/** Polyglot catalogues of the picker presets and report periods: `dates.presets.<preset>` etc. */
export const dateMessages: { en: { dates: DateLabels }; ar: { dates: DateLabels } } = {
  en: {
    dates: {
      presets: {
        today: 'Today',
        yesterday: 'Yesterday',
        this_month: 'This month',
        last_month: 'Last month',
        last_quarter: 'Last quarter',
        this_year: 'This year',
      },
      periods: {
        week: 'This week',
        month: 'This month',
        quarter: 'This quarter',
        year: 'This year',
        last_3_months: 'Last 3 months',
        last_12_months: 'Last 12 months',
      },
    },
  },
  ar: {
    dates: {
      presets: {
        today: 'اليوم',
        yesterday: 'أمس',
        this_month: 'هذا الشهر',
        last_month: 'الشهر الماضي',
        last_quarter: 'الربع الماضي',
        this_year: 'هذه السنة',
      },
      periods: {
        week: 'هذا الأسبوع',
        month: 'هذا الشهر',
        quarter: 'هذا الربع',
        year: 'هذه السنة',
        last_3_months: 'آخر ثلاثة أشهر',
        last_12_months: 'آخر اثني عشر شهراً',
      },
    },
  },
};

export const datePresetLabelKey = (preset: DatePreset): string => `dates.presets.${preset}`;
export const reportPeriodLabelKey = (period: ReportPeriod): string => `dates.periods.${period}`;
