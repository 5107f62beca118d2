import { SelectInput, type SelectInputProps } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useSourceContext } from 'ra-core';
import { formatViewTime } from '@rawnaq/contracts';
import { useArea } from '../shell/area';

/** Every quarter of a day, 'HH:mm' (doc2 §9: times are on quarters). */
export const QUARTERS_OF_DAY = Array.from(
  { length: 96 },
  (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
);

/**
 * A time of day picked from the quarters, written the page's way ('04:00 PM', '04:00 م'): a native
 * time field would write it the browser's way, in its language, whatever the page's. The form keeps
 * 'HH:mm' as before. `quarters` limits the list (the salon's hours of the day, in their order); the
 * value in the field stays offered.
 */
export const TimeOfDayInput = ({
  quarters = QUARTERS_OF_DAY,
  ...props
}: Omit<SelectInputProps, 'choices'> & { quarters?: readonly string[] }) => {
  const { language } = useArea();
  const sourceContext = useSourceContext();
  const name = sourceContext?.getSource(props.source ?? '') ?? props.source ?? '';
  const value = useWatch({ name }) as unknown;
  const current = typeof value === 'string' ? value.slice(0, 5) : '';
  const times = current && !quarters.includes(current) ? [...quarters, current].sort() : quarters;
  return (
    <SelectInput
      {...props}
      choices={times.map((t) => ({ id: t, name: formatViewTime(t, { locale: language }) }))}
      translateChoice={false}
      format={(v: unknown) => (typeof v === 'string' ? v.slice(0, 5) : '')}
    />
  );
};
