import { useEffect, useState } from 'react';
import { Menu, useSidebarState } from 'react-admin';
import { useCanAccess, useTranslate } from 'ra-core';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import FingerprintIcon from '@mui/icons-material/Fingerprint';
import EventNoteIcon from '@mui/icons-material/EventNoteOutlined';
import ContactPageIcon from '@mui/icons-material/ContactPageOutlined';
import { useArea } from '../shell/area';
import { STAFF_RESOURCES } from './types';
import { useAppDataProvider } from '../http/useAppDataProvider';

/** A heading over related entries; a line when the sidebar shows icons only (as the layout's own). */
const Section = ({ title }: { title: string }) => {
  const [open] = useSidebarState();
  const translate = useTranslate();
  if (!open) return <Divider sx={{ my: 1 }} />;
  return (
    <ListSubheader
      component="div"
      disableSticky
      sx={{ lineHeight: 2.5, mt: 1, bgcolor: 'transparent', fontWeight: 600, textTransform: 'uppercase' }}
    >
      {translate(title)}
    </ListSubheader>
  );
};

/**
 * "My attendance" for a role with the "profile and activities" level (page 7, 43): her own shifts in
 * the per-employee report, found through her own attendance (`GET attendance/today`).
 */
const MyAttendanceItem = () => {
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

/**
 * The side menu's "Staff" section (doc2 §6, page 7): employees, roles and the attendance reports
 * for those whose role opens them; the attendance screen for everyone who signs in.
 */
export const StaffMenu = () => {
  const { basename } = useArea();
  const attendance = useCanAccess({ resource: STAFF_RESOURCES.attendance, action: 'show' }).canAccess;
  const information = useCanAccess({ resource: STAFF_RESOURCES.information, action: 'show' }).canAccess;
  return (
    <>
      {attendance && <Section title="app.staff.menu.section" />}
      <Menu.ResourceItem name={STAFF_RESOURCES.employees} />
      <Menu.ResourceItem name={STAFF_RESOURCES.roles} />
      {information && (
        <Menu.Item
          to={`${basename}/${STAFF_RESOURCES.information}`}
          primaryText="app.staff.menu.information"
          leftIcon={<ContactPageIcon />}
          data-testid="menu-employees-information"
        />
      )}
      {attendance && (
        <Menu.Item
          to={`${basename}/${STAFF_RESOURCES.attendance}`}
          primaryText="app.staff.menu.attendance"
          leftIcon={<FingerprintIcon />}
          data-testid="menu-attendance"
        />
      )}
      <MyAttendanceItem />
      <Menu.ResourceItem name={STAFF_RESOURCES.detailedReport} />
      <Menu.ResourceItem name={STAFF_RESOURCES.cumulativeReport} />
    </>
  );
};
