import { rightsOfRole, type UserRight } from '@rawnaq/contracts';
import type { ReadModels } from '../read-store/read-models';
import type { AuthContext } from './auth';

/**
 * The signed-in user as an employee of the salon: her employee record and the per-user rights of
 * doc2 §6 (change price, view all employees' appointments...), given to her alone on that record or
 * to everyone holding her role. An administrator has every right.
 */
export type UserScope = { employeeId?: string; rights: ReadonlySet<UserRight>; isAdmin: boolean };

export const userScope = async (models: ReadModels, auth: AuthContext): Promise<UserScope> => {
  // read on every request a right is checked on: kept until the staff projection writes again
  const employee = await models.findOneStable('employees', {
    tenantId: auth.tenantId,
    user_id: auth.userId,
  });
  return {
    employeeId: employee?.id,
    rights: new Set([
      ...((employee?.rights as UserRight[] | undefined) ?? []),
      ...rightsOfRole(auth.permissions),
    ]),
    isAdmin: auth.isAdmin,
  };
};

export const hasRight = (scope: UserScope, right: UserRight): boolean =>
  scope.isAdmin || scope.rights.has(right);
