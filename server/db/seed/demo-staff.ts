/**
 * The demo shop's back-office accounts, one per role (README, docs/demo-shop.md). Seeded only with
 * the demo shop (SEED_DEMO, off in production), like the demo client: published passwords.
 */
import { hash } from '@node-rs/argon2';
import type { StaffRole } from '#domain/backoffice/staff-roles.ts';
import type { Executor } from '../client.ts';
import { staffAccounts } from '../schema/index.ts';

export const DEMO_STAFF = {
  owner: { email: 'owner@tidewater.example', password: 'tidewater-owner', name: 'Olivia Owner' },
  manager: { email: 'manager@tidewater.example', password: 'tidewater-manager', name: 'Milan Manager' },
  box_office: { email: 'boxoffice@tidewater.example', password: 'tidewater-boxoffice', name: 'Bo Box-Office' },
  gate: { email: 'gate@tidewater.example', password: 'tidewater-gate', name: 'Gert Gate' },
} as const satisfies Record<StaffRole, { email: string; password: string; name: string }>;

export async function seedDemoStaff(db: Executor): Promise<void> {
  const rows = await Promise.all(
    (Object.entries(DEMO_STAFF) as [StaffRole, (typeof DEMO_STAFF)[StaffRole]][]).map(async ([role, account]) => ({
      email: account.email,
      name: account.name,
      role,
      // argon2id is the library's default algorithm.
      passwordHash: await hash(account.password),
    })),
  );
  await db.insert(staffAccounts).values(rows);
}
