import { useCallback, useEffect, useState } from 'react';
import { useAppDataProvider } from '../http/useAppDataProvider';

export type WalletMovement = {
  id: string;
  kind: 'top_up' | 'invoice' | 'refund' | 'moved_in' | 'moved_out';
  amount: number;
  balance: number;
  at: string;
  business_date: string;
  method?: number;
  notes?: string | null;
  invoice_id?: string;
  invoice_number?: number;
  credit_note_number?: number;
};

export type Wallet = { balance: number; movements: WalletMovement[]; total: number };

/** A customer's wallet (GET customers/:id/wallet): its balance and latest movements; none for a walk-in. */
export const useWallet = (customerId: string | undefined, enabled = true) => {
  const dataProvider = useAppDataProvider();
  const [wallet, setWallet] = useState<Wallet | undefined>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    setWallet(undefined);
    if (!customerId || !enabled) return;
    let live = true;
    dataProvider
      .send<Wallet>(
        'GET',
        `customers/${encodeURIComponent(customerId)}/wallet?range=${encodeURIComponent('[0,49]')}`,
      )
      .then((w) => live && setWallet(w))
      .catch(() => live && setWallet(undefined));
    return () => {
      live = false;
    };
  }, [customerId, enabled, round]);
  return { wallet, reload: useCallback(() => setRound((r) => r + 1), []) };
};
