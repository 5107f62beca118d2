export * from './runner/projection';
export * from './runner/project-batch';
export * from './runner/projection-runner';
export * from './catalog';
export { customersProjection } from './customers/customers.projection';
export { auditLogProjection } from './audit/audit-log.projection';
export { identityProjection } from './identity/identity.projection';
export { securityProjection } from './identity/security.projection';
export { menuProjection } from './catalog/menu.projection';
