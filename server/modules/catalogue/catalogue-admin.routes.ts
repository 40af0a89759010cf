/**
 * The catalogue's back-office API (registered under /api/backoffice; owner and manager), one plugin
 * per resource, never cached:
 *   GET  /catalogue/products, POST …, GET/PUT /catalogue/products/{id}
 *   GET  /catalogue/categories, POST …, GET/PUT /catalogue/categories/{id}
 *   GET  /catalogue/audiences, POST …, PUT /catalogue/audiences/{id}
 *   GET  /catalogue/upsells, POST …, PUT /catalogue/upsells/{id}
 *   POST /catalogue/images                        raw JPEG/PNG/WebP body → stored sizes' URLs
 * A PUT carries the version it was read at: 409 CATALOGUE_STALE_EDIT when someone saved in between.
 * The slots (plots) of a product: plots/plot-admin.routes.ts, registered beside the schedules.
 */
import type { FastifyPluginAsync } from 'fastify';
import { audienceAdminRoutes } from './audiences/audience-admin.routes.ts';
import { categoryAdminRoutes } from './categories/category-admin.routes.ts';
import { imageAdminRoutes } from './images/image-admin.routes.ts';
import { productAdminRoutes } from './products/product-admin.routes.ts';
import { upsellAdminRoutes } from './upsells/upsell-admin.routes.ts';
import { answerPrivateNoStore } from '../../lib/cache-control.ts';

export const catalogueAdminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', answerPrivateNoStore);
  await app.register(productAdminRoutes);
  await app.register(categoryAdminRoutes);
  await app.register(audienceAdminRoutes);
  await app.register(upsellAdminRoutes);
  await app.register(imageAdminRoutes);
};
