/** Time-slot schedules and the back office's slot calendar (issue 20 item 4). */
export { createScheduleService, type ScheduleService, type SlotTerms } from './schedule.service.ts';
export { startScheduleTopUp } from './schedule-worker.ts';
export { scheduleRoutes } from './schedule.routes.ts';
