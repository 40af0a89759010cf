/**
 * Gift cards (issue 21 item 3): the newest cards or those whose code begins with what is typed, one
 * card's page (credit, adjustments, what it paid for) with adjust and void, and issuing one by hand.
 * The URL holds the search (`q`) and the open card (`code`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { giftCardIssueBodySchema, type DeskGiftCard } from '#domain/contracts/backoffice-orders.schema.ts';
import { giftCardQuery, giftCardsQuery, useIssueGiftCard } from '../../api/gift-cards.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { ActionForm } from '../../ui/action-form.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { StackedField } from '../../../components/field-parts.tsx';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { GiftCardActions } from './gift-card-actions.tsx';

const column = createColumnHelper<TableFeatures, DeskGiftCard>();
type IssueForm = z.input<typeof giftCardIssueBodySchema>;
type IssueValues = z.output<typeof giftCardIssueBodySchema>;

export default function GiftCardsPage() {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const code = params.get('code');
  const [notice, setNotice] = useState<NoticeValue>(null);
  const format = useShopFormatting();
  const list = useQuery(giftCardsQuery(q));

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(typed ? { q: typed } : {});
  }

  const columns = useMemo(
    () => [
      column.accessor('code', {
        header: () => t('giftCards.code'),
        cell: (info) => (
          <Link className="bo-link" to={`?${new URLSearchParams({ ...(q ? { q } : {}), code: info.getValue() }).toString()}`}>
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor('credit', { header: () => t('giftCards.credit'), cell: (info) => format.money(info.getValue()) }),
      column.accessor('value', {
        header: () => t('giftCards.value'),
        cell: (info) => (info.getValue() === null ? '—' : format.money(info.getValue() as number)),
      }),
      column.accessor('expires_on', { header: () => t('giftCards.expires'), cell: (info) => info.getValue() ?? t('giftCards.never') }),
      column.accessor('voided_at', { header: () => t('giftCards.state'), cell: (info) => (info.getValue() ? t('giftCards.void') : t('giftCards.active')) }),
    ],
    [t, format, q],
  );
  const rows = useMemo(() => list.data?.gift_cards ?? [], [list.data]);

  return (
    <>
      <PageHeading title={t('giftCards.title')}>{t('giftCards.title')}</PageHeading>
      <form key={q} className="bo-toolbar" role="search" aria-label={t('giftCards.searchLabel')} onSubmit={search}>
        <StackedField label={t('giftCards.q')}>{(props) => <input {...props} name="q" type="search" defaultValue={q} />}</StackedField>
        <button type="submit" className="bo-button bo-button--primary">
          {t('desk.search')}
        </button>
      </form>
      <Notice notice={notice} />
      {code ? <GiftCardDetails code={code} onNotice={setNotice} /> : null}
      {list.error ? <p role="alert">{errorText(t, list.error)}</p> : null}
      {list.data ? (
        <DataTable
          caption={t('giftCards.caption', { count: rows.length })}
          columns={columns}
          data={rows}
          rowKey={(row) => row.code}
          empty={t('giftCards.empty')}
        />
      ) : null}
      <IssueGiftCard
        onIssued={(card) => {
          setNotice({ kind: 'ok', text: t('giftCards.issued', { code: card.code, amount: format.money(card.credit) }) });
          setParams({ code: card.code });
        }}
      />
    </>
  );
}

function GiftCardDetails({ code, onNotice }: { code: string; onNotice: (notice: NoticeValue) => void }) {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const format = useShopFormatting();
  const card = useQuery(giftCardQuery(code));
  if (card.error) return <p role="alert">{errorText(t, card.error)}</p>;
  if (!card.data) return <p role="status">{t('giftCards.loading')}</p>;
  const { gift_card: giftCard, adjustments, spent } = card.data;
  return (
    <section className="bo-section" aria-labelledby="gift-card-heading">
      <h2 id="gift-card-heading">{t('giftCards.card', { code: giftCard.code })}</h2>
      <dl className="bo-details">
        <dt>{t('giftCards.credit')}</dt>
        <dd>{format.money(giftCard.credit)}</dd>
        <dt>{t('giftCards.value')}</dt>
        <dd>{giftCard.value === null ? '—' : format.money(giftCard.value)}</dd>
        <dt>{t('giftCards.expires')}</dt>
        <dd>{giftCard.expires_on ?? t('giftCards.never')}</dd>
        <dt>{t('giftCards.state')}</dt>
        <dd>{giftCard.voided_at ? t('giftCards.void') : t('giftCards.active')}</dd>
        {giftCard.sold_by_order ? (
          <>
            <dt>{t('giftCards.soldBy')}</dt>
            <dd>
              <Link className="bo-link" to={`/orders/${giftCard.sold_by_order}`}>
                {t('desk.orderLink', { number: giftCard.sold_by_order })}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>
      {giftCard.voided_at ? null : <GiftCardActions card={giftCard} onNotice={onNotice} />}
      <h3>{t('giftCards.history')}</h3>
      <ul>
        {adjustments.map((row, index) => (
          <li key={`a${index}`}>
            {row.at.slice(0, 10)} · {t(`giftCards.kinds.${row.kind}`, { defaultValue: row.kind })} · {format.money(row.delta)} · {row.reason}
          </li>
        ))}
        {spent.map((row, index) => (
          <li key={`s${index}`}>
            {row.at.slice(0, 10)} · {t('giftCards.spent', { amount: format.money(row.amount) })}
            {row.order_number ? (
              <>
                {' '}
                <Link className="bo-link" to={`/orders/${row.order_number}`}>
                  {t('desk.orderLink', { number: row.order_number })}
                </Link>
              </>
            ) : null}
            {row.given_back ? ` · ${t('giftCards.givenBack')}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}

function IssueGiftCard({ onIssued }: { onIssued: (card: DeskGiftCard) => void }) {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const form = useForm<IssueForm, unknown, IssueValues>({
    resolver: zodResolver(giftCardIssueBodySchema),
    defaultValues: { value: 0, expires_on: null, reason: '' },
  });
  const issue = useIssueGiftCard({
    onSuccess: (card) => {
      form.reset();
      onIssued(card);
    },
  });
  const errors = form.formState.errors;
  return (
    <section className="bo-section" aria-labelledby="issue-heading">
      <h2 id="issue-heading">{t('giftCards.issue')}</h2>
      <ActionForm
        onSubmit={form.handleSubmit((values) => issue.mutate(values))}
        error={issue.error}
        pending={issue.isPending}
        submitLabel={t('giftCards.issueSubmit')}
      >
        <StackedField label={t('giftCards.issueValue')} error={errors.value ? t('giftCards.badValue') : undefined}>
          {(props) => <input {...props} type="number" inputMode="decimal" min={0.01} step="0.01" {...form.register('value', { valueAsNumber: true })} />}
        </StackedField>
        <StackedField label={t('giftCards.issueExpires')} hint={t('giftCards.issueExpiresHint')}>
          {(props) => <input {...props} type="date" {...form.register('expires_on', { setValueAs: (value: string) => value || null })} />}
        </StackedField>
        <StackedField label={t('giftCards.issueReason')} hint={t('giftCards.issueReasonHint')} error={errors.reason ? t('problems.required') : undefined}>
          {(props) => <textarea {...props} maxLength={500} {...form.register('reason')} />}
        </StackedField>
      </ActionForm>
    </section>
  );
}
