/** The whole schema, as drizzle needs it in one object (drizzle-kit reads this file too). */
export * from './organisation.ts';
export * from './catalogue.ts';
export * from './subscriptions.ts';
export * from './vouchers.ts';
export * from './coupons.ts';
export * from './clients.ts';
export * from './orders.ts';
export * from './support.ts';
export * from './idempotency.ts';
export * from './staff.ts';
export * from './waitlist.ts';
export * from './schedules.ts';
export * from './backups.ts';
export * from './documents.ts';
