import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { DEFAULT_WEEK } from '@rawnaq/contracts';

/**
 * A day switched from closed to open gets hours to start from when it has none (a day saved closed
 * keeps no times): the usual hours of that weekday, which the user then changes or keeps. An open day
 * needs both times, so without this the reopened day could not be saved until both were typed.
 */
export const useHoursOnReopen = (base: string, weekday: number) => {
  const { getValues, setValue } = useFormContext();
  const open = useWatch({ name: `${base}.is_open` }) as boolean | undefined;
  const before = useRef(open);
  useEffect(() => {
    const reopened = before.current === false && open === true;
    before.current = open;
    if (!reopened || getValues(`${base}.from`) || getValues(`${base}.to`)) return;
    const usual = DEFAULT_WEEK[weekday] ?? DEFAULT_WEEK[0];
    setValue(`${base}.from`, usual.from, { shouldDirty: true, shouldValidate: true });
    setValue(`${base}.to`, usual.to, { shouldDirty: true, shouldValidate: true });
  }, [open, base, weekday, getValues, setValue]);
};
