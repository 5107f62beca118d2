import { useMemo, type ReactNode } from 'react';
import { SaveButton, SimpleForm } from 'react-admin';
import {
  useCanAccess,
  useDataProvider,
  useGetOne,
  useNotify,
  useTranslate,
  type RaRecord,
  type ValidateForm,
} from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import SaveIcon from '@mui/icons-material/Save';
import { nestErrors, fieldLabel } from '../forms/fieldErrors';
import { failureKey, isHandled, isHttpError } from '../http/errors';
import { SETTINGS } from './payloads';
import { InlineToolbar } from '../layout/phone';

/** What a settings form does after its save: the wizard records its step and moves on. */
export type AfterSave = { onSaved?: () => Promise<void> | void; submitLabel?: string };

/**
 * A server's rejection as form errors (already translated by the data provider, nested by path), or
 * undefined after telling the user what else went wrong.
 */
export const useServerErrors = () => {
  const notify = useNotify();
  return (error: unknown): Record<string, unknown> | undefined => {
    if (isHandled(error)) return undefined;
    if (isHttpError(error) && error.body?.errors)
      return nestErrors(error.body.errors as Record<string, unknown>);
    notify(failureKey(error), { type: 'error' });
    return undefined;
  };
};

/** A contracts schema as a form's `validate`, with the section's labels; required fields named. */
export const useRequired = (resource: string, fields: readonly string[]) => {
  const translate = useTranslate();
  return useMemo(
    () => (values: Record<string, unknown>) => {
      const errors: Record<string, unknown> = {};
      for (const field of fields) {
        const v = values[field];
        if (v === undefined || v === null || (typeof v === 'string' && v.trim() === ''))
          errors[field] = {
            message: 'validation.is_required',
            args: { field: fieldLabel(translate, resource, field) },
          };
      }
      return errors;
    },
    [translate, resource, fields],
  );
};

export const combine =
  (...validators: ValidateForm[]) =>
  (values: Record<string, unknown>) =>
    Object.assign({}, ...validators.map((v) => v(values)).reverse()) as Record<string, unknown>;

export const SectionCard = ({
  icon,
  title,
  hint,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  hint?: string;
  testId: string;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource: SETTINGS, action: 'edit' });
  return (
    <Card data-testid={testId} sx={{ mb: 2 }}>
      <CardHeader
        avatar={icon}
        title={translate(title)}
        subheader={hint ? translate(hint) : undefined}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      {canEdit === false && (
        <Alert severity="info" sx={{ mx: 2 }}>
          {translate('app.settings.read_only')}
        </Alert>
      )}
      {children}
    </Card>
  );
};

export const Loading = () => (
  <Box sx={{ p: 2 }} data-testid="settings-loading">
    <Skeleton height={56} />
    <Skeleton height={56} />
    <Skeleton height={56} />
  </Box>
);

/**
 * One settings record (`GET`/`PUT <resource>/<id>`) as a form: read with 70, saved with 71; without
 * 71 the inputs are read-only and there is no save button. Server field errors show on their inputs.
 */
export const SectionForm = ({
  resource = SETTINGS,
  id,
  validate,
  payload,
  toRecord = (r) => r,
  children,
  onSaved,
  submitLabel,
  savedMessage = 'app.settings.saved',
}: AfterSave & {
  resource?: string;
  id: string;
  validate?: ValidateForm;
  payload: (values: Record<string, unknown>) => Record<string, unknown>;
  toRecord?: (record: RaRecord) => RaRecord;
  children: (readOnly: boolean) => ReactNode;
  savedMessage?: string;
}) => {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const serverErrors = useServerErrors();
  const { canAccess: canEdit } = useCanAccess({ resource: SETTINGS, action: 'edit' });
  const { data, isPending, refetch } = useGetOne(resource, { id });
  const record = useMemo(() => (data ? toRecord(data) : undefined), [data, toRecord]);

  const save = async (values: Record<string, unknown>) => {
    if (!data) return undefined;
    try {
      await dataProvider.update(resource, { id, data: payload(values), previousData: data });
      notify(savedMessage, { type: 'success' });
      await refetch();
      await onSaved?.();
      return undefined;
    } catch (error) {
      return serverErrors(error);
    }
  };

  if (isPending || !record) return <Loading />;
  return (
    <SimpleForm
      resource={resource}
      record={record}
      onSubmit={save}
      validate={validate}
      noValidate
      toolbar={
        canEdit ? (
          <InlineToolbar>
            <SaveButton
              alwaysEnable={Boolean(onSaved)}
              label={submitLabel ?? 'ra.action.save'}
              icon={<SaveIcon />}
              data-testid="settings-save"
            />
          </InlineToolbar>
        ) : (
          false
        )
      }
    >
      {children(!canEdit)}
    </SimpleForm>
  );
};
