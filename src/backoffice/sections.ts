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
import { STAFF_ACCESS, type StaffRole } from '../domain/backoffice/staff-roles.ts';

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
    id: 'schedules',
    path: 'slots',
    labelKey: 'nav.schedules',
    namespace: 'backoffice-schedules',
    roles: STAFF_ACCESS.schedules,
    page: lazy(() => import('./pages/slot-calendar-page.tsx')),
  },
  // bo-catalogue, bo-schedules, bo-orders, bo-gate: add your sections here.
  {
    id: 'catalogue-products',
    path: 'catalogue/products',
    labelKey: 'nav.products',
    namespace: 'backoffice-catalogue',
    roles: STAFF_ACCESS.catalogue,
    page: lazy(() => import('./pages/catalogue/products-page.tsx')),
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
    id: 'day-list',
    path: 'day-list',
    labelKey: 'nav.dayList',
    namespace: 'backoffice-reports',
    roles: STAFF_ACCESS.orders,
    page: lazy(() => import('./pages/reports/day-list-page.tsx')),
  },
  {
    id: 'reports',
    path: 'reports',
    labelKey: 'nav.reports',
    namespace: 'backoffice-reports',
    roles: STAFF_ACCESS.reports,
    page: lazy(() => import('./pages/reports/reports-page.tsx')),
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
