/** The public entry of the embed module: what app.ts uses. */
export { embedRoutes } from './embed.routes.ts';
