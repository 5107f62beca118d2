import { useGetList, useTranslate } from 'ra-core';
import { useArea } from '../shell/area';

/** `name_ar`: the Arabic name of the employee the user is (a user's own name is one text). */
export type SalonUser = { id: string; name: string; name_ar?: string | null; username: string; role: string };
export type Actor = { kind?: string | null; id?: string | null; name?: string | null };

/** The salon's users, once, for "who" columns and the user filter (docs/api.md `GET users`). */
export const useUsers = () => {
  const { data, isPending } = useGetList<SalonUser>(
    'users',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } },
    { staleTime: 5 * 60_000 },
  );
  return { users: data ?? [], isPending };
};

/**
 * Who did something: a user of the salon by name (in Arabic on Arabic screens when her employee record
 * has it), or the platform team / the system.
 */
export const useActorName = () => {
  const { users } = useUsers();
  const translate = useTranslate();
  const { language } = useArea();
  return (actor: Actor | null | undefined): string => {
    if (!actor) return translate('app.common.none');
    if (actor.kind === 'system') return translate('app.audit.actors.system');
    // platform support signed in as the owner: the team, and who of it
    if (actor.kind === 'manager')
      return actor.name
        ? `${translate('app.audit.actors.manager')} (${actor.name})`
        : translate('app.audit.actors.manager');
    const user = users.find((u) => u.id === actor.id);
    if (user) return (language === 'ar' && user.name_ar) || user.name;
    return actor.name ?? translate('app.common.none');
  };
};
