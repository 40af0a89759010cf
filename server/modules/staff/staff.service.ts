/**
 * Staff sign-in, sessions and set-password links. Sessions live in the database (SHA-256 of the
 * cookie's token) with their own CSRF token; deleting the row revokes the session at once.
 * Sign-in goes through the shop's DB-backed login throttle (client module) under `staff:<e-mail>`
 * keys, so staff and shop accounts with one address do not lock each other out.
 */
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { StaffSessionEntry } from '#domain/backoffice/staff.schema.ts';
import { summariseUserAgent } from '#domain/user-agent.ts';
import { isStaffRole, type StaffRole } from '#domain/backoffice/staff-roles.ts';
import { recordAudit } from './audit.ts';
import { hashPassword, verifyPassword } from '../client/index.ts';
import { assertStrongPassword } from '../../security/password-strength.ts';
import {
  consumePasswordToken,
  deleteExpiredStaffSessions,
  deleteStaffSessionById,
  findTokenHolder,
  listStaffSessions,
  deleteStaffSession,
  deleteStaffSessionsOf,
  findStaffByEmail,
  findStaffById,
  insertPasswordToken,
  insertStaff,
  insertStaffSession,
  revokePasswordTokensOf,
  setStaffPassword,
  trimStaffSessions,
} from './staff.repo.ts';
import { hashToken, newToken } from './staff-token.ts';
import { spendSecondFactor } from './staff-totp.ts';

/** A set-password link (invitation, first owner) is valid this long, once. */
export const SET_PASSWORD_LINK_HOURS = 72;

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
  /** The browser's device cookie (login-throttle.ts) after a sign-in with the password; null otherwise. */
  deviceToken: string | null;
}

/** Where a session was started from: shown in the list of sessions. */
export interface SessionDevice {
  userAgent: string | null;
  ip: string | null;
}

export interface LoginThrottle {
  begin(
    email: string,
    ip: string,
    captcha?: string | null,
    device?: string | null,
  ): Promise<{ succeeded(): Promise<{ deviceToken: string }>; failed(): Promise<void> }>;
}

export interface StaffServiceDeps {
  db: Database;
  clock: Clock;
  throttle: LoginThrottle;
  /** The sessions' absolute and idle lifetimes and how many one person keeps (STAFF_SESSION_HOURS, …). */
  sessions: Config['staffSessions'];
}

/** At most this much of a User-Agent is kept. */
const USER_AGENT_MAX = 300;

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, 'The e-mail address or password is not right');

export function toStaffMember(row: { id: number; email: string; name: string; role: string }): StaffMember {
  if (!isStaffRole(row.role)) throw new Error(`Unknown staff role ${row.role}`);
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

export function createStaffService({ db, clock, throttle, sessions }: StaffServiceDeps) {
  const idleSince = (now: Date) => new Date(now.getTime() - sessions.idleMinutes * 60_000);

  /**
   * A new session (absolute end `sessions.hours` from now). A sign-in does not keep every older session
   * forever: those past their end or idle go, and of the rest only the `sessions.max` newest stay.
   */
  async function startSession(executor: Executor, staff: StaffMember, device: SessionDevice): Promise<Omit<StartedStaffSession, 'deviceToken'>> {
    const now = clock.now();
    const token = newToken();
    const csrfToken = newToken();
    const expiresAt = new Date(now.getTime() + sessions.hours * 3_600_000);
    await deleteExpiredStaffSessions(executor, staff.id, now, idleSince(now));
    await insertStaffSession(executor, {
      tokenHash: hashToken(token),
      staffId: staff.id,
      csrfToken,
      expiresAt,
      now,
      userAgent: device.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      ipAddress: device.ip,
    });
    await trimStaffSessions(executor, staff.id, sessions.max);
    return { token, csrfToken, expiresAt, staff };
  }

  return {
    /**
     * E-mail + password (+ a TOTP code or a recovery code when enrolled) → a new session; 401/429 with a
     * code otherwise. `device` is the browser's device cookie: a known one passes the account's brake.
     */
    async signIn(input: {
      email: string;
      password: string;
      totp?: string | undefined;
      recoveryCode?: string | undefined;
      ip: string;
      userAgent?: string | undefined;
      device?: string | undefined;
    }): Promise<StartedStaffSession> {
      const email = input.email.trim().toLowerCase();
      const attempt = await throttle.begin(`staff:${email}`, input.ip, null, input.device ?? null);
      const row = await findStaffByEmail(db, email);
      const usable = row !== null && row.disabledAt === null ? row.passwordHash : null;
      const passwordOk = await verifyPassword(usable, input.password);
      if (!row || !passwordOk) {
        await attempt.failed();
        throw invalidCredentials();
      }
      if (row.totpSecret) {
        if (!input.totp && !input.recoveryCode) {
          // Counted until it succeeds: the password was right, the app now asks for the code.
          await attempt.failed();
          throw new AppError('STAFF_TOTP_REQUIRED', 401, 'Enter the code from your authenticator app');
        }
        // A code is spent once: the same code again (a replay) is refused like a wrong one.
        if (!(await spendSecondFactor(db, row, { totp: input.totp, recoveryCode: input.recoveryCode }, clock.now()))) {
          await attempt.failed();
          throw new AppError('STAFF_TOTP_INVALID', 401, 'The authenticator code is not right');
        }
      }
      const { deviceToken } = await attempt.succeeded();
      const session = await startSession(db, toStaffMember(row), { userAgent: input.userAgent ?? null, ip: input.ip });
      return { ...session, deviceToken };
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

    /**
     * Sets the password of a set-password link's account (once), ends its other sessions and its other
     * links, and signs it in. The password must be strong (the staff rule of password-strength.ts, the
     * person's e-mail and name counted as known words); a refused one leaves the link working.
     */
    async setPassword(token: string, password: string, device: SessionDevice = { userAgent: null, ip: null }): Promise<StartedStaffSession> {
      const tokenHash = hashToken(token);
      const holder = await findTokenHolder(db, tokenHash, clock.now());
      await assertStrongPassword(password, { audience: 'staff', userInputs: holder ? [holder.email, holder.name] : [] });
      const passwordHash = await hashPassword(password);
      const session = await db.transaction(async (tx) => {
        const now = clock.now();
        const staffId = await consumePasswordToken(tx, tokenHash, now);
        const row = staffId === null ? null : await findStaffById(tx, staffId);
        if (!row || row.disabledAt !== null) throw new AppError('INVALID_TOKEN', 400, 'This link is not valid (any more)');
        await setStaffPassword(tx, row.id, passwordHash);
        await deleteStaffSessionsOf(tx, row.id);
        await revokePasswordTokensOf(tx, row.id, now);
        await recordAudit(tx, { staffId: row.id, action: 'staff.set_password', entity: 'staff', entityId: row.id });
        return startSession(tx, toStaffMember(row), device);
      });
      return { ...session, deviceToken: null };
    },

    /** A staff member's live sessions, newest first, each with its device in words (src/domain/user-agent.ts). */
    async listSessions(staffId: number): Promise<StaffSessionEntry[]> {
      const now = clock.now();
      const rows = await listStaffSessions(db, staffId, now, idleSince(now));
      return rows.map((row) => ({
        id: row.id,
        ...summariseUserAgent(row.userAgent),
        ip_address: row.ipAddress,
        created_at: row.createdAt.toISOString(),
        last_seen_at: row.lastSeenAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
      }));
    },

    /**
     * Ends one session of a staff member: their own (`byStaffId` is them) or, by an owner, another's
     * (audited as `staff.end_session`). 404 when it is not that member's session.
     */
    async endSession(staffId: number, sessionId: number, byStaffId: number): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await deleteStaffSessionById(tx, staffId, sessionId))) throw notFound('No such session');
        if (byStaffId !== staffId) await recordAudit(tx, { staffId: byStaffId, action: 'staff.end_session', entity: 'staff', entityId: staffId });
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
