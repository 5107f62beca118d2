export * from './runner/projection';
export * from './runner/project-batch';
export * from './runner/projection-runner';
export * from './runner/read-models';
export * from './catalog';
export { customersProjection } from './customers/customers.projection';
export { auditLogProjection } from './audit/audit-log.projection';
