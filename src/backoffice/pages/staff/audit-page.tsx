/** The audit log (owner): every staff change with who, what, when, before and after; filtered by staff, entity, action and dates. */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '#domain/backoffice/staff.schema.ts';
import { formattingLocale } from '#domain/languages.ts';
import { auditQuery } from '../../api/audit.ts';
import { staffQuery } from '../../api/staff.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { StackedField } from '../../../components/field-parts.tsx';

const column = createColumnHelper<TableFeatures, AuditEntry>();
const FILTERS = ['staff_id', 'entity', 'action', 'from', 'until'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const NO_FILTERS: Filters = { staff_id: '', entity: '', action: '', from: '', until: '' };
const PAGE_SIZE = 50;

function Change({ value, label }: { value: unknown; label: string }) {
  if (value === null || value === undefined) return null;
  return (
    <details>
      <summary>{label}</summary>
      <pre className="bo-json">{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

export default function AuditPage() {
  const { t, i18n } = useTranslation(['backoffice-staff', 'backoffice']);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) });
  for (const key of FILTERS) if (filters[key].trim()) query.set(key, filters[key].trim());
  const audit = useQuery(auditQuery(query.toString()));
  const staff = useQuery(staffQuery());
  const when = useMemo(() => new Intl.DateTimeFormat(formattingLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'medium' }), [i18n.language]);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('at', { header: () => t('audit.when'), cell: (info) => when.format(new Date(info.getValue())) }),
        column.accessor((row) => row.staff?.name ?? t('audit.system'), { id: 'who', header: () => t('audit.who') }),
        column.accessor('action', { header: () => t('audit.action') }),
        column.accessor((row) => `${row.entity}${row.entity_id ? ` #${row.entity_id}` : ''}`, { id: 'entity', header: () => t('audit.entity') }),
        column.display({
          id: 'change',
          header: () => t('audit.change'),
          cell: (info) => (
            <>
              <Change value={info.row.original.before} label={t('audit.before')} />
              <Change value={info.row.original.after} label={t('audit.after')} />
            </>
          ),
        }),
      ]),
    [t, when],
  );

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  }
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeading title={t('audit.heading')}>{t('audit.heading')}</PageHeading>
      <form className="bo-toolbar" aria-label={t('audit.filters')} onSubmit={apply}>
        <StackedField label={t('audit.who')}>
          {(aria) => (
            <select {...aria} value={draft.staff_id} onChange={set('staff_id')}>
              <option value="">{t('audit.anyone')}</option>
              {(staff.data ?? []).map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          )}
        </StackedField>
        <StackedField label={t('audit.entity')}>
          {(aria) => <input {...aria} value={draft.entity} onChange={set('entity')} placeholder="product" />}
        </StackedField>
        <StackedField label={t('audit.action')}>
          {(aria) => <input {...aria} value={draft.action} onChange={set('action')} placeholder="product.update" />}
        </StackedField>
        <StackedField label={t('audit.from')}>{(aria) => <input {...aria} type="date" value={draft.from} onChange={set('from')} />}</StackedField>
        <StackedField label={t('audit.until')}>{(aria) => <input {...aria} type="date" value={draft.until} onChange={set('until')} />}</StackedField>
        <button type="submit" className="bo-button bo-button--primary">
          {t('audit.apply')}
        </button>
      </form>
      {audit.error ? <p role="alert">{errorText(t, audit.error)}</p> : null}
      {audit.data ? (
        <DataTable caption={t('audit.caption', { count: audit.data.total })} columns={columns} data={audit.data.entries} empty={t('audit.empty')} />
      ) : (
        <p>{t('loading')}</p>
      )}
      <nav className="bo-toolbar" aria-label={t('audit.pages')}>
        <button type="button" className="bo-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('audit.previous')}
        </button>
        <span>{t('audit.pageOf', { page, pages })}</span>
        <button type="button" className="bo-button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t('audit.next')}
        </button>
      </nav>
    </>
  );
}
