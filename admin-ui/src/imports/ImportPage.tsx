import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { Title } from 'react-admin';
import { useCreatePath, useNotify, useRequireAccess, useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import ListIcon from '@mui/icons-material/ListAlt';
import { IMPORT_COLUMNS } from '@rawnaq/contracts';
import { fieldLabel } from '../forms/fieldErrors';
import { failureKey, isHandled, isHttpError, messageParams } from '../http/errors';
import { useArea } from '../shell/area';
import { downloadWithToken } from './download';
import {
  errorsByRow,
  IMPORT_ACCESS,
  IMPORT_LIST,
  isImportEntity,
  previewColumns,
  progressOf,
  type ImportEntity,
  type ImportRun,
  type Preview,
  type PreviewError,
} from './types';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const POLL_MS = 600;

type Stage =
  | { step: 'choose' }
  | { step: 'checking'; name: string }
  | { step: 'preview'; name: string; file: File; preview: Preview }
  | { step: 'importing'; name: string; run: ImportRun }
  | { step: 'done'; name: string; run: ImportRun }
  | { step: 'failed'; name: string; message: string };

/** A cell's value as text: numbers, dates and booleans the way the file had them. */
const cellText = (value: unknown) =>
  value === undefined || value === null
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/**
 * One import screen for customers, services and products (`imports/<entity>`): the template in the
 * page's language, the chosen workbook checked row by row with every error in red, and the import itself
 * (all or nothing) with a progress bar until the records are in their list.
 */
export const ImportPage = () => {
  const { entity } = useParams<{ entity: string }>();
  const { paths } = useArea();
  if (!isImportEntity(entity)) return <Navigate to={paths.notFound} replace />;
  return <ImportScreen key={entity} entity={entity} />;
};

const ImportScreen = ({ entity }: { entity: ImportEntity }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const createPath = useCreatePath();
  const { apiBase, http, session, language } = useArea();
  const { isPending } = useRequireAccess({ resource: IMPORT_ACCESS, action: entity });
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [fileError, setFileError] = useState<string>();
  const [downloading, setDownloading] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const listResource = IMPORT_LIST[entity];
  // The column's name as the template writes it in this language; else the list's label for the field.
  const label = (field: string) =>
    IMPORT_COLUMNS[entity][field]?.[language === 'ar' ? 1 : 0] ?? fieldLabel(translate, listResource, field);
  const path = `${apiBase}/imports/${entity}`;

  // Follows a background import until it is completed or failed.
  const runningId = stage.step === 'importing' ? stage.run.id : undefined;
  useEffect(() => {
    if (!runningId || stage.step !== 'importing') return;
    let stopped = false;
    const name = stage.name;
    const poll = async () => {
      while (!stopped) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (stopped) return;
        try {
          const { json } = await http(`${apiBase}/imports/${encodeURIComponent(runningId)}`);
          const run = json as ImportRun;
          if (stopped) return;
          if (run.status === 'completed') return setStage({ step: 'done', name, run });
          if (run.status === 'failed')
            return setStage({
              step: 'failed',
              name,
              message: translate(run.error ?? 'app.imports.failed', { _: run.error ?? '' }),
            });
          setStage({ step: 'importing', name, run });
        } catch (error) {
          // Not there yet (the read model follows the command): try again on the next tick.
          if (isHttpError(error) && error.status === 404) continue;
          if (!isHandled(error))
            setStage({
              step: 'failed',
              name,
              message: translate(failureKey(error)),
            });
          return;
        }
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [runningId]);

  if (isPending) return null;

  const refusal = (error: unknown) => {
    if (!isHttpError(error)) return translate('app.errors.unknown');
    const key = error.body?.errors?.file ?? error.message;
    return translate(key, { _: key, ...messageParams(error), field: translate('app.imports.file') });
  };

  const template = async () => {
    setDownloading(true);
    try {
      await downloadWithToken({
        url: `${apiBase}/imports/template/${entity}?locale=${language}`,
        token: session.token(),
        fallbackName: `${translate(`app.imports.template_name.${entity}`)}.xlsx`,
      });
    } catch (error) {
      notify(failureKey(error), { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const check = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFileError(undefined);
    setStage({ step: 'checking', name: file.name });
    try {
      const { json } = await http(`${path}/preview`, {
        method: 'POST',
        body: file,
        headers: { 'Content-Type': XLSX },
      });
      setStage({ step: 'preview', name: file.name, file, preview: json as Preview });
    } catch (error) {
      setStage({ step: 'choose' });
      if (!isHandled(error)) setFileError(refusal(error));
    }
  };

  const run = async () => {
    if (stage.step !== 'preview') return;
    const { file, name } = stage;
    setStage({
      step: 'importing',
      name,
      run: { id: '', status: 'running', total: stage.preview.total, done: 0 },
    });
    try {
      const { json } = await http(path, { method: 'POST', body: file, headers: { 'Content-Type': XLSX } });
      const started = json as ImportRun;
      setStage(
        started.status === 'completed'
          ? { step: 'done', name, run: started }
          : { step: 'importing', name, run: started },
      );
    } catch (error) {
      if (isHandled(error)) return setStage({ step: 'choose' });
      // Something changed since the preview (a mobile taken meanwhile): the rows and their errors again.
      const body = isHttpError(error) ? (error.body as unknown as Preview | null) : null;
      if (body && Array.isArray(body.errors))
        return setStage({
          step: 'preview',
          name,
          file,
          preview: { ...stage.preview, ...body, rows: stage.preview.rows },
        });
      setStage({ step: 'failed', name, message: refusal(error) });
    }
  };

  const reset = () => {
    setFileError(undefined);
    setStage({ step: 'choose' });
  };
  const busy = stage.step === 'checking' || stage.step === 'importing';

  return (
    <Box sx={{ py: 2, maxWidth: 1200 }} data-testid="import-page" data-entity={entity}>
      <Title title={translate(`app.imports.title.${entity}`)} />
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h1">
            {translate(`app.imports.title.${entity}`)}
          </Typography>
          <Box component="ol" sx={{ m: 0, paddingInlineStart: 3, display: 'grid', gap: 1.5 }}>
            <li>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate('app.imports.step_template')}
              </Typography>
              <Button
                variant="outlined"
                startIcon={downloading ? <CircularProgress size={16} /> : <DownloadIcon />}
                disabled={downloading}
                onClick={() => void template()}
                data-testid="download-template"
              >
                {translate('app.imports.download_template')}
              </Button>
            </li>
            <li>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate('app.imports.step_file')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Button
                  variant={stage.step === 'choose' ? 'contained' : 'outlined'}
                  startIcon={stage.step === 'checking' ? <CircularProgress size={16} /> : <UploadIcon />}
                  disabled={busy}
                  onClick={() => picker.current?.click()}
                  data-testid="choose-file"
                >
                  {translate(
                    stage.step === 'choose' ? 'app.imports.choose_file' : 'app.imports.choose_other',
                  )}
                </Button>
                {stage.step !== 'choose' && (
                  <Typography variant="body2" color="text.secondary" data-testid="file-name">
                    <bdi>{stage.name}</bdi>
                  </Typography>
                )}
              </Box>
              <input
                ref={picker}
                type="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                hidden
                onChange={(event) => void check(event)}
                data-testid="import-file"
              />
              {fileError && (
                <Alert severity="error" sx={{ mt: 1 }} data-testid="file-error">
                  {fileError}
                </Alert>
              )}
            </li>
          </Box>
          {stage.step === 'checking' && (
            <Box data-testid="checking">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('app.imports.checking')}
              </Typography>
              <LinearProgress />
            </Box>
          )}
          {stage.step === 'preview' && (
            <PreviewTable preview={stage.preview} label={label} onImport={() => void run()} onReset={reset} />
          )}
          {stage.step === 'importing' && (
            <Box data-testid="import-progress">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate('app.imports.importing', {
                  done: stage.run.done ?? 0,
                  total: stage.run.total,
                })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={progressOf(stage.run)}
                aria-label={translate('app.imports.progress')}
                data-testid="import-progress-bar"
              />
            </Box>
          )}
          {stage.step === 'done' && (
            <Alert
              severity="success"
              data-testid="import-done"
              action={
                <Button
                  color="inherit"
                  component={Link}
                  to={createPath({ resource: listResource, type: 'list' })}
                  startIcon={<ListIcon />}
                  data-testid="open-list"
                >
                  {translate(`app.imports.open_list.${entity}`)}
                </Button>
              }
            >
              <LinearProgress
                variant="determinate"
                value={100}
                color="success"
                sx={{ mb: 1, minWidth: 200 }}
              />
              {translate('app.imports.done', {
                smart_count: stage.run.created ?? stage.run.done ?? stage.run.total,
              })}
            </Alert>
          )}
          {stage.step === 'failed' && (
            <Alert
              severity="error"
              data-testid="import-failed"
              action={
                <Button color="inherit" onClick={reset}>
                  {translate('app.imports.again')}
                </Button>
              }
            >
              {stage.message}
            </Alert>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};

const PreviewTable = ({
  preview,
  label,
  onImport,
  onReset,
}: {
  preview: Preview;
  label: (field: string) => string;
  onImport: () => void;
  onReset: () => void;
}) => {
  const translate = useTranslate();
  const columns = previewColumns(preview);
  const byRow = errorsByRow(preview.errors);
  const rows = [...preview.rows].sort((a, b) => a.row - b.row);
  // Rows the server could not even read still carry errors: list them too.
  for (const row of byRow.keys()) if (!rows.some((r) => r.row === row)) rows.push({ row, values: {} });
  rows.sort((a, b) => a.row - b.row);
  const clean = preview.invalid === 0 && preview.errors.length === 0 && preview.total > 0;
  // The message in the page's language, naming the column by its label; the server's text otherwise.
  const messageOf = (error: PreviewError) => {
    const name = label(error.field);
    return translate(error.key, { _: error.message, ...(error.params ?? {}), field: name });
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="import-preview">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip
          label={translate('app.imports.total', { smart_count: preview.total })}
          data-testid="count-total"
        />
        <Chip
          color="success"
          variant="outlined"
          label={translate('app.imports.valid', { smart_count: preview.valid })}
          data-testid="count-valid"
        />
        <Chip
          color={preview.invalid > 0 ? 'error' : 'default'}
          variant={preview.invalid > 0 ? 'filled' : 'outlined'}
          label={translate('app.imports.invalid', { smart_count: preview.invalid })}
          data-testid="count-invalid"
        />
      </Box>
      {preview.errors.length > 0 && (
        <Alert severity="error" data-testid="import-errors">
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {translate('app.imports.fix_and_retry')}
          </Typography>
          <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5 }}>
            {preview.errors.map((error, i) => (
              <li key={i} data-testid="import-error" data-row={error.row} data-field={error.field}>
                {translate('app.imports.error_line', {
                  row: error.row,
                  field: label(error.field),
                  message: messageOf(error),
                })}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <TableContainer sx={{ maxHeight: 480, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader data-testid="preview-table">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.imports.row')}</TableCell>
              {columns.map((field) => (
                <TableCell key={field} sx={{ whiteSpace: 'nowrap' }}>
                  {label(field)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(({ row, values }) => {
              const errors = byRow.get(row);
              return (
                <TableRow
                  key={row}
                  data-testid="preview-row"
                  data-row={row}
                  sx={errors ? { bgcolor: (theme) => `${theme.palette.error.main}0d` } : undefined}
                >
                  <TableCell
                    sx={{ color: errors ? 'error.main' : undefined, fontWeight: errors ? 600 : 400 }}
                  >
                    {row}
                  </TableCell>
                  {columns.map((field) => {
                    const error = errors?.get(field);
                    return (
                      <TableCell
                        key={field}
                        sx={
                          error
                            ? { color: 'error.main', borderInlineStart: 2, borderColor: 'error.main' }
                            : undefined
                        }
                        data-field={field}
                        data-invalid={error ? 'true' : undefined}
                      >
                        <bdi>{cellText(values[field])}</bdi>
                        {error && (
                          <Typography
                            variant="caption"
                            component="div"
                            color="error"
                            data-testid="cell-error"
                          >
                            {messageOf(error)}
                          </Typography>
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<UploadIcon />}
          disabled={!clean}
          onClick={onImport}
          data-testid="run-import"
        >
          {translate('app.imports.import', { smart_count: preview.total })}
        </Button>
        <Button onClick={onReset}>{translate('ra.action.cancel')}</Button>
        {!clean && (
          <Typography variant="body2" color="text.secondary">
            {translate(preview.total === 0 ? 'app.imports.nothing' : 'app.imports.blocked')}
          </Typography>
        )}
      </Box>
    </Box>
  );
};
