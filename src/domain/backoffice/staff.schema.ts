/** Back-office staff (server/modules/staff) as zod schemas: request and response bodies of /api/backoffice. */
import { z } from 'zod';
import { STAFF_ROLES } from './staff-roles.ts';

export const staffRoleSchema = z.enum(STAFF_ROLES);

export const staffMemberSchema = z
  .strictObject({ id: z.number().int(), email: z.string(), name: z.string(), role: staffRoleSchema })
  .meta({ id: 'StaffMember' });

/** The signed-in staff member and the CSRF token to send in `x-csrf-token` on state-changing calls. */
export const staffSessionSchema = z.strictObject({ staff: staffMemberSchema, csrf_token: z.string(), expires_at: z.string() }).meta({ id: 'StaffSession' });

export const staffSignInRequestSchema = z.strictObject({
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(1024),
  totp: z
    .string()
    .regex(/^\d{6}$/)
    .optional()
    .describe('The authenticator code, when the account has enrolled TOTP (else 401 STAFF_TOTP_REQUIRED); each code works once'),
  recovery_code: z
    .string()
    .trim()
    .min(16)
    .max(40)
    .optional()
    .describe('Instead of the authenticator code: one of the recovery codes issued when it was switched on (each works once)'),
});

export const staffSetPasswordRequestSchema = z.strictObject({
  token: z.string().min(1).max(200),
  // Judged by the staff password rule (strength, not length alone): a refusal is 400 PASSWORD_TOO_WEAK with its reason.
  password: z.string().min(1).max(1024),
});

export type StaffMemberBody = z.infer<typeof staffMemberSchema>;
export type StaffSessionBody = z.infer<typeof staffSessionSchema>;

export const staffListEntrySchema = z
  .strictObject({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    role: staffRoleSchema,
    disabled: z.boolean(),
    has_password: z.boolean(),
    has_totp: z.boolean(),
    sessions: z.number().int().describe('Live sessions'),
    created_at: z.string(),
  })
  .meta({ id: 'StaffListEntry' });

export const staffInviteRequestSchema = z.strictObject({
  email: z.email().max(254),
  name: z.string().trim().min(1).max(120),
  role: staffRoleSchema,
  language: z.enum(['en', 'nl', 'es', 'de', 'fr']).default('en').describe('The language of the invitation mail'),
});

export const staffUpdateRequestSchema = z
  .strictObject({ role: staffRoleSchema.optional(), disabled: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, { message: 'Nothing to change' });

export const staffIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });

export type StaffListEntry = z.infer<typeof staffListEntrySchema>;

export const totpEnrolmentSchema = z
  .strictObject({ secret: z.string(), uri: z.string(), qr_svg: z.string().describe('The otpauth URI as an SVG QR code') })
  .meta({ id: 'TotpEnrolment' });
export const totpCodeRequestSchema = z.strictObject({ code: z.string().regex(/^\d{6}$/) });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** A current authenticator code or a recovery code: replacing or removing the authenticator needs one (when it is on). */
export const totpProofRequestSchema = z.strictObject({
  code: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  recovery_code: z.string().trim().min(16).max(40).optional(),
});
export type TotpProof = z.infer<typeof totpProofRequestSchema>;

/** The recovery codes, answered once when the authenticator is confirmed; only their hashes are kept. */
export const totpConfirmedSchema = z
  .strictObject({ ok: z.literal(true), recovery_codes: z.array(z.string()).describe('Each signs in once instead of a code; shown only now') })
  .meta({ id: 'TotpConfirmed' });
export type TotpConfirmed = z.infer<typeof totpConfirmedSchema>;

/** One live staff session: its device in words (browser and system as their makers name them, null when unknown). */
export const staffSessionEntrySchema = z
  .strictObject({
    id: z.number().int(),
    browser: z.string().nullable(),
    os: z.string().nullable(),
    ip_address: z.string().nullable(),
    created_at: z.string(),
    last_seen_at: z.string(),
    expires_at: z.string().describe('The absolute end; idle longer than the shop allows, it ends sooner'),
    current: z.boolean().describe('The session of this request'),
  })
  .meta({ id: 'StaffSessionEntry' });
export type StaffSessionEntryBody = z.infer<typeof staffSessionEntrySchema>;
export type StaffSessionEntry = Omit<StaffSessionEntryBody, 'current'>;

export const staffSessionParamsSchema = z.strictObject({ sessionId: z.coerce.number().int().positive() });
export const staffMemberSessionParamsSchema = z.strictObject({ id: z.coerce.number().int().positive(), sessionId: z.coerce.number().int().positive() });
