import { auditLogProjection } from './audit/audit-log.projection';
import { customersProjection } from './customers/customers.projection';
import type { Projection } from './runner/projection';

/** Every projection of the product; the runner, the query side and the rebuild CLI use this list. */
export const allProjections: Projection[] = [customersProjection, auditLogProjection];
