/** The public entry of the waiting-list module: what app.ts, main.ts and the composition root use. */
export { waitlistRoutes } from './waitlist.routes.ts';
export { createWaitlistService, type WaitlistService } from './waitlist.service.ts';
export { createWaitlistWorker, startWaitlistWorker, type WaitlistWorker } from './waitlist-worker.ts';
export { waitlistStaffRoutes } from './waitlist-staff.routes.ts';
