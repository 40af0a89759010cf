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
    .describe('The authenticator code, when the account has enrolled TOTP (else 401 STAFF_TOTP_REQUIRED)'),
});

export const staffSetPasswordRequestSchema = z.strictObject({
  token: z.string().min(1).max(200),
  password: z.string().min(10).max(1024),
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
