import { useState } from 'react';
import { Edit, TopToolbar, ListButton } from 'react-admin';
import { useNotify, useRecordContext, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { failureKey, isHandled, isHttpError, messageParams } from '../http/errors';
import { useArea } from '../shell/area';
import { EmployeeForm } from './EmployeeForm';
import { EmployeeStatusButton } from './EmployeeStatusButton';
import { EmployeeStatusChip } from './EmployeeList';
import { EMPLOYEE_LIMIT, LimitAlert } from './LimitAlert';
import { LoginPanel } from './LoginPanel';
import { PeriodsPanel } from './PeriodsPanel';
import { employeePayload, nameOf, type Employee } from './types';

const EditTitle = () => {
  const record = useRecordContext<Employee>();
  const translate = useTranslate();
  const { language } = useArea();
  return <>{record ? translate('app.staff.employees.edit_title', { name: nameOf(record, language) }) : ''}</>;
};

type TabName = 'details' | 'login' | 'periods';

/** The employee's page (`employees/employees/{id}`): details, login access, custom hours and blocks. */
const EmployeeTabs = ({ onLimit }: { onLimit: () => void }) => {
  const translate = useTranslate();
  const [tab, setTab] = useState<TabName>('details');
  return (
    <>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          borderBottom: 1,
          borderColor: 'divider',
          px: 2,
          columnGap: 2,
        }}
      >
        {/* On a phone the tabs scroll sideways within their row; the status goes under them. */}
        <Tabs
          value={tab}
          onChange={(_, value: TabName) => setTab(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ flexGrow: 1, minWidth: 0, maxWidth: '100%' }}
        >
          {(['details', 'login', 'periods'] as const).map((name) => (
            <Tab
              key={name}
              value={name}
              label={translate(`app.staff.employees.tabs.${name}`)}
              data-testid={`tab-${name}`}
            />
          ))}
        </Tabs>
        <EmployeeStatusChip />
        <EmployeeStatusButton onLimit={onLimit} />
      </Box>
      {tab === 'details' && <EmployeeForm />}
      {tab === 'login' && (
        <Box sx={{ p: 2 }}>
          <LoginPanel />
        </Box>
      )}
      {tab === 'periods' && (
        <Box sx={{ p: 2 }}>
          <PeriodsPanel />
        </Box>
      )}
    </>
  );
};

export const EmployeeEdit = () => {
  const notify = useNotify();
  const [limit, setLimit] = useState(false);
  return (
    <Edit
      title={<EditTitle />}
      mutationMode="pessimistic"
      transform={employeePayload}
      redirect={false}
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
      mutationOptions={{
        onSuccess: () => notify('app.staff.employees.updated', { type: 'success' }),
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
      <EmployeeTabs onLimit={() => setLimit(true)} />
    </Edit>
  );
};
