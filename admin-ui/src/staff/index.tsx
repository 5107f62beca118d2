import { Route } from 'react-router-dom';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import EventNoteIcon from '@mui/icons-material/EventNoteOutlined';
import { lazyPage } from '../shell/chunks';
import { STAFF_RESOURCES } from './types';

export { STAFF_API_PATHS, STAFF_RESOURCES } from './types';

const RoleCreate = lazyPage(() => import('./RoleForm').then((m) => m.RoleCreate));
const RoleEdit = lazyPage(() => import('./RoleForm').then((m) => m.RoleEdit));

/** `employees/employees`, `employees/employees/create` and `employees/employees/{id}` (spec doc1 §2). */
export const employees = {
  list: lazyPage(() => import('./EmployeeList').then((m) => m.EmployeeList)),
  create: lazyPage(() => import('./EmployeeCreate').then((m) => m.EmployeeCreate)),
  edit: lazyPage(() => import('./EmployeeEdit').then((m) => m.EmployeeEdit)),
  icon: BadgeIcon,
  options: { label: 'app.staff.menu.employees' },
};

/** `employees/roles`, with `employees/roles/role` (new) and `employees/roles/role/{id}` (spec doc1 §2). */
export const roles = {
  list: lazyPage(() => import('./RoleList').then((m) => m.RoleList)),
  icon: AdminPanelSettingsIcon,
  recordRepresentation: 'name',
  options: { label: 'app.staff.menu.roles' },
  children: (
    <>
      <Route path="role" element={<RoleCreate />} />
      <Route path="role/:id" element={<RoleEdit />} />
    </>
  ),
};

/** `reports/detailed-attendence-report`. */
export const detailedAttendance = {
  list: lazyPage(() => import('./AttendanceReports').then((m) => m.DetailedAttendanceReport)),
  icon: AssessmentIcon,
  options: { label: 'app.staff.menu.detailed' },
};

/** `reports/commulative-attendence-report`. */
export const cumulativeAttendance = {
  list: lazyPage(() => import('./AttendanceReports').then((m) => m.CumulativeAttendanceReport)),
  icon: EventNoteIcon,
  options: { label: 'app.staff.menu.cumulative' },
};

export const AttendancePage = lazyPage(() => import('./AttendancePage').then((m) => m.AttendancePage));
export const EmployeeAttendanceReport = lazyPage(() =>
  import('./AttendanceReports').then((m) => m.EmployeeAttendanceReport),
);

export const EmployeesInformation = lazyPage(() =>
  import('./EmployeesInformation').then((m) => m.EmployeesInformation),
);

/** The routes outside the resources: the attendance screen, the per-employee report, the staff's papers. */
export const staffRoutes = [
  <Route key="information" path={`/${STAFF_RESOURCES.information}`} element={<EmployeesInformation />} />,
  <Route key="attendance" path={`/${STAFF_RESOURCES.attendance}`} element={<AttendancePage />} />,
  <Route
    key="employee-report"
    path={`/${STAFF_RESOURCES.employeeReport}/:employeeId`}
    element={<EmployeeAttendanceReport />}
  />,
];
