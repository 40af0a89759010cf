/**
 * What the OpenAPI document says about the shop API as a whole: its info, server, tags and the two
 * credentials some calls read. Each route's own schema names its operation (`operationId`, `summary`,
 * `tags`, `security`); the types below make a tag or a credential the document does not declare a
 * compile error.
 */

/** The session cookie the signed-in calls need (set by the client module's sign-in). Part of the API's contract: declared below. */
export const SESSION_COOKIE = 'shop_session';

/** The back office's staff session cookie and CSRF header (server/modules/staff). */
import { STAFF_COOKIE } from '#domain/backoffice/staff-session.ts';
export { STAFF_COOKIE, STAFF_COOKIE_PATH, STAFF_CSRF_HEADER } from '#domain/backoffice/staff-session.ts';

export const API_INFO = {
  title: 'Ticket shop API',
  version: '1',
  description: 'The shop API behind the storefront (spec section 7). Amounts are 2-decimal numbers; refusals are `{ ok: false, error, message }`.',
  // The project grants no licence: all rights reserved.
  license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
};

/** Relative: the API is on the host that serves this document, whatever its name. */
export const API_SERVERS = [{ url: '/', description: 'The host serving this document' }];

/** One tag per server module that has routes, in the order a reader meets them. */
export const API_TAGS = {
  catalogue: 'Categories, products, subscriptions, vouchers and their time slots (plots), as the storefront lists them',
  organisation: "The shop's settings the storefront needs: name, languages, payment methods, texts",
  faq: 'The questions and answers page',
  client: 'Accounts: sign-in, the signed-in client, sign-out, password',
  checkout: 'Orders (products and reservations): price simulation, submission, payment and the order status; rebooking',
  subscriptions: 'Subscription orders and renewals, and the signed-in client’s customer groups',
  vouchers: 'Gift card (voucher) orders, balance checks and the printable gift card',
  coupons: 'Coupon codes and gift card barcodes previewed against a cart',
  reservations: 'The reservation page: details, changes of slot or quantity, coupons, cancellation',
  tickets: 'Paid orders with their e-tickets, and the gates’ check-in',
  refunds: 'Refund requests sent from the FAQ page',
  waitlist: 'The waiting list of sold-out time slots: joining, and the places a mailed link holds',
  payments: 'The configured payment gateway’s own calls: provider webhooks and the test gateway’s page',
  backoffice: 'The back office: staff sign-in, staff accounts and the audit log (each call names the staff roles that may make it)',
  embed: 'Embedding the storefront in the organisation’s own site: the origins allowed to frame it',
  service: 'The service itself: health and this document',
} as const;

export type ApiTag = keyof typeof API_TAGS;

export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The signed-in client’s session: set (HttpOnly) by signing in, by token sign-in and by a first subscription order',
  },
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: STAFF_COOKIE,
    description:
      'A staff member’s back-office session (HttpOnly, SameSite=Strict, Path=/api/backoffice), set by the back-office sign-in. State-changing calls also send its CSRF token in `x-csrf-token`; each operation lists its roles in `x-staff-roles`',
  },
  checkinToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The operators’ check-in token (CHECKIN_TOKEN), sent as `Authorization: Bearer …` by the gates’ scanners',
  },
} as const;

/** Scheme name → scopes (none: neither scheme has scopes). */
export type SecurityRequirement = { [scheme in keyof typeof SECURITY_SCHEMES]?: string[] };

/** The `security` of an operation: which credential it reads, if any. */
export const access = {
  /** No credential: anyone may call it (calls on a secret hash are reached by knowing the hash). */
  public: [],
  /** Works for anyone; a signed-in client's session changes the answer (their account, prices, groups). */
  sessionOptional: [{}, { session: [] }],
  /** Only for a signed-in client: 401 LOGIN_REQUIRED without a session. */
  session: [{ session: [] }],
  /** Only for signed-in staff of the roles the route declares: 401 STAFF_SESSION_REQUIRED / 403 STAFF_ROLE_FORBIDDEN. */
  staff: [{ staffSession: [] }],
  /** Only for the gates: 401 CHECKIN_UNAUTHORIZED without the check-in token. */
  checkinToken: [{ checkinToken: [] }],
} satisfies Record<string, SecurityRequirement[]>;

declare module 'fastify' {
  interface FastifySchema {
    /** A stable camelCase name, unique in the API: the function name of a generated client. */
    operationId?: string;
    /** One line for the OpenAPI document. */
    summary?: string;
    tags?: ApiTag[];
    security?: SecurityRequirement[];
    /**
     * Left out of the document: browser navigation targets (an HTML form's post, a provider's return
     * redirect) that answer only with a redirect, not calls for an API client.
     */
    hide?: boolean;
  }
}
