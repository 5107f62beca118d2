import { useEffect, useState } from 'react';
import { Menu } from 'react-admin';
import { useCanAccess } from 'ra-core';
import EventNoteIcon from '@mui/icons-material/EventNoteOutlined';
import { useArea } from '../shell/area';
import { STAFF_RESOURCES } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';

/**
 * "My attendance" for a role with the "profile and activities" level (page 7, 43): her own shifts in
 * the per-employee report, found through her own attendance (`GET attendance/today`).
 */
export const MyAttendanceItem = () => {
  const { basename } = useArea();
  const dataProvider = useAppDataProvider();
  const { canAccess } = useCanAccess({ resource: 'employees/my-attendance', action: 'show' });
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  useEffect(() => {
    if (!canAccess) return;
    let live = true;
    dataProvider
      .send<{ employee_id: string | null }>('GET', 'attendance/today')
      .then((today) => live && setEmployeeId(today.employee_id))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [canAccess, dataProvider]);
  if (!canAccess || !employeeId) return null;
  return (
    <Menu.Item
      to={`${basename}/${STAFF_RESOURCES.employeeReport}/${encodeURIComponent(employeeId)}`}
      primaryText="app.staff.menu.my_attendance"
      leftIcon={<EventNoteIcon />}
      data-testid="menu-my-attendance"
    />
  );
};
