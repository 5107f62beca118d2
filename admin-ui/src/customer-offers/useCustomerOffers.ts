import { useCallback, useEffect, useState } from 'react';
import type { CustomerOffer } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';

/** A customer's purchased offers and packages (GET customers/:id/offers); none for a walk-in. */
export const useCustomerOffers = (customerId: string | undefined, enabled = true) => {
  const dataProvider = useAppDataProvider();
  const [offers, setOffers] = useState<CustomerOffer[] | undefined>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    setOffers(undefined);
    if (!customerId || !enabled) return;
    let live = true;
    dataProvider
      .send<{ offers: CustomerOffer[] }>('GET', `customers/${encodeURIComponent(customerId)}/offers`)
      .then((answer) => live && setOffers(answer.offers))
      .catch(() => live && setOffers(undefined));
    return () => {
      live = false;
    };
  }, [customerId, enabled, round]);
  return { offers, reload: useCallback(() => setRound((r) => r + 1), []) };
};
