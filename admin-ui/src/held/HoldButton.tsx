import { useRef, useState } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import PauseIcon from '@mui/icons-material/PauseCircleOutlined';
import { isHandled } from '../http/errors';
import { problemsOf } from '../billing/problems';
import type { TillProblem } from '../billing/basket';
import { newKey } from '../shell/newKey';
import { useAppDataProvider } from '../http/useAppDataProvider';

/**
 * The till's "Hold" (doc2 §6 `hold_invoice`): keeps the basket as a held invoice and starts a new
 * sale. One key per basket held: a second click or a retry holds it once.
 */
export const HoldButton = ({
  body,
  problems,
  disabled,
  onHeld,
  onProblems,
  testId = 'billing-hold',
  sx,
}: {
  body: () => object;
  /** what is wrong with the basket before anything is sent (the till's own checks, as for issuing) */
  problems?: () => TillProblem[];
  disabled?: boolean;
  onHeld: () => void;
  onProblems: (problems: TillProblem[]) => void;
  testId?: string;
  sx?: object;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const hold = async () => {
    if (busy) return;
    const wrong = problems?.() ?? [];
    if (wrong.length) return onProblems(wrong);
    const payload = body();
    const fingerprint = JSON.stringify(payload);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
    setBusy(true);
    try {
      await dataProvider.send('POST', 'held-invoices', payload, { idempotencyKey: attempt.current.key });
      notify('app.held.held', { type: 'info' });
      onHeld();
    } catch (error) {
      if (!isHandled(error)) onProblems(problemsOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="large"
      onClick={hold}
      disabled={disabled || busy}
      startIcon={<PauseIcon />}
      data-testid={testId}
      sx={sx}
    >
      {busy ? translate('app.held.holding') : translate('app.held.hold')}
    </Button>
  );
};
