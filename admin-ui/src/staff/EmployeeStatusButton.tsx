import { useState } from 'react';
import { Button, Confirm } from 'react-admin';
import { useCanAccess, useNotify, useRecordContext, useRefresh } from 'ra-core';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { failureKey, isHandled, isHttpError, messageParams } from '../http/errors';
import { useArea } from '../shell/area';
import { EMPLOYEE_LIMIT } from './LimitAlert';
import { EMPLOYEE_STATUS, STAFF_RESOURCES, nameOf, type Employee } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';

/**
 * Disable or activate the employee, after a confirmation. The owner's record is refused by the
 * server (`staff.owner_cannot_change`), which is shown as it says; so is the subscription's limit.
 */
export const EmployeeStatusButton = ({ onLimit }: { onLimit: () => void }) => {
  const record = useRecordContext<Employee>();
  const { language } = useArea();
  const { canAccess } = useCanAccess({ resource: STAFF_RESOURCES.employees, action: 'status' });
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!record || !canAccess) return null;
  const active = record.status === EMPLOYEE_STATUS.active;

  const confirm = async () => {
    setSaving(true);
    try {
      await dataProvider.send(
        'POST',
        `employees/${encodeURIComponent(record.id)}/${active ? 'disable' : 'activate'}`,
      );
      notify(active ? 'app.staff.employees.disabled_done' : 'app.staff.employees.activated_done', {
        type: 'success',
      });
      refresh();
    } catch (error) {
      if (isHttpError(error) && error.message === EMPLOYEE_LIMIT) onLimit();
      else if (!isHandled(error))
        notify(failureKey(error), {
          type: 'error',
          messageArgs: messageParams(error),
        });
    } finally {
      setSaving(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button
        label={active ? 'app.staff.employees.disable' : 'app.staff.employees.activate'}
        color={active ? 'error' : 'success'}
        onClick={() => setOpen(true)}
        data-testid="employee-status-button"
      >
        {active ? <BlockIcon /> : <CheckCircleOutlineIcon />}
      </Button>
      <Confirm
        isOpen={open}
        loading={saving}
        title={active ? 'app.staff.employees.disable_title' : 'app.staff.employees.activate_title'}
        content={active ? 'app.staff.employees.disable_content' : 'app.staff.employees.activate_content'}
        translateOptions={{ name: nameOf(record, language) }}
        confirmColor={active ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
