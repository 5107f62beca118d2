import { useWatch } from 'react-hook-form';
import { closesNextDay } from '@rawnaq/contracts';

const TIME = /^\d{2}:\d{2}/;

/**
 * Whether the hours typed in two time inputs run past midnight (16:00-02:00): a closing time earlier
 * than the opening one closes the next day, and the form says so beside it.
 */
export const useClosesNextDay = (fromSource: string, toSource: string): boolean => {
  const [from, to] = useWatch({ name: [fromSource, toSource] }) as [unknown, unknown];
  return typeof from === 'string' && typeof to === 'string' && TIME.test(from) && TIME.test(to)
    ? closesNextDay(from, to)
    : false;
};
