/**
 * The list-and-form skeleton of the back office's editors (coupons, subscriptions, vouchers, additions,
 * customer fields, FAQ questions…): a page lists the records and opens one at a time in a form below the
 * list, a new one or one to change; every such form has the same frame.
 *
 *   <RecordsPage heading={t('vouchers.heading')} addLabel={t('vouchers.new')} error={vouchers.error}
 *     form={(voucher, close) => <VoucherForm voucher={voucher} onDone={close} />}>
 *     {(open) => <DataTable … columns={columns(open)} />}
 *   </RecordsPage>
 *
 *   <RecordForm heading={…} notice={notice} saving={save.isPending} onSubmit={…} onCancel={…} onRemove={…}>…fields…</RecordForm>
 */
import { Fragment, useState, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-message.ts';
import { PageHeading } from '../page-heading.tsx';
import { Notice, type NoticeValue } from './notice.tsx';

/** A record as the editors keep it: its id and the version a change carries (none: the last save wins). */
export interface EditedRecord {
  id: number;
  version?: string | number;
}

/**
 * The page: its heading (and `intro`), the button that opens a new record, the outcome of the last form
 * announced, the list's failure, the list (`children`, given `open` for a record's edit button) and the
 * form of the open record, remounted for another record or version. `close(notice)` closes the form.
 */
export function RecordsPage<T extends EditedRecord>({
  heading,
  intro,
  addLabel,
  error,
  children,
  form,
}: {
  heading: string;
  intro?: ReactNode;
  addLabel: string;
  error: unknown;
  children: (open: (record: T) => void) => ReactNode;
  form: (current: T | null, close: (notice?: NoticeValue) => void) => ReactNode;
}) {
  const { t } = useTranslation('backoffice');
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const open = (record: T | 'new') => {
    setNotice(null);
    setEditing(record);
  };
  const close = (outcome: NoticeValue = null) => {
    setEditing(null);
    setNotice(outcome);
  };
  return (
    <>
      <PageHeading title={heading}>{heading}</PageHeading>
      {intro}
      <p>
        <button type="button" className="bo-button bo-button--primary" onClick={() => open('new')}>
          {addLabel}
        </button>
      </p>
      <Notice notice={notice} />
      {error ? <p role="alert">{errorText(t, error)}</p> : null}
      {children(open)}
      {editing !== null ? (
        <Fragment key={editing === 'new' ? 'new' : `${editing.id}-${editing.version ?? ''}`}>{form(editing === 'new' ? null : editing, close)}</Fragment>
      ) : null}
    </>
  );
}

/** A record's form: its heading (and accessible name), the outcome of a save announced, the fields, then save, delete (a stored record that may go) and cancel. */
export function RecordForm({
  heading,
  wide = false,
  notice,
  saving,
  onSubmit,
  onCancel,
  onRemove,
  removing = false,
  children,
}: {
  heading: string;
  wide?: boolean;
  notice: NoticeValue;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  onRemove?: (() => void) | undefined;
  removing?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <form className={wide ? 'bo-form bo-form--wide' : 'bo-form'} aria-label={heading} noValidate onSubmit={onSubmit}>
      <h2>{heading}</h2>
      <Notice notice={notice} />
      {children}
      <div className="bo-toolbar">
        <button type="submit" className="bo-button bo-button--primary" disabled={saving}>
          {t('record.save')}
        </button>
        {onRemove ? (
          <button type="button" className="bo-button" onClick={onRemove} disabled={removing}>
            {t('record.delete')}
          </button>
        ) : null}
        <button type="button" className="bo-button" onClick={onCancel}>
          {t('record.cancel')}
        </button>
      </div>
    </form>
  );
}

/** A failed save or delete announced in the form (with the refusal's text), for `onError`. */
export function refusalNotice(t: Parameters<typeof errorText>[0], error: unknown): NoticeValue {
  return { kind: 'error', text: errorText(t, error) };
}
