/** The public entry of the client module: what other modules, app.ts and the composition root use. */
export { findClient, findFieldValues } from './client.repo.ts';
export { accountRoutes } from './account.routes.ts';
export { createAccountService } from './account.service.ts';
export { clientRoutes } from './client.routes.ts';
export { accountForPurchase, type AccountForPurchase, createClientService, type StartedSession } from './client.service.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { setSessionCookie } from './session-cookie.ts';
export { sessionPlugin } from './session.plugin.ts';
export { createLoginThrottle, DEVICE_DAYS } from './login-throttle.ts';
