import { useTranslate } from 'ra-core';
import { DOCUMENT_EINVOICING, type DocumentEInvoicing, type GlobalInformation } from '@rawnaq/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useOptionalGlobalInformation } from '../layout/globalInformationContext';

export const EINVOICING_COLORS: Record<DocumentEInvoicing, ChipProps['color']> = {
  not_applicable: 'default',
  not_reported: 'default',
  pending: 'warning',
  reported: 'success',
  reported_with_warnings: 'success',
  cleared: 'success',
  rejected: 'error',
};

/**
 * Where a sales document (invoice, credit or debit note) stands with ZATCA, as its read model says:
 * its e-invoice's state once signed, which the lists, their filter and the pages all show alike.
 */
export const EInvoicingChip = ({ state }: { state: DocumentEInvoicing | undefined }) => {
  const translate = useTranslate();
  if (!state) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={EINVOICING_COLORS[state]}
      sx={{ maxWidth: '100%' }}
      label={translate(`app.sales.einvoicing.${state}`)}
      data-testid="einvoicing-status"
      data-state={state}
    />
  );
};

/** The same in a line of text (a phone's list row, where a chip would not fit in the text). */
export const EInvoicingText = ({ state }: { state: DocumentEInvoicing | undefined }) => {
  const translate = useTranslate();
  if (!state) return null;
  return (
    <span data-testid="einvoicing-status" data-state={state}>
      {translate(`app.sales.einvoicing.${state}`)}
    </span>
  );
};

/** The states a Saudi salon's documents can be in, for a list's filter. */
export const einvoicingChoices = () =>
  DOCUMENT_EINVOICING.filter((s) => s !== 'not_applicable').map((s) => ({
    id: s,
    name: `app.sales.einvoicing.${s}`,
  }));

/** Whether the salon reports its documents to ZATCA (Saudi Arabia): only then do lists show where they stand. */
export const useReportsToZatca = () =>
  useOptionalGlobalInformation<GlobalInformation>()?.global_informations?.account.country_id === 1;
