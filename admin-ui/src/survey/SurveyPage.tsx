import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { usePublicDocument } from '../http/usePublicDocument';
import { codeLabelKey } from '@rawnaq/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { useArea } from '../shell/area';

/** `GET /api/public/e-survey/{uniqueId}`: the salon, the invoice, and whether it is rated. */
type Survey = {
  unique_id: string;
  number: number;
  salon: { name_en: string; name_ar: string };
  rated: boolean;
};

/** The customer pages' frame: the language switch, then one card in the middle. */
export const PublicFrame = ({ children }: { children: ReactNode }) => (
  <Box
    component="main"
    sx={{ minHeight: '100vh', bgcolor: 'background.default', px: { xs: 1, sm: 2 }, py: 2 }}
  >
    <Box sx={{ mx: 'auto', maxWidth: 520, mb: 2 }}>
      <LanguageSwitch color="primary" />
    </Box>
    <Paper variant="outlined" sx={{ mx: 'auto', maxWidth: 520, p: { xs: 2, sm: 3 } }}>
      {children}
    </Paper>
  </Box>
);

/**
 * `/{lang}/e-survey/{uniqueId}` (doc1 §2): the customer rates her visit out of 5, each star with its
 * word, and may say more; once per invoice, then `invoice-rated-successfully/{uniqueId}`.
 */
export const SurveyPage = () => {
  const { uniqueId } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const { language } = useArea();
  const { state, retry } = usePublicDocument<Survey>('e-survey', uniqueId);
  const [rating, setRating] = useState<number | null>(null);
  const [hover, setHover] = useState(-1);
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const done = `/${language}/invoice-rated-successfully/${uniqueId}`;
  useEffect(() => {
    document.title = translate('app.survey.title');
  }, [translate]);
  useEffect(() => {
    if (state.kind === 'found' && state.document.rated)
      navigate(done, { replace: true, state: { already: true } });
  }, [state]);

  if (state.kind === 'loading')
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
        <CircularProgress />
      </Box>
    );
  if (state.kind !== 'found')
    return (
      <PublicFrame>
        <Box sx={{ textAlign: 'center' }} data-testid={`survey-${state.kind}`}>
          <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
            {translate(state.kind === 'not-found' ? 'app.survey.not_found_title' : 'app.survey.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate(state.kind === 'not-found' ? 'app.survey.not_found' : 'app.survey.failed')}
          </Typography>
          {state.kind === 'failed' && (
            <Button variant="contained" onClick={retry}>
              {translate('app.survey.retry')}
            </Button>
          )}
        </Box>
      </PublicFrame>
    );

  const survey = state.document;
  const salon = language === 'ar' ? survey.salon.name_ar || survey.salon.name_en : survey.salon.name_en;
  const shown = hover !== -1 ? hover : rating;
  const send = async () => {
    setTried(true);
    if (!rating || busy) return;
    setBusy(true);
    setFailed(false);
    try {
      const res = await window.fetch(`/api/public/e-survey/${encodeURIComponent(survey.unique_id)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ rating, ...(comment.trim() && { comment: comment.trim() }) }),
      });
      // rated now, or already: either way the visit is rated
      if (res.status === 201 || res.status === 409)
        return navigate(done, { replace: true, state: { already: res.status === 409 } });
      setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <PublicFrame>
      <Stack spacing={2} data-testid="survey">
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {translate('app.survey.title')}
        </Typography>
        <Typography color="text.secondary">
          {translate('app.survey.intro', { salon, number: survey.number })}
        </Typography>
        <Box>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
            {translate('app.survey.stars')}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Rating
              name="rating"
              size="large"
              value={rating}
              onChange={(_e, v) => setRating(v)}
              onChangeActive={(_e, v) => setHover(v)}
              getLabelText={(v) => `${v} · ${translate(codeLabelKey('rating', v))}`}
              data-testid="survey-rating"
            />
            <Typography sx={{ fontWeight: 600, minWidth: 80 }} data-testid="survey-label">
              {shown ? translate(codeLabelKey('rating', shown)) : ''}
            </Typography>
          </Stack>
          {tried && !rating && (
            <Typography color="error" variant="body2" data-testid="survey-choose">
              {translate('app.survey.choose')}
            </Typography>
          )}
        </Box>
        <TextField
          multiline
          minRows={3}
          label={translate('app.survey.comment')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'survey-comment' } }}
        />
        {failed && (
          <Typography color="error" variant="body2">
            {translate('app.survey.failed')}
          </Typography>
        )}
        <Button variant="contained" size="large" onClick={send} disabled={busy} data-testid="survey-send">
          {busy ? translate('app.survey.sending') : translate('app.survey.send')}
        </Button>
      </Stack>
    </PublicFrame>
  );
};

/** `/{lang}/invoice-rated-successfully/{uniqueId}`: thanks, and the way back to the invoice. */
export const RatedPage = () => {
  const { uniqueId } = useParams();
  const translate = useTranslate();
  const { language } = useArea();
  const { state } = usePublicDocument<Survey>('e-survey', uniqueId);
  useEffect(() => {
    document.title = translate('app.survey.thanks_title');
  }, [translate]);
  const salon =
    state.kind === 'found'
      ? language === 'ar'
        ? state.document.salon.name_ar || state.document.salon.name_en
        : state.document.salon.name_en
      : '';
  const already = (window.history.state?.usr as { already?: boolean } | undefined)?.already === true;
  return (
    <PublicFrame>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} data-testid="survey-thanks">
        <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {translate('app.survey.thanks_title')}
        </Typography>
        <Typography color="text.secondary">
          {already ? translate('app.survey.already') : translate('app.survey.thanks', { salon })}
        </Typography>
        <Button component={RouterLink} to={`/${language}/e-invoice/${uniqueId}`} variant="outlined">
          {translate('app.survey.see_invoice')}
        </Button>
      </Stack>
    </PublicFrame>
  );
};
