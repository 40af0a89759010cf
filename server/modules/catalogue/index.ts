/** The public entry of the catalogue module: what other modules, app.ts and the composition root use. */
export { catalogueRoutes } from './catalogue.routes.ts';
export { catalogueAdminRoutes } from './catalogue-admin.routes.ts';
export { createAudienceEditing } from './audiences/audience-editing.service.ts';
export { createCategoryEditing } from './categories/category-editing.service.ts';
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
export { checkReferences, slugTaken, staleEdit, unknownReference } from './editing-checks.ts';
export { createHomeService } from './home/home.service.ts';
export { MEDIA_PREFIX, readImage } from './images/image-store.ts';
export { mediaRoutes } from './images/media.routes.ts';
export { toClockTime } from './plots/plot.mapper.ts';
export { createPlotService } from './plots/plot.service.ts';
export { type AppliedSlotPlan, applySlotPlan, setSlotsCapacity, setSlotsClosed, updateSlotTerms } from './plots/plot-writes.ts';
export { createProductEditing } from './products/product-editing.service.ts';
export { createProductService } from './products/product.service.ts';
export { readingFor, textsIn, type Reading } from './reading.ts';
export { type CheckoutSubscription, readCheckoutSubscription } from './subscriptions/subscription-checkout.ts';
export { createSubscriptionService } from './subscriptions/subscription.service.ts';
export { createUpsellEditing } from './upsells/upsell-editing.service.ts';
export { findServedVoucher, listVoucherValues } from './vouchers/voucher.repo.ts';
export { createVoucherService } from './vouchers/voucher.service.ts';
