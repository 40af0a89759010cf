/**
 * What an owner does with staff accounts: invite (a set-password link mailed through the outbox),
 * change a role, disable / enable, revoke sessions; and read the audit log, in words (audit-reading.ts).
 * Every change writes its audit row in the same transaction; the shop always keeps one active owner
 * (409 STAFF_LAST_OWNER).
 */
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Language } from '#domain/languages.ts';
import type { StaffRole } from '#domain/backoffice/staff-roles.ts';
import { enqueueStaffInviteMail } from '../mail/index.ts';
import { recordAudit } from './audit.ts';
import { readAuditEntries } from './audit-reading.ts';
import { countOtherActiveOwners, listAudit, listStaff, updateStaff, type AuditFilter } from './staff-admin.repo.ts';
import { deleteStaffSessionsOf, findStaffById } from './staff.repo.ts';
import { SET_PASSWORD_LINK_HOURS, toStaffMember, type StaffService } from './staff.service.ts';

export interface StaffAdminDeps {
  db: Database;
  clock: Clock;
  staff: StaffService;
  publicUrl: string;
}

/** The set-password page of the back office; the token rides in the fragment, so it never reaches a log. */
export function setPasswordLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/backoffice/set-password#${token}`;
}

const lastOwner = () => new AppError('STAFF_LAST_OWNER', 409, 'The shop needs at least one active owner');

export function createStaffAdminService({ db, clock, staff, publicUrl }: StaffAdminDeps) {
  async function existing(tx: Executor, id: number) {
    const row = await findStaffById(tx, id);
    if (!row) throw notFound('No such staff member');
    return row;
  }
  const view = (row: { id: number; email: string; name: string; role: string; disabledAt: Date | null }) => ({
    ...toStaffMember(row),
    disabled: row.disabledAt !== null,
  });

  return {
    list: () => listStaff(db),

    async invite(input: { email: string; name: string; role: StaffRole; language: Language }, byStaffId: number) {
      return db.transaction(async (tx) => {
        const { staff: created, token } = await staff.createStaff(tx, { ...input, byStaffId });
        await enqueueStaffInviteMail(tx, {
          language: input.language,
          recipient: created.email,
          name: created.name,
          link: setPasswordLink(publicUrl, token),
          validHours: SET_PASSWORD_LINK_HOURS,
        });
        return created;
      });
    },

    async update(id: number, change: { role?: StaffRole | undefined; disabled?: boolean | undefined }, byStaffId: number) {
      return db.transaction(async (tx) => {
        const row = await existing(tx, id);
        const before = view(row);
        const role = change.role ?? before.role;
        const disabled = change.disabled ?? before.disabled;
        const losesOwner = before.role === 'owner' && !before.disabled && (role !== 'owner' || disabled);
        if (losesOwner && (await countOtherActiveOwners(tx, id)) === 0) throw lastOwner();
        await updateStaff(tx, id, { role, disabledAt: disabled ? (row.disabledAt ?? clock.now()) : null });
        // A new role or a disabled account takes effect at once: its sessions end.
        if (role !== before.role || disabled) await deleteStaffSessionsOf(tx, id);
        const after = { ...before, role, disabled };
        await recordAudit(tx, { staffId: byStaffId, action: 'staff.update', entity: 'staff', entityId: id, before, after });
        return after;
      });
    },

    async revokeSessions(id: number, byStaffId: number) {
      await db.transaction(async (tx) => {
        await existing(tx, id);
        await deleteStaffSessionsOf(tx, id);
        await recordAudit(tx, { staffId: byStaffId, action: 'staff.revoke_sessions', entity: 'staff', entityId: id });
      });
    },

    /** A new set-password link mailed to the member (a forgotten password); the old password keeps working until used. */
    async resendLink(id: number, language: Language, byStaffId: number) {
      await db.transaction(async (tx) => {
        const row = await existing(tx, id);
        const token = await staff.issuePasswordToken(tx, id);
        await enqueueStaffInviteMail(tx, {
          language,
          recipient: row.email,
          name: row.name,
          link: setPasswordLink(publicUrl, token),
          validHours: SET_PASSWORD_LINK_HOURS,
        });
        await recordAudit(tx, { staffId: byStaffId, action: 'staff.send_link', entity: 'staff', entityId: id });
      });
    },

    /** A page of the audit log, each row with the names and values to say it in words (in `language`, else the shop's). */
    async audit(filter: AuditFilter, page: { offset: number; limit: number }, language: Language | null) {
      const { rows, total } = await listAudit(db, filter, page);
      return { ...(await readAuditEntries(db, rows, language)), total };
    },
  };
}

export type StaffAdminService = ReturnType<typeof createStaffAdminService>;
