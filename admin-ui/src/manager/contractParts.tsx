import { useNotify, useTranslate } from 'ra-core';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DownloadIcon from '@mui/icons-material/Download';
import { failureKey } from '../http/errors';
import { downloadWithToken } from '../imports/download';
import { useArea } from '../shell/area';

/** What the manager's contract screens and the salon's settings both show of a contract. */
export type ContractState = 'sent' | 'signed' | 'cancelled';

const STATE_COLOR: Record<ContractState, 'info' | 'success' | 'default'> = {
  sent: 'info',
  signed: 'success',
  cancelled: 'default',
};

export const ContractStateChip = ({ state }: { state: ContractState }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATE_COLOR[state]}
      label={translate(`app.contracts.state.${state}`)}
      data-testid={`contract-state-${state}`}
    />
  );
};

/** The signed PDF, fetched with the session's token. */
export const ContractPdfButton = ({ path, testId }: { path: string; testId: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { apiBase, session } = useArea();
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      data-testid={testId}
      onClick={(e) => {
        e.stopPropagation();
        downloadWithToken({ url: `${apiBase}/${path}`, token: session.token(), fallbackName: '' }).catch(
          (error: unknown) => notify(failureKey(error), { type: 'error' }),
        );
      }}
    >
      {translate('app.contracts.download')}
    </Button>
  );
};
