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
