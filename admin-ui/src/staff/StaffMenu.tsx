import { Menu, useSidebarState } from 'react-admin';
import { useCanAccess, useTranslate } from 'ra-core';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import FingerprintIcon from '@mui/icons-material/Fingerprint';
import { useArea } from '../shell/area';
import { STAFF_RESOURCES } from './types';

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
 * The side menu's "Staff" section (doc2 §6, page 7): employees, roles and the attendance reports
 * for those whose role opens them; the attendance screen for everyone who signs in.
 */
export const StaffMenu = () => {
  const { basename } = useArea();
  const attendance = useCanAccess({ resource: STAFF_RESOURCES.attendance, action: 'show' }).canAccess;
  return (
    <>
      {attendance && <Section title="app.staff.menu.section" />}
      <Menu.ResourceItem name={STAFF_RESOURCES.employees} />
      <Menu.ResourceItem name={STAFF_RESOURCES.roles} />
      {attendance && (
        <Menu.Item
          to={`${basename}/${STAFF_RESOURCES.attendance}`}
          primaryText="app.staff.menu.attendance"
          leftIcon={<FingerprintIcon />}
          data-testid="menu-attendance"
        />
      )}
      <Menu.ResourceItem name={STAFF_RESOURCES.detailedReport} />
      <Menu.ResourceItem name={STAFF_RESOURCES.cumulativeReport} />
    </>
  );
};
