import { rejected, toInstant } from '@rawnaq/contracts';
import type { Doc, ReadModels } from '@rawnaq/platform';
import type { FreeTimes } from '@rawnaq/projections';

const iso = (ms: number) => toInstant(ms);

/** The services asked for, each the salon's own and not switched off; else 422 on the field. */
export const servicesOf = async (
  models: ReadModels,
  tenantId: string,
  ids: string[],
  field: string,
  usable: (s: Doc) => boolean = () => true,
): Promise<Doc[]> => {
  const found = await models.getMany('services', ids);
  const services = ids.map((id) =>
    found.find((s) => s.id === id && s.tenantId === tenantId && s.status !== 0),
  );
  const missing = services.findIndex((s) => !s || !usable(s));
  if (missing >= 0) throw rejected('not_found.service', field);
  return services as Doc[];
};

/**
 * The free starts as the pages read them: per employee, for "any employee", and as whole visits with
 * who does each line when (the preferred employee first).
 */
export const freeTimesAnswer = (services: Doc[], free: FreeTimes) => {
  const { durations, offsets, answer } = free;
  return {
    time_zone: free.timeZone,
    // from the visit's start to the end of its last line
    duration: Math.max(...durations.map((d, i) => offsets[i] + d)),
    services: services.map((s, i) => ({
      service_id: s.id,
      name_en: s.name_en,
      name_ar: s.name_ar,
      duration: durations[i],
    })),
    employees: free.employees.map((e) => ({
      employee_id: e.id,
      name_en: e.name_en,
      name_ar: e.name_ar,
      starts: (answer.byEmployee[e.id] ?? []).map(iso),
    })),
    any_employee: answer.anyEmployee.map(iso),
    visit: answer.visit.map((slot) => ({
      start: iso(slot.start),
      lines: slot.employees.map((employee_id, i) => ({
        service_id: services[i].id,
        employee_id,
        start: iso(slot.start + offsets[i] * 60_000),
        end: iso(slot.start + (offsets[i] + durations[i]) * 60_000),
      })),
    })),
  };
};
