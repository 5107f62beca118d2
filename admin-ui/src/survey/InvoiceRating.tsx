import { useGetOne, useTranslate } from 'ra-core';
import { codeLabelKey } from '@rawnaq/contracts';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useArea } from '../shell/area';

type InvoiceRatingDoc = { id: string; rating: number; comment?: string; rated_at: string };

/** The customer's rating on the invoice page (e-survey), or that it is not rated yet and its link. */
export const InvoiceRating = ({ invoiceId, uniqueId }: { invoiceId: string; uniqueId: string }) => {
  const translate = useTranslate();
  const { language } = useArea();
  // 404 until the customer rates: that is an answer, not an error to retry or report
  const { data, isPending } = useGetOne<InvoiceRatingDoc>(
    'invoice-ratings',
    { id: invoiceId },
    { retry: false },
  );
  if (isPending) return null;
  return (
    <Stack spacing={0.5} data-testid="invoice-rating">
      {data ? (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <Rating value={data.rating} readOnly size="small" />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {translate(codeLabelKey('rating', data.rating))}
            </Typography>
          </Stack>
          {data.comment && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <bdi>{data.comment}</bdi>
            </Typography>
          )}
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.survey.not_rated')} ·{' '}
          <Link href={`/${language}/e-survey/${uniqueId}`} target="_blank" rel="noopener">
            {translate('app.survey.survey_link')}
          </Link>
        </Typography>
      )}
    </Stack>
  );
};
