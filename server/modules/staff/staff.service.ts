/**
 * Staff sign-in, sessions and set-password links. Sessions live in the database (SHA-256 of the
 * cookie's token) with their own CSRF token; deleting the row revokes the session at once.
 * Sign-in goes through the shop's DB-backed login throttle (client module) under `staff:<e-mail>`
 * keys, so staff and shop accounts with one address do not lock each other out.
 */
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { isStaffRole, type StaffRole } from '#domain/backoffice/staff-roles.ts';
import { recordAudit } from './audit.ts';
import { hashPassword, verifyPassword } from '../client/index.ts';
import {
  consumePasswordToken,
  deleteExpiredStaffSessions,
  deleteStaffSession,
  deleteStaffSessionsOf,
  findStaffByEmail,
  findStaffById,
  insertPasswordToken,
  insertStaff,
  insertStaffSession,
  setStaffPassword,
} from './staff.repo.ts';
import { hashToken, newToken } from './staff-token.ts';

/** A staff session lasts a working day; signing in again starts a new one. */
export const STAFF_SESSION_HOURS = 12;
/** A set-password link (invitation, first owner) is valid this long, once. */
export const SET_PASSWORD_LINK_HOURS = 72;
export const STAFF_PASSWORD_MIN_LENGTH = 10;

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

export interface StartedStaffSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
  staff: StaffMember;
}

export interface LoginThrottle {
  begin(email: string, ip: string, captcha?: string | null): Promise<{ succeeded(): Promise<void>; failed(): Promise<void> }>;
}

export interface StaffServiceDeps {
  db: Database;
  clock: Clock;
  throttle: LoginThrottle;
  /** Checks a TOTP code against a base32 secret (otplib; set by the TOTP feature). Absent: TOTP never asked. */
  verifyTotp?: (secret: string, code: string) => boolean;
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, 'The e-mail address or password is not right');

export function toStaffMember(row: { id: number; email: string; name: string; role: string }): StaffMember {
  if (!isStaffRole(row.role)) throw new Error(`Unknown staff role ${row.role}`);
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

export function createStaffService({ db, clock, throttle, verifyTotp }: StaffServiceDeps) {
  async function startSession(executor: Executor, staff: StaffMember): Promise<StartedStaffSession> {
    const now = clock.now();
    const token = newToken();
    const csrfToken = newToken();
    const expiresAt = new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000);
    await deleteExpiredStaffSessions(executor, staff.id, now);
    await insertStaffSession(executor, { tokenHash: hashToken(token), staffId: staff.id, csrfToken, expiresAt, now });
    return { token, csrfToken, expiresAt, staff };
  }

  return {
    /** E-mail + password (+ TOTP code when enrolled) → a new session; 401/429 with a code otherwise. */
    async signIn(input: { email: string; password: string; totp?: string | undefined; ip: string }): Promise<StartedStaffSession> {
      const email = input.email.trim().toLowerCase();
      const attempt = await throttle.begin(`staff:${email}`, input.ip);
      const row = await findStaffByEmail(db, email);
      const usable = row !== null && row.disabledAt === null ? row.passwordHash : null;
      const passwordOk = await verifyPassword(usable, input.password);
      if (!row || !passwordOk) {
        await attempt.failed();
        throw invalidCredentials();
      }
      if (row.totpSecret && verifyTotp) {
        if (!input.totp) {
          // Not a failure: the password was right, the app now asks for the code.
          await attempt.failed();
          throw new AppError('STAFF_TOTP_REQUIRED', 401, 'Enter the code from your authenticator app');
        }
        if (!verifyTotp(row.totpSecret, input.totp)) {
          await attempt.failed();
          throw new AppError('STAFF_TOTP_INVALID', 401, 'The authenticator code is not right');
        }
      }
      await attempt.succeeded();
      return startSession(db, toStaffMember(row));
    },

    async signOut(token: string): Promise<void> {
      await deleteStaffSession(db, hashToken(token));
    },

    /**
     * Creates a staff account without a password (inside the caller's transaction) and answers a
     * one-time set-password token (staff-admin.service.ts `setPasswordLink`). Audited as `staff.create`.
     */
    async createStaff(
      tx: Executor,
      input: { email: string; name: string; role: StaffRole; byStaffId: number | null },
    ): Promise<{ staff: StaffMember; token: string }> {
      const email = input.email.trim().toLowerCase();
      if (await findStaffByEmail(tx, email)) throw new AppError('STAFF_EMAIL_TAKEN', 409, 'A staff account with this e-mail address exists');
      const row = await insertStaff(tx, { email, name: input.name.trim(), role: input.role, passwordHash: null });
      const staff = toStaffMember(row);
      const token = await this.issuePasswordToken(tx, staff.id);
      await recordAudit(tx, { staffId: input.byStaffId, action: 'staff.create', entity: 'staff', entityId: staff.id, after: staff });
      return { staff, token };
    },

    async issuePasswordToken(executor: Executor, staffId: number): Promise<string> {
      const now = clock.now();
      const token = newToken();
      await insertPasswordToken(executor, {
        tokenHash: hashToken(token),
        staffId,
        expiresAt: new Date(now.getTime() + SET_PASSWORD_LINK_HOURS * 3_600_000),
        now,
      });
      return token;
    },

    /** Sets the password of a set-password link's account (once), ends its other sessions and signs it in. */
    async setPassword(token: string, password: string): Promise<StartedStaffSession> {
      if (password.length < STAFF_PASSWORD_MIN_LENGTH) {
        throw new AppError('PASSWORD_INVALID', 400, `A password needs at least ${STAFF_PASSWORD_MIN_LENGTH} characters`);
      }
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const staffId = await consumePasswordToken(tx, hashToken(token), clock.now());
        const row = staffId === null ? null : await findStaffById(tx, staffId);
        if (!row || row.disabledAt !== null) throw new AppError('INVALID_TOKEN', 400, 'This link is not valid (any more)');
        await setStaffPassword(tx, row.id, passwordHash);
        await deleteStaffSessionsOf(tx, row.id);
        await recordAudit(tx, { staffId: row.id, action: 'staff.set_password', entity: 'staff', entityId: row.id });
        return startSession(tx, toStaffMember(row));
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
