/**
 * The catalogue's read endpoints (spec section 7): categories, home cards, products with their
 * upsells and plots, subscriptions and vouchers. Each resource has its own folder; this composes them.
 * Only INVISIBLE and PUBLISHED items are served; only PUBLISHED ones are listed.
 */
import type { FastifyPluginAsync } from 'fastify';
import { categoryRoutes } from './categories/category.routes.ts';
import { homeRoutes } from './home/home.routes.ts';
import { plotRoutes } from './plots/plot.routes.ts';
import { productRoutes } from './products/product.routes.ts';
import { subscriptionRoutes } from './subscriptions/subscription.routes.ts';
import { voucherRoutes } from './vouchers/voucher.routes.ts';

export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  await app.register(categoryRoutes);
  await app.register(homeRoutes);
  await app.register(productRoutes);
  await app.register(plotRoutes);
  await app.register(subscriptionRoutes);
  await app.register(voucherRoutes);
};
