/**
 * The owner's staff list: invite by e-mail and role (a set-password link is mailed), change a role,
 * disable or re-enable an account, see its sessions and end one or all of them, mail a new link. The last owner cannot be demoted
 * or disabled (409 STAFF_LAST_OWNER, shown as the refusal). What ends someone's sessions — disabling them,
 * changing their role, ending their sessions — is asked first, naming the person and what happens.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { staffInviteRequestSchema, type StaffListEntry } from '#domain/backoffice/staff.schema.ts';
import { STAFF_ROLES, type StaffRole } from '#domain/backoffice/staff-roles.ts';
import { normaliseLanguage, LANGUAGES } from '#domain/languages.ts';
import { staffQuery, useChangeStaff, useInviteStaff, type StaffChange } from '../../api/staff.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { StackedField } from '../../../components/field-parts.tsx';
import { formProblems, refusalFields } from '../../ui/form-problems.ts';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { StaffSessionsSection } from './staff-sessions-section.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

const column = createColumnHelper<TableFeatures, StaffListEntry>();
type InviteInput = z.input<typeof staffInviteRequestSchema>;
type Invite = z.output<typeof staffInviteRequestSchema>;
/** A change that ends the member's sessions, waiting for the owner's yes. */
type Asking = { member: StaffListEntry; change: StaffChange; kind: 'disable' | 'role' | 'revoke'; role?: StaffRole };

export default function StaffPage() {
  const { t, i18n } = useTranslation(['backoffice-staff', 'backoffice']);
  const staff = useQuery(staffQuery());
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [viewing, setViewing] = useState<{ id: number; name: string } | null>(null);
  const changeStaff = useChangeStaff({ onError: (error) => setNotice({ kind: 'error', text: errorText(t, error) }) });
  const [asking, setAsking] = useState<Asking | null>(null);
  const act = (change: StaffChange, done: string) =>
    changeStaff.mutate(change, {
      onSuccess: () => {
        setAsking(null);
        setNotice({ kind: 'ok', text: done });
      },
    });
  const ask = (next: Asking) => {
    changeStaff.reset();
    setAsking(next);
  };
  const doneText = (question: Asking) =>
    question.kind === 'disable'
      ? t('staff.disabledDone', { name: question.member.name })
      : question.kind === 'role'
        ? t('staff.roleChanged', { name: question.member.name })
        : t('staff.revokedDone', { name: question.member.name });

  const columns = column.columns([
    column.accessor('name', { header: () => t('staff.name') }),
    column.accessor('email', { header: () => t('staff.email') }),
    column.accessor('role', {
      header: () => t('staff.role'),
      cell: (info) => {
        const member = info.row.original;
        return (
          <select
            aria-label={t('staff.roleOf', { name: member.name })}
            value={info.getValue()}
            onChange={(event) => {
              const role = event.target.value as StaffRole;
              ask({ member, kind: 'role', role, change: { id: member.id, role } });
            }}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`backoffice:roles.${role}`)}
              </option>
            ))}
          </select>
        );
      },
    }),
    column.accessor((row) => (row.disabled ? t('staff.disabled') : row.has_password ? t('staff.active') : t('staff.invited')), {
      id: 'status',
      header: () => t('staff.status'),
    }),
    column.accessor('sessions', { header: () => t('staff.sessions') }),
    column.display({
      id: 'actions',
      header: () => t('staff.actions'),
      cell: (info) => {
        const member = info.row.original;
        const name = <span className="bo-visually-hidden">{member.name}</span>;
        return (
          <div className="bo-actions">
            <button
              type="button"
              className="bo-button"
              onClick={() =>
                member.disabled
                  ? act({ id: member.id, disabled: false }, t('staff.enabledDone', { name: member.name }))
                  : ask({ member, kind: 'disable', change: { id: member.id, disabled: true } })
              }
            >
              {member.disabled ? t('staff.enable') : t('staff.disable')} {name}
            </button>
            <button type="button" className="bo-button" onClick={() => setViewing({ id: member.id, name: member.name })}>
              {t('staff.showSessions')} {name}
            </button>
            <button type="button" className="bo-button" onClick={() => ask({ member, kind: 'revoke', change: { id: member.id, action: 'revoke-sessions' } })}>
              {t('staff.revoke')} {name}
            </button>
            <button
              type="button"
              className="bo-button"
              onClick={() => act({ id: member.id, action: 'send-link' }, t('staff.linkSent', { email: member.email }))}
            >
              {t('staff.sendLink')} {name}
            </button>
          </div>
        );
      },
    }),
  ]);

  const form = useForm<InviteInput, unknown, Invite>({
    resolver: zodResolver(staffInviteRequestSchema),
    defaultValues: { email: '', name: '', role: 'box_office', language: normaliseLanguage(i18n.language) ?? 'en' },
  });
  const invite = useInviteStaff({
    onSuccess: (_result, input) => {
      form.reset();
      setNotice({ kind: 'ok', text: t('staff.invited_done', { email: input.email }) });
    },
    onError: (error) => setNotice({ kind: 'error', text: errorText(t, error) }),
  });
  const problem = formProblems(t, form.formState.errors, refusalFields(invite.error));

  return (
    <>
      <PageHeading title={t('staff.heading')}>{t('staff.heading')}</PageHeading>
      <Notice notice={notice} />
      {asking ? (
        <ConfirmDialog
          title={t(`staff.confirm.${asking.kind}.question`, { name: asking.member.name, role: asking.role ? t(`backoffice:roles.${asking.role}`) : '' })}
          confirmLabel={t(`staff.confirm.${asking.kind}.action`, { name: asking.member.name, role: asking.role ? t(`backoffice:roles.${asking.role}`) : '' })}
          pending={changeStaff.isPending}
          error={changeStaff.error}
          onCancel={() => setAsking(null)}
          onConfirm={() => act(asking.change, doneText(asking))}
        >
          <p>{t(`staff.confirm.${asking.kind}.means`, { name: asking.member.name, count: asking.member.sessions })}</p>
        </ConfirmDialog>
      ) : null}
      {staff.error ? <p role="alert">{errorText(t, staff.error)}</p> : null}
      {staff.data ? <DataTable caption={t('staff.caption', { count: staff.data.length })} columns={columns} data={staff.data} /> : <p>{t('loading')}</p>}
      {viewing ? <StaffSessionsSection key={viewing.id} member={viewing} onNotice={setNotice} /> : null}
      <form className="bo-form" aria-label={t('staff.invite')} onSubmit={form.handleSubmit((input) => invite.mutate(input))} noValidate>
        <h2>{t('staff.invite')}</h2>
        <StackedField label={t('staff.email')} error={problem('email')}>
          {(aria) => <input {...aria} type="email" autoComplete="off" {...form.register('email')} />}
        </StackedField>
        <StackedField label={t('staff.name')} error={problem('name')}>
          {(aria) => <input {...aria} autoComplete="off" {...form.register('name')} />}
        </StackedField>
        <StackedField label={t('staff.role')} error={problem('role')}>
          {(aria) => (
            <select {...aria} {...form.register('role')}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`backoffice:roles.${role}`)}
                </option>
              ))}
            </select>
          )}
        </StackedField>
        <StackedField label={t('staff.mailLanguage')}>
          {(aria) => (
            <select {...aria} {...form.register('language')}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`backoffice:language.names.${language}`)}
                </option>
              ))}
            </select>
          )}
        </StackedField>
        <button type="submit" className="bo-button bo-button--primary" disabled={invite.isPending}>
          {t('staff.sendInvite')}
        </button>
      </form>
    </>
  );
}
