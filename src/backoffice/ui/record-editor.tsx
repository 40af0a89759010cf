/**
 * The list-and-form skeleton of the back office's editors (coupons, subscriptions, vouchers, additions,
 * customer fields, FAQ questions; audiences, categories, upsells): a page lists the records and opens one
 * at a time in a form below the list, a new one or one to change; every such form has the same frame.
 *
 *   <RecordsPage heading={t('vouchers.heading')} addLabel={t('vouchers.new')} error={vouchers.error}
 *     table={{ rows: vouchers.data, caption: (count) => t('vouchers.caption', { count }), columns, editLabel: (row) => t('editNamed', { name: row.slug }) }}
 *     form={(voucher, close) => <VoucherForm voucher={voucher} onDone={close} />} />
 *
 *   <RecordForm heading={…} notice={notice} saving={save.isPending} onSubmit={…} onCancel={…} onRemove={…}>…fields…</RecordForm>
 */
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { Fragment, useState, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { errorText } from '../../lib/error-message.ts';
import { PageHeading } from '../page-heading.tsx';
import { DataTable, type TableFeatures } from './data-table.tsx';
import { Notice, type NoticeValue } from './notice.tsx';

/** A record as the editors keep it: its id and the version a change carries (none: the last save wins). */
export interface EditedRecord {
  id: number;
  version?: string | number;
}

/** The records as a table: the page's columns, then one of actions (edit, and the page's own). */
export interface RecordsTable<T extends EditedRecord> {
  /** Undefined while loading. */
  rows: T[] | undefined;
  caption: (count: number) => string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of any value type, as TanStack's own helpers type them
  columns: ColumnDef<TableFeatures, T, any>[];
  empty?: string;
  /** What the edit button says for a row (its name for a screen reader too). */
  editLabel: (row: T) => ReactNode;
  actions?: (row: T) => ReactNode;
}

/**
 * The page: its heading (and `intro`), the button that opens a new record, the outcome of the last form
 * announced, the list's failure, the list (`table`, and/or `children` given `open` for a record's edit
 * button) and the form of the open record, remounted for another record or version. `close(notice)`
 * closes the form with an outcome to announce.
 */
export function RecordsPage<T extends EditedRecord>({
  heading,
  intro,
  addLabel,
  error,
  table,
  children,
  form,
}: {
  heading: string;
  intro?: ReactNode;
  addLabel: string;
  error: unknown;
  table?: RecordsTable<T>;
  children?: (open: (record: T) => void) => ReactNode;
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
      {table ? <RecordsTableView table={table} open={open} /> : null}
      {children?.(open)}
      {editing !== null ? (
        <Fragment key={editing === 'new' ? 'new' : `${editing.id}-${editing.version ?? ''}`}>{form(editing === 'new' ? null : editing, close)}</Fragment>
      ) : null}
    </>
  );
}

function RecordsTableView<T extends EditedRecord>({ table, open }: { table: RecordsTable<T>; open: (record: T) => void }) {
  const { t } = useTranslation('backoffice');
  if (!table.rows) return <p>{t('record.loading')}</p>;
  const actions = createColumnHelper<TableFeatures, T>().display({
    id: 'actions',
    header: () => t('record.actions'),
    cell: ({ row }) => (
      <div className="bo-row-actions">
        <button type="button" className="bo-button" onClick={() => open(row.original)}>
          {table.editLabel(row.original)}
        </button>
        {table.actions?.(row.original)}
      </div>
    ),
  });
  return <DataTable caption={table.caption(table.rows.length)} columns={[...table.columns, actions]} data={table.rows} empty={table.empty} />;
}

/**
 * A record's form: its heading (and accessible name), the outcome of a save announced, the fields, then
 * save (`saveLabel`: "Create" for a form that adds), delete (a stored record that may go; asked first,
 * naming `removeName`) and cancel (left out where the form stays open for the next record).
 */
export function RecordForm({
  heading,
  wide = false,
  notice,
  saving,
  saveLabel,
  onSubmit,
  onCancel,
  onRemove,
  removeName,
  removing = false,
  children,
}: {
  heading: string;
  wide?: boolean;
  notice: NoticeValue;
  saving: boolean;
  saveLabel?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel?: (() => void) | undefined;
  onRemove?: (() => void) | undefined;
  /** What the delete confirmation names ("Delete “Parking”?"); the form's heading when not given. */
  removeName?: string | undefined;
  removing?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('backoffice');
  const [asking, setAsking] = useState(false);
  const name = removeName ?? heading;
  return (
    <form className={wide ? 'bo-form bo-form--wide' : 'bo-form'} aria-label={heading} noValidate onSubmit={onSubmit}>
      <h2>{heading}</h2>
      <Notice notice={notice} />
      {children}
      <div className="bo-toolbar">
        <button type="submit" className="bo-button bo-button--primary" disabled={saving}>
          {saveLabel ?? t('record.save')}
        </button>
        {onRemove ? (
          <button type="button" className="bo-button" onClick={() => setAsking(true)} disabled={removing}>
            {t('record.delete')}
          </button>
        ) : null}
        {onRemove && asking ? (
          <ConfirmDialog
            title={t('record.deleteQuestion', { name })}
            confirmLabel={t('record.deleteNamed', { name })}
            pending={removing}
            onCancel={() => setAsking(false)}
            onConfirm={() => {
              setAsking(false);
              onRemove();
            }}
          >
            <p>{t('record.deleteMeans')}</p>
          </ConfirmDialog>
        ) : null}
        {onCancel ? (
          <button type="button" className="bo-button" onClick={onCancel}>
            {t('record.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * A record form's outcome: its notice, and the options of its save and delete hooks: done (the form
 * closes) with what was saved, or the refusal announced in the form.
 *
 *   const { notice, outcome } = useRecordOutcome(onDone);
 *   const save = useSaveCoupon(coupon, outcome);
 */
export function useRecordOutcome<Saved>(onDone: (saved: Saved) => void) {
  const { t } = useTranslation('backoffice');
  const [notice, setNotice] = useState<NoticeValue>(null);
  const outcome = { onSuccess: (saved: Saved) => onDone(saved), onError: (error: Error) => setNotice({ kind: 'error', text: errorText(t, error) }) };
  return { notice, outcome };
}
