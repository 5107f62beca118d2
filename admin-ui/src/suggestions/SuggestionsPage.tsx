import { useState } from 'react';
import { SaveButton, SimpleForm, TextInput, Title, Toolbar } from 'react-admin';
import { useGetList, useNotify, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormat } from '../format/useFormat';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useSubmissionErrors } from '../forms/submissionErrors';
import { useArea } from '../shell/area';

/** Who sent it, in the screen's language. */
export const senderOf = (s: SuggestionRow, language: string) =>
  (language === 'ar' ? s.sender_ar : s.sender_en) || s.user_name;

/** The statuses of doc1 (0 rejected, 1 new, 2 under processing, 3 done), and their chips' colours. */
export const SUGGESTION_STATUS_COLOR = {
  0: 'default',
  1: 'info',
  2: 'warning',
  3: 'success',
} as const;
export type SuggestionRow = {
  id: string;
  title: string;
  details: string;
  status: 0 | 1 | 2 | 3;
  reply: string | null;
  user_name: string;
  sender_en?: string;
  sender_ar?: string;
  created_at: string;
  answered_at: string | null;
};

export const SuggestionStatusChip = ({ status }: { status: SuggestionRow['status'] }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={SUGGESTION_STATUS_COLOR[status] ?? 'default'}
      label={translate(`app.suggestions.status.${status}`)}
      data-testid="suggestion-status"
    />
  );
};

const PER_PAGE = 10;

/**
 * `development-suggestions` (the salon's back office, from the user menu): a suggestion to the
 * platform, and the salon's suggestions with the platform's status and reply.
 */
export const SuggestionsPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const submissionErrors = useSubmissionErrors('development-suggestions');
  const { dateTime } = useFormat();
  const { language } = useArea();
  const [generation, setGeneration] = useState(0);
  const [page, setPage] = useState(1);
  const { data, total, refetch } = useGetList<SuggestionRow>('development-suggestions', {
    pagination: { page, perPage: PER_PAGE },
    sort: { field: 'created_at', order: 'DESC' },
  });
  const send = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.send('POST', 'development-suggestions', {
        title: values.title,
        details: values.details,
      });
      notify('app.suggestions.sent', { type: 'success' });
      setGeneration((n) => n + 1);
      setPage(1);
      void refetch();
      return undefined;
    } catch (error) {
      return submissionErrors(error);
    }
  };
  return (
    <Box sx={{ py: 2, maxWidth: 900, minWidth: 0 }} data-testid="suggestions-page">
      <Title title="app.suggestions.title" />
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent sx={{ pb: 0 }}>
          <Typography variant="h6" component="h2">
            {translate('app.suggestions.new')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.suggestions.hint')}
          </Typography>
        </CardContent>
        <SimpleForm
          key={generation}
          resource="development-suggestions"
          record={{ title: '', details: '' }}
          onSubmit={send}
          toolbar={
            <Toolbar>
              <SaveButton label="app.suggestions.send" alwaysEnable={false} data-testid="send-suggestion" />
            </Toolbar>
          }
        >
          <TextInput source="title" fullWidth />
          <TextInput source="details" fullWidth multiline minRows={3} />
        </SimpleForm>
      </Card>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.suggestions.mine')}
      </Typography>
      {data && data.length === 0 && (
        <Typography color="text.secondary" data-testid="list-empty">
          {translate('app.suggestions.empty')}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {data?.map((s) => (
          <Card key={s.id} variant="outlined" data-testid="suggestion">
            <CardContent>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', mb: 0.5 }}>
                <Typography
                  sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
                  dir="auto"
                >
                  {s.title}
                </Typography>
                <SuggestionStatusChip status={s.status} />
              </Stack>
              <Typography variant="caption" color="text.secondary">
                <bdi>{senderOf(s, language)}</bdi> · {dateTime(s.created_at)}
              </Typography>
              <Typography
                variant="body2"
                sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 1 }}
                dir="auto"
              >
                {s.details}
              </Typography>
              {s.reply && (
                <Box
                  sx={{ mt: 1.5, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}
                  data-testid="suggestion-reply"
                >
                  <Typography variant="caption" color="text.secondary">
                    {translate('app.suggestions.reply')}
                    {s.answered_at ? ` · ${dateTime(s.answered_at)}` : ''}
                  </Typography>
                  <Typography
                    variant="body2"
                    sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                    dir="auto"
                  >
                    {s.reply}
                  </Typography>
                </Box>
              )}
            </CardContent>
          </Card>
        ))}
      </Stack>
      {(total ?? 0) > PER_PAGE && (
        <Pagination
          sx={{ mt: 2 }}
          page={page}
          count={Math.ceil((total ?? 0) / PER_PAGE)}
          onChange={(_e, p) => setPage(p)}
        />
      )}
    </Box>
  );
};
