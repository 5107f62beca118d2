import { useCallback } from 'react';
import { useNotify, useTranslate } from 'ra-core';
import { withTranslatedFieldErrors } from '../http/dataProvider';
import { failureKey, isHandled, isHttpError } from '../http/errors';

/**
 * A form's `onSubmit` failure: the server's field errors (translated, under `resources.<resource>`)
 * for react-admin to put beside their inputs; anything else a notification; nothing twice when the
 * error was already shown (a lost session, a conflict dialog).
 */
export const useSubmissionErrors = (resource: string) => {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    (error: unknown): Record<string, string> | undefined => {
      if (isHandled(error)) return undefined;
      const withFields = withTranslatedFieldErrors(error, resource, translate);
      if (isHttpError(withFields) && withFields.body?.errors)
        return withFields.body.errors as Record<string, string>;
      notify(failureKey(error), { type: 'error' });
      return undefined;
    },
    [notify, translate, resource],
  );
};
