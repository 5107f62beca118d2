import { useState } from 'react';
import { Button, Confirm } from 'react-admin';
import { useCanAccess, useNotify, useRecordContext, useRefresh } from 'ra-core';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { failureKey, isHandled } from '../http/errors';
import { CUSTOMER_STATUS, type Customer } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';

/** Disable or activate the customer (permission 23), after a confirmation. */
export const CustomerStatusButton = () => {
  const record = useRecordContext<Customer>();
  const { canAccess } = useCanAccess({ resource: 'customers', action: 'status' });
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!record || !canAccess) return null;
  const active = record.status === CUSTOMER_STATUS.active;

  const confirm = async () => {
    setSaving(true);
    try {
      await (active ? dataProvider.disableCustomer(record.id) : dataProvider.activateCustomer(record.id));
      notify(active ? 'app.customers.disabled_done' : 'app.customers.activated_done', { type: 'success' });
      refresh();
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
    } finally {
      setSaving(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button
        label={active ? 'app.customers.disable' : 'app.customers.activate'}
        color={active ? 'error' : 'success'}
        onClick={() => setOpen(true)}
        data-testid="customer-status-button"
      >
        {active ? <BlockIcon /> : <CheckCircleOutlineIcon />}
      </Button>
      <Confirm
        isOpen={open}
        loading={saving}
        title={active ? 'app.customers.disable_title' : 'app.customers.activate_title'}
        content={active ? 'app.customers.disable_content' : 'app.customers.activate_content'}
        translateOptions={{ name: record.name }}
        confirmColor={active ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
