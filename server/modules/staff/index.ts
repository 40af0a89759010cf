/** The public entry of the staff module (back office): what app.ts, the composition root and other modules use. */
export { recordAudit, recordAudits, type AuditEntry } from './audit.ts';
export { staffGuardPlugin, staffRoleForbidden, staffSessionRequired } from './staff-guard.ts';
export { staffRoutes } from './staff.routes.ts';
export { createStaffService, type StaffMember, type StaffService } from './staff.service.ts';
export { staffAdminRoutes } from './staff-admin.routes.ts';
export { createStaffAdminService, setPasswordLink, type StaffAdminService } from './staff-admin.service.ts';
export { createStaffTotpService, type StaffTotpService } from './staff-totp.ts';
export { firstOwnerSetupLink, type FirstOwnerLink } from './first-owner.ts';
