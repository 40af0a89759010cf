/** A client's subscriptions and passes by e-mail (issue 21 item 3), each extendable to a later expiry date. */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ClientPasses } from '#domain/contracts/backoffice-orders.schema.ts';
import { passesQuery, useExtendPass } from '../../api/passes.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { ActionForm } from '../../ui/action-form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { StackedField } from '../../../components/field-parts.tsx';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';

type Pass = ClientPasses['subscriptions'][number];
const column = createColumnHelper<TableFeatures, Pass>();

export default function PassesPage() {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const [params, setParams] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const [extending, setExtending] = useState<Pass | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const passes = useQuery(passesQuery(email));

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setParams(typed ? { email: typed } : {});
  }

  const columns = useMemo(
    () => [
      column.accessor('type', { header: () => t('passes.type') }),
      column.accessor('holders', {
        header: () => t('passes.holders'),
        cell: (info) =>
          info
            .getValue()
            .map((holder) => holder.name)
            .join(', '),
      }),
      column.accessor('visits_left', { header: () => t('passes.visitsLeft'), cell: (info) => info.getValue() ?? t('passes.unlimited') }),
      column.accessor('expires_on', { header: () => t('passes.expires'), cell: (info) => info.getValue() ?? t('giftCards.never') }),
      column.display({
        id: 'extend',
        header: () => t('requests.actions'),
        cell: (info) => (
          <button type="button" className="bo-button" onClick={() => setExtending(info.row.original)}>
            {t('passes.extend', { holders: info.row.original.holders.map((holder) => holder.name).join(', ') || info.row.original.type })}
          </button>
        ),
      }),
    ],
    [t, setExtending],
  );
  const rows = useMemo(() => passes.data?.subscriptions ?? [], [passes.data]);

  return (
    <>
      <PageHeading title={t('passes.title')}>{t('passes.title')}</PageHeading>
      <form key={email} className="bo-toolbar" role="search" aria-label={t('passes.title')} onSubmit={search}>
        <StackedField label={t('passes.email')}>{(props) => <input {...props} name="email" type="email" defaultValue={email} />}</StackedField>
        <button type="submit" className="bo-button bo-button--primary">
          {t('passes.show')}
        </button>
      </form>
      <Notice notice={notice} />
      {passes.error ? <p role="alert">{errorText(t, passes.error)}</p> : null}
      {passes.data ? (
        <>
          <p>{t('passes.client', { name: passes.data.client.name, email: passes.data.client.email })}</p>
          <DataTable
            caption={t('passes.caption', { count: rows.length })}
            columns={columns}
            data={rows}
            rowKey={(row) => String(row.id)}
            empty={t('passes.empty')}
          />
        </>
      ) : null}
      {extending ? (
        <ExtendDialog
          pass={extending}
          onClose={() => setExtending(null)}
          onDone={(expiresOn) => {
            setExtending(null);
            setNotice({ kind: 'ok', text: t('passes.extended', { date: expiresOn }) });
          }}
        />
      ) : null}
    </>
  );
}

function ExtendDialog({ pass, onClose, onDone }: { pass: Pass; onClose: () => void; onDone: (expiresOn: string) => void }) {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const [date, setDate] = useState(pass.expires_on ?? '');
  const extend = useExtendPass(pass.id, { onSuccess: (answer) => onDone(answer.expires_on ?? date) });
  return (
    <Modal open title={t('passes.extendTitle')} closeLabel={t('close')} onClose={onClose}>
      <ActionForm
        onSubmit={(event) => {
          event.preventDefault();
          extend.mutate(date);
        }}
        error={extend.error}
        pending={extend.isPending || date === ''}
        submitLabel={t('passes.extendSubmit')}
        browserChecks
      >
        <p>{t('passes.expiresNow', { date: pass.expires_on ?? t('giftCards.never') })}</p>
        <StackedField label={t('passes.newExpiry')}>
          {(props) => <input {...props} type="date" required value={date} onChange={(event) => setDate(event.target.value)} />}
        </StackedField>
      </ActionForm>
    </Modal>
  );
}
