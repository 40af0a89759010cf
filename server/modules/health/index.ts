/** The public entry of the health module: what other modules, app.ts and the composition root use. */
export { healthRoutes } from './health.routes.ts';
