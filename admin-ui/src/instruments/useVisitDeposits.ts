import { useEffect, useState } from 'react';
import { useAppDataProvider } from '../http/useAppDataProvider';

/** What a visit's deposits still held come to (minor units): the checkout counts them. */
export const useVisitDeposits = (appointmentId: string | undefined) => {
  const dataProvider = useAppDataProvider();
  const [held, setHeld] = useState(0);
  useEffect(() => {
    setHeld(0);
    if (!appointmentId) return;
    let live = true;
    dataProvider
      .send<Array<{ amount: number; status: string }>>(
        'GET',
        `appointments/${encodeURIComponent(appointmentId)}/deposits`,
      )
      .then(
        (list) =>
          live && setHeld(list.filter((d) => d.status === 'active').reduce((sum, d) => sum + d.amount, 0)),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [appointmentId]);
  return held;
};
