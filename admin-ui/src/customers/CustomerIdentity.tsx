import { useState } from 'react';
import { Button } from 'react-admin';
import { useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MuiButton from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MergeIcon from '@mui/icons-material/MergeType';
import { useFormat } from '../format/useFormat';
import { failureKey, isHandled } from '../http/errors';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useArea } from '../shell/area';
import { MergeCustomerDialog } from './MergeCustomerDialog';
import type { Customer } from './types';

/** "Likely duplicate": the badge of a customer registered online with a mobile on file (issue 24). */
export const LikelyDuplicateChip = ({ customer }: { customer?: Pick<Customer, 'likely_duplicate'> }) => {
  const translate = useTranslate();
  if (!customer?.likely_duplicate) return null;
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      label={translate('app.customers.duplicates.badge')}
      data-testid="likely-duplicate-badge"
    />
  );
};

/** "Merge" in the customer's toolbar, for whoever may change customers (the desk's edit right). */
export const MergeCustomerButton = () => {
  const record = useRecordContext<Customer>();
  const { canAccess } = useCanAccess({ resource: 'customers', action: 'edit' });
  const [open, setOpen] = useState(false);
  if (!record || !canAccess || record.merged_into) return null;
  return (
    <>
      <Button label="app.customers.merge.button" onClick={() => setOpen(true)} data-testid="customer-merge">
        <MergeIcon />
      </Button>
      <MergeCustomerDialog open={open} onClose={() => setOpen(false)} customer={record} />
    </>
  );
};

/**
 * On a customer's screen: whom she was merged into (her record is read only), or the customers on file
 * she may be the same person as, each with "compare and merge" and "not the same person".
 */
export const CustomerIdentityNotice = () => {
  const record = useRecordContext<Customer>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { basename } = useArea();
  const { dateTime } = useFormat();
  const dataProvider = useAppDataProvider();
  const { canAccess: mayEdit } = useCanAccess({ resource: 'customers', action: 'edit' });
  const [merging, setMerging] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  if (record.merged_into) {
    const into = record.merged_into_customer;
    const name = into?.name ?? '';
    return (
      <Alert
        severity="info"
        sx={{ mb: 2 }}
        data-testid="customer-merged-notice"
        action={
          into && (
            <MuiButton
              color="inherit"
              size="small"
              component={RouterLink}
              to={`${basename}/customers/${into.id}/show`}
              data-testid="open-kept-customer"
            >
              {translate('app.customers.merged.open', { name })}
            </MuiButton>
          )
        }
      >
        <AlertTitle>{translate('app.customers.merged.title', { name })}</AlertTitle>
        {translate('app.customers.merged.hint', { name, date: dateTime(record.merged_at) })}
      </Alert>
    );
  }

  const candidates = record.likely_duplicates ?? [];
  if (candidates.length === 0) return null;
  const dismiss = async (otherId: string) => {
    setBusy(true);
    try {
      await dataProvider.send('POST', `customers/${encodeURIComponent(String(record.id))}/not-duplicate`, {
        customer_id: otherId,
      });
      notify('app.customers.duplicates.not_same_done', { type: 'success' });
      refresh();
    } catch (e) {
      if (!isHandled(e)) notify(failureKey(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="likely-duplicates">
      <AlertTitle>{translate('app.customers.duplicates.title')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('app.customers.duplicates.hint')}
      </Typography>
      <Stack spacing={1.5}>
        {candidates.map((c) => (
          <Box key={c.id} data-testid="likely-duplicate">
            <Link component={RouterLink} to={`${basename}/customers/${c.id}/show`} sx={{ fontWeight: 600 }}>
              <bdi>{c.name}</bdi>
            </Link>
            <Typography variant="body2" component="span" sx={{ marginInlineStart: 1 }}>
              <bdi dir="ltr">{c.mobile}</bdi>
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {translate('app.customers.duplicates.registered', { date: dateTime(c.created_at) })}
            </Typography>
            {mayEdit && (
              <Stack direction="row" sx={{ gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
                <MuiButton
                  size="small"
                  variant="contained"
                  color="warning"
                  startIcon={<MergeIcon />}
                  onClick={() => setMerging(c.id)}
                  data-testid="compare-and-merge"
                >
                  {translate('app.customers.duplicates.compare')}
                </MuiButton>
                <MuiButton
                  size="small"
                  variant="outlined"
                  color="inherit"
                  disabled={busy}
                  onClick={() => dismiss(c.id)}
                  data-testid="not-same-person"
                >
                  {translate('app.customers.duplicates.not_same')}
                </MuiButton>
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
      <MergeCustomerDialog
        open={merging !== undefined}
        onClose={() => setMerging(undefined)}
        customer={record}
        otherId={merging}
      />
    </Alert>
  );
};
