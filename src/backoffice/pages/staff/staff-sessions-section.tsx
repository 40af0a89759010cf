/**
 * Where one is signed in ("My account"), or where another member is (`member`: the owner's staff page):
 * each live session with its device in words, its address, when it began and was last used and when it
 * ends at the latest; each can be signed out, after a confirmation (one's own current one too, which
 * signs out here).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { StaffSessionEntryBody } from '#domain/backoffice/staff.schema.ts';
import { Modal } from '../../../components/modal.tsx';
import { memberSessionsQuery, mySessionsQuery, useEndMemberSession, useEndMySession } from '../../api/account.ts';
import { ActionForm } from '../../ui/action-form.tsx';
import type { NoticeValue } from '../../ui/notice.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';

function useDeviceName() {
  const { t } = useTranslation('backoffice-staff');
  return (session: StaffSessionEntryBody) =>
    t('account.device', { browser: session.browser ?? t('account.unknownBrowser'), os: session.os ?? t('account.unknownOs') });
}

/** Whose sessions: one's own, or a member's (by id, with their name for the heading). */
type Whose = { member?: { id: number; name: string } | undefined };

function EndSessionDialog({ session, member, onClose, onEnded }: { session: StaffSessionEntryBody; onClose: () => void; onEnded: () => void } & Whose) {
  const { t } = useTranslation('backoffice-staff');
  const device = useDeviceName()(session);
  const endMine = useEndMySession({ onSuccess: onEnded });
  const endMember = useEndMemberSession(member?.id ?? 0, { onSuccess: onEnded });
  const end = member ? endMember : endMine;
  return (
    <Modal open title={t('account.endConfirmTitle')} closeLabel={t('account.cancel')} onClose={onClose}>
      <ActionForm
        onSubmit={(event) => {
          event.preventDefault();
          end.mutate(session.id);
        }}
        error={end.error}
        pending={end.isPending}
        submitLabel={t('account.end')}
      >
        <p>{t('account.endConfirm', { device })}</p>
        {session.current && !member ? <p>{t('account.endConfirmThis')}</p> : null}
      </ActionForm>
    </Modal>
  );
}

export function StaffSessionsSection({ onNotice, member }: { onNotice: (notice: NoticeValue) => void } & Whose) {
  const { t } = useTranslation('backoffice-staff');
  const format = useShopFormatting();
  const navigate = useNavigate();
  const deviceName = useDeviceName();
  const mine = useQuery({ ...mySessionsQuery(), enabled: !member });
  const theirs = useQuery({ ...memberSessionsQuery(member?.id ?? 0), enabled: Boolean(member) });
  const sessions = member ? theirs : mine;
  const [ending, setEnding] = useState<StaffSessionEntryBody | null>(null);

  function ended(session: StaffSessionEntryBody) {
    setEnding(null);
    if (session.current && !member) void navigate('/', { replace: true });
    else onNotice({ kind: 'ok', text: t('account.ended', { device: deviceName(session) }) });
  }

  return (
    <section aria-labelledby="sessions">
      <h2 id="sessions">{member ? t('account.memberSessionsHeading', { name: member.name }) : t('account.sessionsHeading')}</h2>
      <p>{t('account.sessionsIntro')}</p>
      <ul className="bo-sessions">
        {(sessions.data ?? []).map((session) => (
          <li key={session.id}>
            <strong>{deviceName(session)}</strong>
            {session.current && !member ? <> ({t('account.thisDevice')})</> : null}
            {session.ip_address ? <> {t('account.from', { address: session.ip_address })}</> : null}
            <br />
            {t('account.signedIn', { when: format.dateTime(session.created_at) })} · {t('account.lastSeen', { when: format.dateTime(session.last_seen_at) })} ·{' '}
            {t('account.endsBy', { when: format.dateTime(session.expires_at) })}
            <br />
            <button type="button" className="bo-button" onClick={() => setEnding(session)}>
              {t('account.end')}
            </button>
          </li>
        ))}
      </ul>
      {(sessions.data ?? []).length === 0 && sessions.isSuccess ? <p>{t('account.sessionsEmpty')}</p> : null}
      {ending ? <EndSessionDialog session={ending} member={member} onClose={() => setEnding(null)} onEnded={() => ended(ending)} /> : null}
    </section>
  );
}
