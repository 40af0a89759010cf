/**
 * THE list of the back office's pages: its routes and its navigation, in menu order. Each helper adds
 * its own entries here (one object each); nothing else needs to change for a new page.
 *
 * - `path`: below /backoffice (no leading slash; '' is the start page). Sub-routes: 'products/*'.
 * - `labelKey`: the navigation label, a key of the shell's `backoffice` namespace (`nav.<section>`).
 * - `namespace`: the page's strings, `locales/<lang>/backoffice-<area>.json` in all five languages;
 *   loaded with the page.
 * - `roles`: who sees and may open it (src/domain/backoffice/staff-roles.ts STAFF_ACCESS); the API's
 *   routes declare theirs too — the server's guard is what protects, this only hides.
 * - `page`: the lazily loaded page component (a default export).
 * - `nav: false` keeps a route out of the menu (detail pages reached from a list).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { STAFF_ACCESS, type StaffRole } from '#domain/backoffice/staff-roles.ts';

export interface BackofficeSection {
  id: string;
  path: string;
  labelKey: string;
  namespace?: string;
  roles: readonly StaffRole[];
  page: LazyExoticComponent<ComponentType>;
  nav?: boolean;
}

export const SECTIONS: readonly BackofficeSection[] = [
  { id: 'home', path: '', labelKey: 'nav.home', roles: STAFF_ACCESS.anyStaff, page: lazy(() => import('./pages/home-page.tsx')) },
  {
    id: 'catalogue-products',
    path: 'catalogue/products',
    labelKey: 'nav.products',
    namespace: 'backoffice-catalogue',
    roles: STAFF_ACCESS.catalogue,
    page: lazy(() => import('./pages/catalogue/products-page.tsx')),
  },
  {
    id: 'catalogue-product-editor',
    path: 'catalogue/products/:id',
    labelKey: 'nav.products',
    namespace: 'backoffice-catalogue',
    roles: STAFF_ACCESS.catalogue,
    page: lazy(() => import('./pages/catalogue/product-editor-page.tsx')),
    nav: false,
  },
  {
    id: 'catalogue-categories',
    path: 'catalogue/categories',
    labelKey: 'nav.categories',
    namespace: 'backoffice-catalogue',
    roles: STAFF_ACCESS.catalogue,
    page: lazy(() => import('./pages/catalogue/categories-page.tsx')),
  },
  {
    id: 'catalogue-audiences',
    path: 'catalogue/audiences',
    labelKey: 'nav.audiences',
    namespace: 'backoffice-catalogue',
    roles: STAFF_ACCESS.catalogue,
    page: lazy(() => import('./pages/catalogue/audiences-page.tsx')),
  },
  {
    id: 'catalogue-upsells',
    path: 'catalogue/upsells',
    labelKey: 'nav.upsells',
    namespace: 'backoffice-catalogue',
    roles: STAFF_ACCESS.catalogue,
    page: lazy(() => import('./pages/catalogue/upsells-page.tsx')),
  },
  {
    id: 'schedules',
    path: 'slots',
    labelKey: 'nav.schedules',
    namespace: 'backoffice-schedules',
    roles: STAFF_ACCESS.schedules,
    page: lazy(() => import('./pages/slots/slot-calendar-page.tsx')),
  },
  {
    id: 'schedule-editor',
    path: 'schedules/:productId',
    labelKey: 'nav.schedules',
    namespace: 'backoffice-schedules',
    roles: STAFF_ACCESS.schedules,
    page: lazy(() => import('./pages/schedule-editor-page.tsx')),
    nav: false,
  },
  {
    // A slot's waiting list: /slots/waitlist/<productId>/<slotId>, opened from the slot calendar.
    id: 'slot-waitlist',
    path: 'slots/waitlist/*',
    labelKey: 'nav.waitlist',
    namespace: 'backoffice-sales',
    roles: STAFF_ACCESS.schedules,
    page: lazy(() => import('./pages/sales/slot-waitlist-page.tsx')),
    nav: false,
  },
  {
    id: 'sales-coupons',
    path: 'sales/coupons',
    labelKey: 'nav.coupons',
    namespace: 'backoffice-sales',
    roles: STAFF_ACCESS.catalogue,
    page: lazy(() => import('./pages/sales/coupons-page.tsx')),
  },
  {
    id: 'sales-subscriptions',
    path: 'sales/subscriptions',
    labelKey: 'nav.subscriptions',
    namespace: 'backoffice-sales',
    roles: STAFF_ACCESS.catalogue,
    page: lazy(() => import('./pages/sales/subscriptions-page.tsx')),
  },
  {
    id: 'sales-vouchers',
    path: 'sales/vouchers',
    labelKey: 'nav.vouchers',
    namespace: 'backoffice-sales',
    roles: STAFF_ACCESS.catalogue,
    page: lazy(() => import('./pages/sales/vouchers-page.tsx')),
  },
  {
    id: 'orders',
    path: 'orders',
    labelKey: 'nav.orders',
    namespace: 'backoffice-orders',
    roles: STAFF_ACCESS.orders,
    page: lazy(() => import('./pages/orders/orders-desk-page.tsx')),
  },
  {
    id: 'order',
    path: 'orders/:number',
    labelKey: 'nav.orders',
    namespace: 'backoffice-orders',
    roles: STAFF_ACCESS.orders,
    page: lazy(() => import('./pages/orders/order-page.tsx')),
    nav: false,
  },
  {
    id: 'refund-requests',
    path: 'refund-requests',
    labelKey: 'nav.refundRequests',
    namespace: 'backoffice-orders',
    roles: STAFF_ACCESS.orders,
    page: lazy(() => import('./pages/orders/refund-requests-page.tsx')),
  },
  {
    id: 'gift-cards',
    path: 'gift-cards',
    labelKey: 'nav.giftCards',
    namespace: 'backoffice-orders',
    roles: STAFF_ACCESS.orders,
    page: lazy(() => import('./pages/orders/gift-cards-page.tsx')),
  },
  {
    id: 'coupon-uses',
    path: 'coupon-uses',
    labelKey: 'nav.couponUses',
    namespace: 'backoffice-orders',
    roles: STAFF_ACCESS.orders,
    page: lazy(() => import('./pages/orders/coupon-uses-page.tsx')),
  },
  {
    id: 'passes',
    path: 'passes',
    labelKey: 'nav.passes',
    namespace: 'backoffice-orders',
    roles: STAFF_ACCESS.orders,
    page: lazy(() => import('./pages/orders/passes-page.tsx')),
  },
  {
    id: 'day-list',
    path: 'day-list',
    labelKey: 'nav.dayList',
    namespace: 'backoffice-reports',
    roles: STAFF_ACCESS.orders,
    page: lazy(() => import('./pages/reports/day-list-page.tsx')),
  },
  {
    id: 'gate',
    path: 'gate',
    labelKey: 'nav.gate',
    namespace: 'backoffice-gate',
    roles: STAFF_ACCESS.checkin,
    page: lazy(() => import('./pages/gate/gate-page.tsx')),
  },
  {
    id: 'reports',
    path: 'reports',
    labelKey: 'nav.reports',
    namespace: 'backoffice-reports',
    roles: STAFF_ACCESS.reports,
    page: lazy(() => import('./pages/reports/reports-page.tsx')),
  },
  {
    id: 'settings-organisation',
    path: 'settings/organisation',
    labelKey: 'nav.settings',
    namespace: 'backoffice-settings',
    roles: STAFF_ACCESS.settings,
    page: lazy(() => import('./pages/settings/organisation-page.tsx')),
  },
  {
    id: 'settings-fields',
    path: 'settings/fields',
    labelKey: 'nav.customerFields',
    namespace: 'backoffice-settings',
    roles: STAFF_ACCESS.catalogue,
    page: lazy(() => import('./pages/settings/customer-fields-page.tsx')),
  },
  {
    id: 'settings-additions',
    path: 'settings/additions',
    labelKey: 'nav.additions',
    namespace: 'backoffice-settings',
    roles: STAFF_ACCESS.catalogue,
    page: lazy(() => import('./pages/settings/additions-page.tsx')),
  },
  {
    id: 'settings-faq',
    path: 'settings/faq',
    labelKey: 'nav.faq',
    namespace: 'backoffice-settings',
    roles: STAFF_ACCESS.catalogue,
    page: lazy(() => import('./pages/settings/faq-page.tsx')),
  },
  {
    id: 'staff',
    path: 'staff',
    labelKey: 'nav.staff',
    namespace: 'backoffice-staff',
    roles: STAFF_ACCESS.owner,
    page: lazy(() => import('./pages/staff/staff-page.tsx')),
  },
  {
    id: 'audit',
    path: 'audit',
    labelKey: 'nav.audit',
    namespace: 'backoffice-staff',
    roles: STAFF_ACCESS.owner,
    page: lazy(() => import('./pages/staff/audit-page.tsx')),
  },
  {
    id: 'my-account',
    path: 'account',
    labelKey: 'nav.account',
    namespace: 'backoffice-staff',
    // Everyone sees where they are signed in; the authenticator app is for owners and managers (TOTP_ROLES).
    roles: STAFF_ACCESS.anyStaff,
    page: lazy(() => import('./pages/staff/my-account-page.tsx')),
  },
];

/** The sections a role may open, in menu order. */
export function sectionsFor(role: StaffRole): BackofficeSection[] {
  return SECTIONS.filter((section) => section.roles.includes(role));
}

/** The section whose path a location (below /backoffice) falls under, if any. */
export function sectionAt(pathname: string): BackofficeSection | undefined {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  return [...SECTIONS]
    .sort((a, b) => b.path.length - a.path.length)
    .find((section) => {
      const base = section.path.replace(/\/\*$/, '');
      return base === '' ? path === '' : path === base || path.startsWith(`${base}/`);
    });
}
