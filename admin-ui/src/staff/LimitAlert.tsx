import { useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

export const EMPLOYEE_LIMIT = 'staff.employee_limit_reached';

/** The subscription's number of active employees is reached (doc2 §8.2): said plainly, above the form. */
export const LimitAlert = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Alert severity="warning" onClose={onClose} sx={{ m: 2 }} data-testid="employee-limit">
      <AlertTitle>{translate('app.staff.employees.limit_title')}</AlertTitle>
      {translate(EMPLOYEE_LIMIT)}
    </Alert>
  );
};
