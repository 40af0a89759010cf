/**
 * The audit log (owner): every staff change as a sentence in the reader's language — what was done to
 * which thing, by whom and when — with an edit's changes one click away; filtered by staff member,
 * kind of thing and dates, newest first, paged.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ENTITIES } from '#domain/backoffice/audit-log.schema.ts';
import { normaliseLanguage } from '#domain/languages.ts';
import { StackedField } from '../../../components/field-parts.tsx';
import { errorText } from '../../../lib/error-message.ts';
import { auditPageQuery, type AuditSearch } from '../../api/audit.ts';
import { staffQuery } from '../../api/staff.ts';
import { PageHeading } from '../../page-heading.tsx';
import { AuditEntryItem } from './audit-entry.tsx';
import { useAuditFormat } from './audit-format.ts';

const NO_FILTERS: AuditSearch = { staff_id: '', entity: '', from: '', until: '' };
const PAGE_SIZE = 50;

export default function AuditPage() {
  const { t, i18n } = useTranslation(['backoffice-staff', 'backoffice']);
  const [draft, setDraft] = useState<AuditSearch>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditSearch>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const audit = useQuery(auditPageQuery(filters, page, PAGE_SIZE, normaliseLanguage(i18n.language) ?? 'en'));
  const staff = useQuery(staffQuery());
  const format = useAuditFormat(audit.data?.timezone ?? 'UTC');
  const countId = useId();

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  }
  const set = (key: keyof AuditSearch) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / PAGE_SIZE)) : 1;
  const entities = AUDIT_ENTITIES.map((entity) => ({ entity, label: t(`audit.entities.${entity}`) })).sort((a, b) =>
    a.label.localeCompare(b.label, i18n.language),
  );

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
          {(aria) => (
            <select {...aria} value={draft.entity} onChange={set('entity')}>
              <option value="">{t('audit.anything')}</option>
              {entities.map(({ entity, label }) => (
                <option key={entity} value={entity}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </StackedField>
        <StackedField label={t('audit.from')}>{(aria) => <input {...aria} type="date" value={draft.from} onChange={set('from')} />}</StackedField>
        <StackedField label={t('audit.until')}>{(aria) => <input {...aria} type="date" value={draft.until} onChange={set('until')} />}</StackedField>
        <button type="submit" className="bo-button bo-button--primary">
          {t('audit.apply')}
        </button>
      </form>
      {audit.error ? <p role="alert">{errorText(t, audit.error)}</p> : null}
      {!audit.data ? (
        <p>{t('loading')}</p>
      ) : audit.data.entries.length === 0 ? (
        <p className="bo-empty">{t('audit.empty')}</p>
      ) : (
        <>
          <p id={countId}>{t('audit.caption', { count: audit.data.total })}</p>
          <ol className="bo-audit" aria-labelledby={countId}>
            {audit.data.entries.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} format={format} />
            ))}
          </ol>
        </>
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
