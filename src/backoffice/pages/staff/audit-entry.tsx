/** One change of the audit log: its sentence, the facts that go with it, who and when, and an edit's changes behind a disclosure. */
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '#domain/backoffice/audit-log.schema.ts';
import type { AuditFormat } from './audit-format.ts';
import { auditText, changeText } from './audit-text.ts';

export function AuditEntryItem({ entry, format }: { entry: AuditEntry; format: AuditFormat }) {
  const { t } = useTranslation(['backoffice-staff', 'backoffice', 'backoffice-catalogue']);
  const { sentence, facts } = auditText(entry, t, format);
  const creation = entry.action.endsWith('.create');
  const count = entry.changes.length + entry.other_changes;
  return (
    <li className="bo-audit__entry">
      <p className="bo-audit__sentence">{sentence}</p>
      {facts.length > 0 ? (
        <ul className="bo-audit__facts">
          {facts.map((fact, index) => (
            <li key={index}>{fact}</li>
          ))}
        </ul>
      ) : null}
      <p className="bo-audit__meta">
        {entry.staff?.name ?? t('audit.system')} · <time dateTime={entry.at}>{format.moment(entry.at)}</time>
      </p>
      {count > 0 ? (
        <details className="bo-audit__changes">
          <summary>{t('audit.changes', { count })}</summary>
          <ul>
            {entry.changes.map((change, index) => (
              <li key={`${change.field}-${change.language ?? ''}-${index}`}>{changeText(change, creation, t, format)}</li>
            ))}
            {entry.other_changes > 0 ? <li>{t('audit.otherChanges', { count: entry.other_changes })}</li> : null}
          </ul>
        </details>
      ) : null}
    </li>
  );
}
