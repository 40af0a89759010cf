/**
 * The list of a form's problems shown above it after a failed submit (WCAG 3.3.1): it takes the
 * focus each time a submit fails (`attempt` changes), so a screen reader reads it at once, and each
 * problem is a link that moves the focus to its field.
 */
import { useEffect, useId, useRef, type MouseEvent } from 'react';

export interface ErrorSummaryItem {
  /** The id of the control the problem belongs to. */
  fieldId: string;
  /** Translated "<label>: <problem>". */
  text: string;
}

export interface ErrorSummaryProps {
  /** Translated heading (e.g. "Please correct 2 fields"). */
  title: string;
  items: ErrorSummaryItem[];
  /** Increases with every failed submit; each change moves the focus here. */
  attempt: number;
}

export function ErrorSummary({ title, items, attempt }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();
  useEffect(() => {
    if (attempt > 0) ref.current?.focus();
  }, [attempt]);
  if (items.length === 0) return null;

  const goTo = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    field.focus(); // focusing scrolls the field into view
  };

  return (
    <div ref={ref} className="error-summary" role="group" tabIndex={-1} aria-labelledby={headingId}>
      <h3 id={headingId} className="error-summary__title">
        {title}
      </h3>
      <ul className="error-summary__list">
        {items.map((item) => (
          <li key={item.fieldId}>
            <a href={`#${item.fieldId}`} onClick={(event) => goTo(event, item.fieldId)}>
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
