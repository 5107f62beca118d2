import { useState } from 'react';
import { useGetOne, useNotify, useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { failureKey, isHandled, isHttpError, messageParams } from '../http/errors';
import { useArea } from '../shell/area';
import type { Customer } from './types';

/** The customer on file that a refused save names: the field whose value she has, and her id. */
export type ExistingCustomer = { field: string; id: string };

/**
 * The form's save refused for a mobile, e-mail or tax number on file: the answer names that customer
 * (to a user who may open customers), kept here for the form to offer her. Other failures are told
 * as react-admin tells them (field errors on their fields, anything else in a notification).
 */
export const useExistingCustomer = () => {
  const notify = useNotify();
  const [existing, setExisting] = useState<ExistingCustomer | undefined>();
  const onError = (error: unknown) => {
    const body = isHttpError(error) ? error.body : null;
    const id = body?.params?.existing_id;
    const field = Object.keys(body?.errors ?? {})[0];
    setExisting(typeof id === 'string' && field ? { field, id } : undefined);
    const fieldErrors = body?.errors && Object.keys(body.errors).length > 0;
    if (!fieldErrors && !isHandled(error))
      notify(failureKey(error), { type: 'error', messageArgs: messageParams(error) });
  };
  return { existing, onError };
};

/** "A customer with this mobile number is on file: Fatima. Open that customer" under the form's fields. */
export const ExistingCustomerNotice = ({ existing }: { existing?: ExistingCustomer }) => {
  const translate = useTranslate();
  const { basename } = useArea();
  const { data } = useGetOne<Customer>(
    'customers',
    { id: existing?.id ?? '' },
    { enabled: Boolean(existing) },
  );
  if (!existing || !data) return null;
  const field = ['mobile', 'email', 'tax_number'].includes(existing.field) ? existing.field : 'mobile';
  return (
    <Alert
      severity="info"
      sx={{ width: '100%', mb: 2 }}
      data-testid="existing-customer"
      action={
        <Button
          color="inherit"
          size="small"
          component={RouterLink}
          to={`${basename}/customers/${existing.id}/show`}
          data-testid="open-existing-customer"
        >
          {translate('app.customers.existing.open')}
        </Button>
      }
    >
      {translate(`app.customers.existing.${field}`, { name: data.name })}
    </Alert>
  );
};
