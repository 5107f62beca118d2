import { useEffect, useState } from 'react';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useArea } from '../shell/area';

/** The salons, loaded once, for a list's salon filter. */
export const useSalonChoices = () => {
  const dataProvider = useAppDataProvider();
  const { language } = useArea();
  const [salons, setSalons] = useState<Array<{ id: string; name: string }>>([]);
  useEffect(() => {
    let live = true;
    dataProvider
      .send<Array<{ id: string; account_id: number; name_en: string; name_ar: string }>>(
        'GET',
        'accounts?range=[0,499]',
      )
      .then(
        (found) =>
          live &&
          setSalons(
            (Array.isArray(found) ? found : []).map((a) => ({
              id: String(a.id),
              name: `${language === 'ar' ? a.name_ar || a.name_en : a.name_en || a.name_ar} #${a.account_id}`,
            })),
          ),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider, language]);
  return salons;
};
