/**
 * A page's one h1. It takes the focus when the page opens after a navigation inside the back office,
 * so a screen reader announces the new page and the keyboard continues from its top; it also sets
 * the document title.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function PageHeading({ children, title }: { children: ReactNode; title: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { t } = useTranslation('backoffice');
  useEffect(() => {
    document.title = `${title} · ${t('app.title')}`;
    // Not on the very first page of a visit: the browser's own start position is right then.
    if (window.history.state && (window.history.state as { idx?: number }).idx) ref.current?.focus();
  }, [title, t]);
  return (
    <h1 ref={ref} tabIndex={-1} className="bo-page-heading">
      {children}
    </h1>
  );
}
