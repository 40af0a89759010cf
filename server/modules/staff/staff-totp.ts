/**
 * Optional TOTP (RFC 6238, otplib) for owners and managers: enrol (a secret offered, shown as a QR
 * code made with `qrcode`), confirm with a first code (then sign-in asks for one, and ten recovery
 * codes are answered, once), switch off. Codes are accepted one step (30 s) either side of the
 * server's clock, and each once: the time step of the last code accepted is kept
 * (`staff_accounts.totp_last_step`) and a code of that step or an earlier one is refused, so a code
 * seen over a shoulder or in a proxy's log cannot sign in again. Replacing or removing the factor
 * needs a current code or a recovery code, so a borrowed unlocked session cannot change it.
 */
import type * as Otplib from 'otplib';
import type QRCodeModule from 'qrcode';
import { randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { lazyModule } from '../../lazy-module.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { staffAccounts, staffRecoveryCodes } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { TOTP_ROLES, type StaffRole } from '#domain/backoffice/staff-roles.ts';
import { recordAudit } from './audit.ts';
import { findStaffById } from './staff.repo.ts';
import { hashToken } from './staff-token.ts';

const qrcode = lazyModule<typeof QRCodeModule>('qrcode');
const otplib = lazyModule<typeof Otplib>('otplib');

const TOLERANCE_SECONDS = 30;
/** Recovery codes issued at enrolment; each signs in once. */
export const RECOVERY_CODE_COUNT = 10;
/** 32 letters and digits without the look-alikes (i, l, o, u): 16 of them are 80 random bits. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstvwxyz0123456789';
const RECOVERY_LENGTH = 16;

/** What proves the person holds the factor: a current code, or one of their recovery codes. */
export interface SecondFactorProof {
  totp?: string | undefined;
  recoveryCode?: string | undefined;
}

/** The time step of a valid code later than `afterTimeStep`, or null. */
export function totpTimeStep(secret: string, code: string, now: Date, afterTimeStep: number | null = null): number | null {
  try {
    const result = otplib().verifySync({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterTimeStep === null ? {} : { afterTimeStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** A new recovery code, `abcd-efgh-jkmn-pqrs`. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** As typed: any case, with or without the dashes and spaces. */
const recoveryCodeHash = (code: string) => hashToken(code.toLowerCase().replace(/[^a-z0-9]/g, ''));

/** Replaces the account's recovery codes with new ones; answers them (the only time they are seen). */
async function issueRecoveryCodes(tx: Executor, staffId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId, codeHash: recoveryCodeHash(code), createdAt: now })));
  return codes;
}

/**
 * Spends a proof of the second factor of an enrolled account, in one statement each: a code of a time
 * step after the last one used (which becomes the last), or an unused recovery code (which becomes
 * used). Of two requests racing with one code, one wins. False when the proof is wrong or spent.
 */
export async function spendSecondFactor(
  executor: Executor,
  staff: { id: number; totpSecret: string | null; totpLastStep: number | null },
  proof: SecondFactorProof,
  now: Date,
): Promise<boolean> {
  if (!staff.totpSecret) return false;
  if (proof.recoveryCode) {
    const spent = await executor
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(eq(staffRecoveryCodes.staffId, staff.id), eq(staffRecoveryCodes.codeHash, recoveryCodeHash(proof.recoveryCode)), isNull(staffRecoveryCodes.usedAt)),
      )
      .returning({ id: staffRecoveryCodes.id });
    return spent.length > 0;
  }
  if (!proof.totp) return false;
  const step = totpTimeStep(staff.totpSecret, proof.totp, now, staff.totpLastStep);
  if (step === null) return false;
  const taken = await executor
    .update(staffAccounts)
    .set({ totpLastStep: step })
    .where(and(eq(staffAccounts.id, staff.id), or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step))))
    .returning({ id: staffAccounts.id });
  return taken.length > 0;
}

const totpInvalid = () => new AppError('STAFF_TOTP_INVALID', 400, 'The authenticator code is not right');
export const totpProofRequired = () => new AppError('STAFF_TOTP_REQUIRED', 400, 'Enter a code from your authenticator app or a recovery code');

export function createStaffTotpService({ db, clock, issuer }: { db: Database; clock: Clock; issuer: () => Promise<string> }) {
  /** An enrolled account's factor must be proven before it is replaced or removed. */
  async function proveIfEnrolled(tx: Executor, staffId: number, proof: SecondFactorProof) {
    const row = await findStaffById(tx, staffId);
    if (!row?.totpSecret) return row;
    if (!proof.totp && !proof.recoveryCode) throw totpProofRequired();
    if (!(await spendSecondFactor(tx, row, proof, clock.now()))) throw totpInvalid();
    return row;
  }

  return {
    /**
     * A new secret, kept pending until confirmed: the otpauth URI and its QR code (SVG). With an
     * authenticator already on, only with a current code or a recovery code.
     */
    async begin(staff: { id: number; email: string; role: StaffRole }, proof: SecondFactorProof = {}) {
      if (!TOTP_ROLES.includes(staff.role)) throw new AppError('STAFF_ROLE_FORBIDDEN', 403, 'Only owners and managers use an authenticator app');
      const secret = otplib().generateSecret();
      await db.transaction(async (tx) => {
        await proveIfEnrolled(tx, staff.id, proof);
        await tx.update(staffAccounts).set({ totpPendingSecret: secret }).where(eq(staffAccounts.id, staff.id));
      });
      const uri = otplib().generateURI({ issuer: (await issuer()) || 'Back office', label: staff.email, secret });
      const qrSvg = await qrcode().toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, uri, qr_svg: qrSvg };
    },

    /** The first code proves the app has the secret: TOTP is on from now on. Answers the new recovery codes, once. */
    async confirm(staffId: number, code: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const row = await findStaffById(tx, staffId);
        const pending = row?.totpPendingSecret;
        const step = pending ? totpTimeStep(pending, code, now) : null;
        if (!pending || step === null) throw totpInvalid();
        await tx.update(staffAccounts).set({ totpSecret: pending, totpPendingSecret: null, totpLastStep: step }).where(eq(staffAccounts.id, staffId));
        const codes = await issueRecoveryCodes(tx, staffId, now);
        await recordAudit(tx, { staffId, action: 'staff.totp_on', entity: 'staff', entityId: staffId });
        return codes;
      });
    },

    /** Switching off needs a current code or a recovery code, so a borrowed unlocked session cannot remove the factor. */
    async disable(staffId: number, proof: SecondFactorProof) {
      await db.transaction(async (tx) => {
        const row = await proveIfEnrolled(tx, staffId, proof);
        if (!row?.totpSecret) throw totpInvalid();
        await tx.update(staffAccounts).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(eq(staffAccounts.id, staffId));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
        await recordAudit(tx, { staffId, action: 'staff.totp_off', entity: 'staff', entityId: staffId });
      });
    },
  };
}

export type StaffTotpService = ReturnType<typeof createStaffTotpService>;
