/** The public entry of the refund-requests module: what other modules, app.ts and the composition root use. */
export { refundRequestRoutes } from './refund-request.routes.ts';
export { createRefundRequestService } from './refund-request.service.ts';
export { createRefundRequestInbox, type RefundRequestInbox, type RefundRequestStatus } from './refund-request-inbox.ts';
