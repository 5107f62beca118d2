import { useEffect, useState } from 'react';
import { SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useArea } from '../shell/area';
import { nameField } from '../shell/names';

type City = { id: string; name_en: string; name_ar: string; country_id: number };

/**
 * The salon's city: the platform's cities of the country chosen in the same form (the manager keeps
 * them in `platform-setting/cities-list`); none offered says so instead of an empty list.
 */
export const CityInput = ({ readOnly }: { readOnly?: boolean }) => {
  const dataProvider = useAppDataProvider();
  const { language } = useArea();
  const countryId = useWatch({ name: 'country_id' }) as number | string | undefined;
  const [cities, setCities] = useState<City[]>();
  useEffect(() => {
    let live = true;
    setCities(undefined);
    const filter = encodeURIComponent(JSON.stringify({ country_id: Number(countryId) }));
    // in the order of the names the screen shows
    const sort = encodeURIComponent(JSON.stringify([nameField(language), 'ASC']));
    dataProvider
      .send<City[]>('GET', `platform-lists/cities?filter=${filter}&range=[0,499]&sort=${sort}`)
      .then((found) => live && setCities(Array.isArray(found) ? found : []))
      .catch(() => live && setCities([]));
    return () => {
      live = false;
    };
  }, [dataProvider, countryId, language]);
  const choices = (cities ?? []).map((c) => ({
    id: c.id,
    name: (language === 'ar' ? c.name_ar || c.name_en : c.name_en || c.name_ar) ?? '',
  }));
  return (
    <SelectInput
      source="city_id"
      choices={choices}
      isLoading={cities === undefined}
      readOnly={readOnly}
      fullWidth
      emptyText="app.settings.general.no_city"
      helperText={cities && cities.length === 0 ? 'app.settings.general.no_cities' : false}
    />
  );
};
