/** The public entry of the catalogue module: what other modules, app.ts and the composition root use. */
export { catalogueRoutes } from './catalogue.routes.ts';
export { createCategoryService } from './categories/category.service.ts';
export {
  type CheckoutAudience,
  type CheckoutCatalogue,
  type CheckoutCatalogueReader,
  type CheckoutPlot,
  type CheckoutProduct,
  type CheckoutUpsell,
  createCheckoutCatalogueReader,
  stillCurrent,
} from './checkout-catalogue.ts';
export { idParamsSchema, parseEntityId } from './entity-id.ts';
export { createHomeService } from './home/home.service.ts';
export { toClockTime } from './plots/plot.mapper.ts';
export { createPlotService } from './plots/plot.service.ts';
export { createProductService } from './products/product.service.ts';
export { readingFor, textsIn, type Reading } from './reading.ts';
export { type CheckoutSubscription, readCheckoutSubscription } from './subscriptions/subscription-checkout.ts';
export { createSubscriptionService } from './subscriptions/subscription.service.ts';
export { findServedVoucher, listVoucherValues } from './vouchers/voucher.repo.ts';
export { createVoucherService } from './vouchers/voucher.service.ts';
