import { defaultSalonChart, type SalonAccount, type SalonChart } from '@rawnaq/contracts';
import type { ReadModels } from '@rawnaq/platform';

/** At most this many accounts of its own in a salon's chart (a screenful of groups and accounts). */
const MAX_OWN = 2000;

/**
 * The salon's chart: the default chart with the salon's changes laid over it (names of system accounts,
 * its own groups and accounts, what it disabled). Every reader of the books goes through it.
 */
export const chartOf = async (models: ReadModels, tenantId: string): Promise<SalonChart> => {
  const chart = defaultSalonChart();
  const docs = await models.find('chart_accounts', { filter: { tenantId }, limit: MAX_OWN });
  for (const d of docs) {
    const code = d.code as string;
    const before = chart.get(code);
    if (before)
      chart.set(code, {
        ...before,
        name_en: (d.name_en as string | undefined) ?? before.name_en,
        name_ar: (d.name_ar as string | undefined) ?? before.name_ar,
        disabled: d.disabled === true,
      });
    else if (d.own === true)
      chart.set(code, {
        code,
        name_en: d.name_en as string,
        name_ar: d.name_ar as string,
        main_type: d.main_type as SalonAccount['main_type'],
        subtype: d.subtype as SalonAccount['subtype'],
        kind: d.kind as string,
        parent: d.parent as string,
        group: d.group === true,
        system: false,
        disabled: d.disabled === true,
      });
  }
  return chart;
};
