import { useEffect, useState } from 'react';
import { Create } from 'react-admin';
import { useNotify, useRedirect, useTranslate } from 'ra-core';
import type { BusinessDay } from '@rawnaq/contracts';
import LinearProgress from '@mui/material/LinearProgress';
import { failureKey, isHandled, isHttpError, messageParams } from '../http/errors';
import { EMPLOYEE_LIMIT, LimitAlert } from './LimitAlert';
import { EmployeeForm } from './EmployeeForm';
import { STAFF_RESOURCES, WEEKDAYS, emptyWeek, employeePayload, type Employee } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';

/** The salon's week as the new employee's (docs/api.md: the default), when the user may read it. */
const useSalonWeek = (): BusinessDay[] | undefined => {
  const dataProvider = useAppDataProvider();
  const [week, setWeek] = useState<BusinessDay[]>();
  useEffect(() => {
    let cancelled = false;
    dataProvider
      .send<{ days?: BusinessDay[] }>('GET', 'business-hours/week')
      .then((answer) => {
        const days = answer?.days;
        if (!cancelled)
          setWeek(
            Array.isArray(days) && days.length === 7
              ? WEEKDAYS.map((d) => ({ from: '10:00', to: '22:00', ...days[d] }))
              : emptyWeek(),
          );
      })
      .catch(() => !cancelled && setWeek(emptyWeek()));
    return () => {
      cancelled = true;
    };
  }, [dataProvider]);
  return week;
};

export const EmployeeCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const week = useSalonWeek();
  const [limit, setLimit] = useState(false);
  return (
    <Create
      title={translate('app.staff.employees.create_title')}
      transform={employeePayload}
      mutationOptions={{
        onSuccess: (employee: Employee) => {
          notify('app.staff.employees.created', { type: 'success' });
          // the login and the periods are given on the saved employee's page
          redirect('edit', STAFF_RESOURCES.employees, employee.id);
        },
        onError: (error: unknown) => {
          if (isHttpError(error) && error.message === EMPLOYEE_LIMIT) setLimit(true);
          else if (!isHandled(error) && !(isHttpError(error) && error.body?.errors))
            notify(failureKey(error), {
              type: 'error',
              messageArgs: messageParams(error),
            });
        },
      }}
    >
      {limit && <LimitAlert onClose={() => setLimit(false)} />}
      {week ? (
        <EmployeeForm
          defaultValues={{
            show_in_appointments: true,
            show_in_billing: true,
            working_hours: week,
            holidays: [],
            rights: [],
            preferred_artist_ids: [],
          }}
        />
      ) : (
        <LinearProgress sx={{ m: 2 }} />
      )}
    </Create>
  );
};
