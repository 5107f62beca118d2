import { useEffect, useState } from 'react';
import { useDataProvider, useGetList } from 'ra-core';
import type { GlobalInformation } from '@rawnaq/contracts';
import type { AppDataProvider } from '../http/dataProvider';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { useArea } from '../shell/area';

export type Employee = { id: string; name_en: string; name_ar: string; status?: number };

/**
 * Who did each line (for commission): the salon's employees, or, for a user who may not list staff,
 * the appointment book's employees of today (whom the front desk sees anyway).
 */
export const useTillEmployees = (fromStaff: boolean, fromBook: boolean): Employee[] => {
  const { language } = useArea();
  const dataProvider = useDataProvider<AppDataProvider>();
  const information = useGlobalInformation<GlobalInformation>();
  const today = information?.global_informations.today;
  const { data: staff = [] } = useGetList<Employee>(
    'employees/employees',
    {
      pagination: { page: 1, perPage: 200 },
      sort: { field: language === 'ar' ? 'name_ar' : 'name_en', order: 'ASC' },
      filter: { status: 1 },
    },
    { enabled: fromStaff },
  );
  const [book, setBook] = useState<Employee[]>([]);
  useEffect(() => {
    if (!fromBook || !today) return;
    let live = true;
    dataProvider
      .send<{ employees: Array<{ employee_id: string; name_en: string; name_ar: string }> }>(
        'GET',
        `appointment-calendar?date=${today}&days=1`,
      )
      .then((c) => live && setBook(c.employees.map((e) => ({ ...e, id: e.employee_id }))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [fromBook, today, dataProvider]);
  return fromStaff ? staff : book;
};
