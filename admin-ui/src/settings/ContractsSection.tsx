import { useEffect, useState } from 'react';
import { useTranslate, type RaRecord } from 'ra-core';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import { useBackgroundDataProvider } from '../http/useAppDataProvider';
import { ContractPdfButton, ContractStateChip } from '../manager/contractParts';

type Contract = RaRecord & {
  title: string;
  state: 'sent' | 'signed' | 'cancelled';
  sent_at: string;
  signed_at?: string;
  signer_name?: string;
  link?: string;
};

/**
 * "Your contracts with Rawnaq" (issue 27), in the general settings: what the platform sent the salon,
 * each to open and sign on its link, or to download once signed. The owner's (admin roles) only: others
 * are refused the list and see nothing of it.
 */
export const ContractsSection = () => {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  // in the background: a user who is not the salon's admin is refused the list, and sees nothing of it
  const dataProvider = useBackgroundDataProvider();
  const [contracts, setContracts] = useState<Contract[] | null>(null);
  useEffect(() => {
    let live = true;
    dataProvider
      .getList<Contract>('contracts', {
        pagination: { page: 1, perPage: 50 },
        sort: { field: 'sent_at', order: 'DESC' },
        filter: {},
      })
      .then(
        (r) => live && setContracts(r.data),
        () => live && setContracts(null),
      );
    return () => {
      live = false;
    };
  }, [dataProvider]);
  if (contracts === null) return null;
  return (
    <Card data-testid="salon-contracts" sx={{ mt: 2 }}>
      <CardHeader title={translate('app.contracts.my_title')} />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(contracts.length ? 'app.contracts.my_hint' : 'app.contracts.my_empty')}
        </Typography>
        <List disablePadding>
          {contracts.map((c) => (
            <ListItem key={c.id} divider disableGutters data-testid={`salon-contract-${c.id}`}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                sx={{ width: '100%', gap: 1, alignItems: { sm: 'center' } }}
              >
                <Stack sx={{ flex: '1 1 auto', minWidth: 0 }}>
                  <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
                    <bdi>{c.title}</bdi>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    <bdi>{dateTime(c.state === 'signed' ? c.signed_at : c.sent_at)}</bdi>
                    {c.state === 'signed' && c.signer_name ? (
                      <>
                        {' · '}
                        <bdi>{c.signer_name}</bdi>
                      </>
                    ) : null}
                  </Typography>
                </Stack>
                <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <ContractStateChip state={c.state} />
                  {c.state === 'sent' && c.link && (
                    <Button
                      variant="contained"
                      href={c.link}
                      target="_blank"
                      rel="noreferrer"
                      data-testid="salon-contract-open"
                    >
                      {translate('app.contracts.open')}
                    </Button>
                  )}
                  {c.state === 'signed' && (
                    <ContractPdfButton path={`contracts/${c.id}/pdf`} testId="salon-contract-pdf" />
                  )}
                </Stack>
              </Stack>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
};
