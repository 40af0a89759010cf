/** Time-slot schedules and the back office's slot calendar (issue 20 item 4). */
export { createScheduleService, type AuditEntry, type RecordAudit, type ScheduleService, type SlotTerms } from './schedule.service.ts';
export { startScheduleTopUp } from './schedule-worker.ts';
