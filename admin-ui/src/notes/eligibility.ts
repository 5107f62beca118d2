import { useEffect, useState } from 'react';
import type { ErrorDetail } from '@rawnaq/contracts';
import { failureKey } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';

type Eligibility = { allowed: true } | { allowed: false; key: string; params: ErrorDetail['params'] };

/**
 * Whether a note of `kind` may be issued on the invoice now, as the server answers it
 * (`GET invoices/:id/note-eligibility`: the rule the note commands decide on, judged on the invoice
 * with its e-invoicing state as its e-invoice has it), never guessed from a copy of the invoice:
 * `undefined` while it answers, then `{ refused }` (the reason, if any).
 */
export const useNoteEligibility = (
  invoiceId: string,
  kind: 'credit_note' | 'debit_note',
  enabled: boolean,
): { refused: ErrorDetail | undefined } | undefined => {
  const dataProvider = useAppDataProvider();
  const [answer, setAnswer] = useState<{ refused: ErrorDetail | undefined }>();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setAnswer(undefined);
    dataProvider
      .send<Record<typeof kind, Eligibility>>('GET', `invoices/${invoiceId}/note-eligibility`)
      .then((found) => {
        const one = found[kind];
        if (live) setAnswer({ refused: one.allowed ? undefined : { key: one.key, params: one.params } });
      })
      .catch((error: unknown) => live && setAnswer({ refused: { key: failureKey(error) } }));
    return () => {
      live = false;
    };
  }, [dataProvider, invoiceId, kind, enabled]);
  return answer;
};
