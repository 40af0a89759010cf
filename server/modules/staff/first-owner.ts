/**
 * The first owner of a new shop without the command line (issue 20 item 1): at start, while no owner
 * can sign in (none, or only disabled ones or ones that never set a password), the server makes sure an
 * owner account exists (FIRST_OWNER_EMAIL, else the first owner still waiting for a password) and logs
 * a fresh one-time set-password link for it. Once an owner has a password, start-up prints nothing.
 */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import { setPasswordLink } from './staff-admin.service.ts';
import type { StaffService } from './staff.service.ts';

export interface FirstOwnerLink {
  email: string;
  link: string;
}

/** Answers the set-password link to log, or null when an owner can already sign in. */
export async function firstOwnerSetupLink({
  db,
  staff,
  email,
  publicUrl,
}: {
  db: Database;
  staff: Pick<StaffService, 'createStaff' | 'issuePasswordToken'>;
  email: string;
  publicUrl: string;
}): Promise<FirstOwnerLink | null> {
  return db.transaction(async (tx) => {
    const [ready] = await tx
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(and(eq(staffAccounts.role, 'owner'), isNull(staffAccounts.disabledAt), isNotNull(staffAccounts.passwordHash)))
      .limit(1);
    if (ready) return null;
    const [waiting] = await tx
      .select({ id: staffAccounts.id, email: staffAccounts.email })
      .from(staffAccounts)
      .where(and(eq(staffAccounts.role, 'owner'), isNull(staffAccounts.disabledAt), isNull(staffAccounts.passwordHash)))
      .orderBy(asc(staffAccounts.id))
      .limit(1);
    if (waiting) return { email: waiting.email, link: setPasswordLink(publicUrl, await staff.issuePasswordToken(tx, waiting.id)) };
    const [taken] = await tx.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.email, email)).limit(1);
    // The address belongs to someone else (another role, or a disabled owner): say so rather than take it over.
    if (taken) throw new Error(`FIRST_OWNER_EMAIL ${email} is a staff account that is not an active owner; set another address or run npm run staff`);
    const created = await staff.createStaff(tx, { email, name: email.split('@')[0] || email, role: 'owner', byStaffId: null });
    return { email, link: setPasswordLink(publicUrl, created.token) };
  });
}
