/**
 * Optional TOTP (RFC 6238, otplib) for owners and managers: enrol (a secret offered, shown as a QR
 * code made with `qrcode`), confirm with a first code (then sign-in asks for one), switch off.
 * Codes are accepted one step (30 s) either side of the server's clock.
 */
import type * as Otplib from 'otplib';
import type QRCodeModule from 'qrcode';
import { lazyModule } from '../../lazy-module.ts';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { TOTP_ROLES, type StaffRole } from '#domain/backoffice/staff-roles.ts';
import { recordAudit } from './audit.ts';
import { findStaffById } from './staff.repo.ts';

const qrcode = lazyModule<typeof QRCodeModule>('qrcode');
const otplib = lazyModule<typeof Otplib>('otplib');

const TOLERANCE_SECONDS = 30;

export function verifyStaffTotp(secret: string, code: string, now: Date = new Date()): boolean {
  try {
    return otplib().verifySync({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: TOLERANCE_SECONDS }).valid;
  } catch {
    return false;
  }
}

export function createStaffTotpService({ db, clock, issuer }: { db: Database; clock: Clock; issuer: () => Promise<string> }) {
  return {
    /** A new secret, kept pending until confirmed: the otpauth URI and its QR code (SVG). */
    async begin(staff: { id: number; email: string; role: StaffRole }) {
      if (!TOTP_ROLES.includes(staff.role)) throw new AppError('STAFF_ROLE_FORBIDDEN', 403, 'Only owners and managers use an authenticator app');
      const secret = otplib().generateSecret();
      await db.update(staffAccounts).set({ totpPendingSecret: secret }).where(eq(staffAccounts.id, staff.id));
      const uri = otplib().generateURI({ issuer: (await issuer()) || 'Back office', label: staff.email, secret });
      const qrSvg = await qrcode().toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, uri, qr_svg: qrSvg };
    },

    /** The first code proves the app has the secret: TOTP is on from now on. */
    async confirm(staffId: number, code: string) {
      await db.transaction(async (tx) => {
        const row = await findStaffById(tx, staffId);
        const pending = row?.totpPendingSecret;
        if (!pending || !verifyStaffTotp(pending, code, clock.now())) throw new AppError('STAFF_TOTP_INVALID', 400, 'The authenticator code is not right');
        await tx.update(staffAccounts).set({ totpSecret: pending, totpPendingSecret: null }).where(eq(staffAccounts.id, staffId));
        await recordAudit(tx, { staffId, action: 'staff.totp_on', entity: 'staff', entityId: staffId });
      });
    },

    /** Switching off needs a current code, so a borrowed unlocked session cannot remove the factor. */
    async disable(staffId: number, code: string) {
      await db.transaction(async (tx) => {
        const row = await findStaffById(tx, staffId);
        if (!row?.totpSecret || !verifyStaffTotp(row.totpSecret, code, clock.now())) {
          throw new AppError('STAFF_TOTP_INVALID', 400, 'The authenticator code is not right');
        }
        await tx.update(staffAccounts).set({ totpSecret: null, totpPendingSecret: null }).where(eq(staffAccounts.id, staffId));
        await recordAudit(tx, { staffId, action: 'staff.totp_off', entity: 'staff', entityId: staffId });
      });
    },
  };
}

export type StaffTotpService = ReturnType<typeof createStaffTotpService>;
