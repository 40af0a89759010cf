/**
 * "My account" (every staff member): the authenticator-app second factor (owners and managers;
 * totp-section.tsx) and where one is signed in, each session signed out one by one (staff-sessions-section.tsx).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOTP_ROLES } from '#domain/backoffice/staff-roles.ts';
import { useStaffSession } from '../../api/session.ts';
import { PageHeading } from '../../page-heading.tsx';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { StaffSessionsSection } from './staff-sessions-section.tsx';
import { TotpSection } from './totp-section.tsx';

export default function MyAccountPage() {
  const { t } = useTranslation(['backoffice-staff', 'backoffice']);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const role = useStaffSession().data?.staff.role;
  return (
    <>
      <PageHeading title={t('account.heading')}>{t('account.heading')}</PageHeading>
      <Notice notice={notice} />
      {role && TOTP_ROLES.includes(role) ? <TotpSection onNotice={setNotice} /> : null}
      <StaffSessionsSection onNotice={setNotice} />
    </>
  );
}
