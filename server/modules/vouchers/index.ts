/** The public entry of the vouchers module: what other modules, app.ts and the composition root use. */
export { createGiftCardIssue } from './gift-card-issue.ts';
export { createGiftCardReads } from './gift-card-reads.ts';
export { createVoucherOrderService } from './voucher-order.service.ts';
export { createVoucherStock } from './voucher-stock.ts';
export { voucherOrderRoutes } from './voucher.routes.ts';
export { createGiftCardDesk, type GiftCardDesk } from './gift-card-desk.ts';
export { voucherAdminRoutes } from './voucher-admin.routes.ts';
export { createVoucherEditing } from './voucher-editing.service.ts';
export { createGiftCardLedger } from './gift-card-ledger.ts';
