/** The staff: the list, inviting someone, changing one (role, disabled), ending their sessions, mailing a set-password link. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { StaffListEntry, staffInviteRequestSchema } from '#domain/backoffice/staff.schema.ts';
import type { StaffRole } from '#domain/backoffice/staff-roles.ts';
import { backofficeApi } from './client.ts';
import { useInvalidatingMutation, type MutationOptions } from './invalidating-mutation.ts';

export const staffKeys = { all: ['backoffice', 'staff'] as const };

export const staffQuery = () => queryOptions({ queryKey: staffKeys.all, queryFn: () => backofficeApi.get<StaffListEntry[]>('/staff') });

export type StaffChange = { id: number; role: StaffRole } | { id: number; disabled: boolean } | { id: number; action: 'revoke-sessions' | 'send-link' };

function change(staffChange: StaffChange) {
  if ('action' in staffChange) return backofficeApi.post(`/staff/${staffChange.id}/${staffChange.action}`);
  const { id, ...body } = staffChange;
  return backofficeApi.patch(`/staff/${id}`, body);
}

export const useChangeStaff = (options?: MutationOptions<unknown, StaffChange>) => useInvalidatingMutation(change, [staffKeys.all], options);

export const useInviteStaff = (options?: MutationOptions<unknown, z.output<typeof staffInviteRequestSchema>>) =>
  useInvalidatingMutation((invite: z.output<typeof staffInviteRequestSchema>) => backofficeApi.post('/staff', invite), [staffKeys.all], options);
