/**
 * Back-office staff roles and what each may do (issue 20): owner everything; manager catalogue,
 * schedules and orders plus what box office and gate can; box office orders, refunds, gift cards,
 * day list and scanner; gate check-in only. Shared by the server's guard and the app's navigation.
 */
export const STAFF_ROLES = ['owner', 'manager', 'box_office', 'gate'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Ready-made role lists for route and section declarations (the owner is in every one). */
export const STAFF_ACCESS = {
  owner: ['owner'],
  /** The shop's own settings (name, theme, languages, security): the owner alone. */
  settings: ['owner'],
  catalogue: ['owner', 'manager'],
  schedules: ['owner', 'manager'],
  orders: ['owner', 'manager', 'box_office'],
  reports: ['owner', 'manager'],
  checkin: ['owner', 'manager', 'box_office', 'gate'],
  anyStaff: ['owner', 'manager', 'box_office', 'gate'],
} as const satisfies Record<string, readonly StaffRole[]>;

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether a role may use something declared for `roles`. */
export function roleAllows(roles: readonly StaffRole[], role: StaffRole): boolean {
  return roles.includes(role);
}

/** Roles that may enrol a TOTP second factor. */
export const TOTP_ROLES: readonly StaffRole[] = ['owner', 'manager'];
