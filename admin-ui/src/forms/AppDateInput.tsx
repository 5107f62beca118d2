import { DateInput, type DateInputProps } from 'react-admin';
import { useWatch } from 'react-hook-form';

/**
 * react-admin's DateInput, marked empty while it has no value: the theme then hides the browser's own
 * format hint (mm/dd/yyyy), which follows the browser's language rather than the page's.
 */
export const AppDateInput = (props: DateInputProps) => {
  const value = useWatch({ name: props.source }) as unknown;
  const empty = value === undefined || value === null || value === '';
  const htmlInput = (props.slotProps?.htmlInput ?? {}) as Record<string, unknown>;
  return (
    <DateInput
      {...props}
      slotProps={{ ...props.slotProps, htmlInput: { ...htmlInput, 'data-empty': empty ? 'true' : 'false' } }}
    />
  );
};
