/**
 * Stable upper-case error codes the API answers in `error` (spec section 8); new codes are added here
 * first. Apart from errors.ts so that its zod schema (errors.schema.ts) and its types share them
 * without importing each other.
 */
export const ERROR_CODES = [
  // generic request problems
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_ID',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  // hostile input refused before it reaches a route (server/plugins/hostile-input.ts)
  'INVALID_CHARACTERS',
  'JSON_TOO_DEEP',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'INTERNAL_ERROR',
  'DATABASE_UNAVAILABLE',
  // client accounts
  'INVALID_CREDENTIALS',
  'INVALID_TOKEN',
  'TOO_MANY_ATTEMPTS',
  // shared abuse limits (server/security/rate-limiter.ts)
  'RATE_LIMITED',
  // heavy reads kept bounded (server/db/heavy-reads.ts): a report's period, an export's size, a read too slow now
  'PERIOD_TOO_LONG',
  'EXPORT_TOO_LARGE',
  'REPORT_TOO_SLOW',
  'LOGIN_REQUIRED',
  // catalogue and ordering (later issues add their rules)
  'PRODUCT_NOT_AVAILABLE',
  'PLOT_REQUIRED',
  'PLOT_NOT_AVAILABLE',
  'PLOT_SOLD_OUT',
  'ORDER_LIMIT_REACHED',
  'QUANTITY_INVALID',
  'AUDIENCE_INVALID',
  'UPSELL_INVALID',
  'FIELD_INVALID',
  'CUSTOMER_INVALID',
  'COUPON_INVALID',
  'COUPON_EXPIRED',
  'COUPON_NOT_APPLICABLE',
  'COUPON_GROUP_ONLY',
  'GIFT_CARD_EXPIRED',
  // subscriptions (passes, renewals, ONLINE redemptions)
  'SUBSCRIPTION_NOT_AVAILABLE',
  'SUBSCRIPTION_NOT_REDEEMABLE',
  'SUBSCRIPTION_USED_UP',
  'RENEWAL_INVALID',
  'PASSES_INVALID',
  'PASSWORD_INVALID',
  // A new password too easy to guess (server/security/password-strength.ts); `fields.password` says why (src/domain/password-rules.ts).
  'PASSWORD_TOO_WEAK',
  'FORBIDDEN',
  'VOUCHER_NOT_FOUND',
  'VOUCHER_SOLD_OUT',
  'RESERVATION_NOT_ALLOWED',
  'INVOICE_NOT_AVAILABLE',
  'INVOICE_DETAILS_MISSING',
  'RESERVATION_NOT_CHANGEABLE',
  'FIELD_NOT_EDITABLE',
  'CHECKIN_UNAUTHORIZED',
  'CHECKIN_DISABLED',
  'RESERVATION_EXPIRED',
  'RESERVATION_PAID',
  'REBOOK_NOT_ALLOWED',
  'TICKET_UNKNOWN',
  'WALLET_NOT_CONFIGURED',
  'ORDER_NOT_PAYABLE',
  'PAYMENT_FAILED',
  'SECURITY_CAPTCHA_REQUIRED',
  'SECURITY_CAPTCHA_INVALID',
  // the waiting list of sold-out slots (server/modules/waitlist)
  'WAITLIST_PLACES_FREE',
  'WAITLIST_ALREADY_JOINED',
  'WAITLIST_HOLD_INVALID',
  'WAITLIST_HOLD_EXPIRED',
  'WAITLIST_HOLD_USED',
  // the back office's orders desk (server/modules/checkout/staff-desk.ts)
  'REFUND_EXCEEDS_PAID',
  'ORDER_ALREADY_CANCELLED',
  'ORDER_NOT_REFUNDABLE',
  'ORDER_NOT_MOVABLE',
  'NOT_AN_INVOICE_ORDER',
  'INVOICE_ALREADY_PAID',
  'GIFT_CARD_VOID',
  'REFUND_REQUEST_DECIDED',
  // idempotency keys of submissions
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
  // payment provider notifications
  'WEBHOOK_SIGNATURE_INVALID',
  // cross-site requests (server/plugins/same-origin.ts)
  'ORIGIN_REFUSED',
  // back office (server/modules/staff, docs/backoffice.md)
  'STAFF_SESSION_REQUIRED',
  'STAFF_ROLE_FORBIDDEN',
  'STAFF_CSRF_INVALID',
  'STAFF_TOTP_REQUIRED',
  'STAFF_TOTP_INVALID',
  'STAFF_EMAIL_TAKEN',
  'STAFF_LAST_OWNER',
  // back office: schedules and slots (server/modules/schedules)
  'CAPACITY_BELOW_TAKEN',
  'SCHEDULE_CHANGED',
  // back-office catalogue editor (server/modules/catalogue-editor)
  'CATALOGUE_SLUG_TAKEN',
  'CATALOGUE_STALE_EDIT',
  'CATALOGUE_REFERENCE_UNKNOWN',
  'IMAGE_INVALID',
  'IMAGE_TOO_LARGE',
  // back-office sales set-up (server/modules/catalogue-editor/sales-editor.service.ts)
  'COUPON_CODE_TAKEN',
  'COUPON_LIMIT_BELOW_USES',
  'VOUCHER_VALUE_SOLD',
  // back-office settings editor (server/modules/settings-editor)
  'THEME_COLOUR_UNREADABLE',
  'TIMEZONE_UNKNOWN',
  // tax and documents (src/domain/tax.ts, vat-id.ts, server/modules/documents)
  'VAT_ID_INVALID',
  'TAX_RATE_INVALID',
  'TAX_RULE_IN_USE',
  'CREDIT_NOTE_EXCEEDS_INVOICE',
] as const;
