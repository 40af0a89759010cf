/**
 * The only place the storefront renders HTML from the API. The API sanitises every rich text
 * (descriptions, FAQ answers) before it answers; it is sanitised here again, with the same
 * allow-list, before it becomes markup.
 */
import { useMemo } from 'react';
import { sanitizeRichText } from './sanitize-rich-text.ts';
import './components.css';

export interface HtmlContentProps {
  html: string;
  id?: string;
  className?: string;
}

export function HtmlContent({ html, id, className }: HtmlContentProps) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return <div id={id} className={className ? `html-content ${className}` : 'html-content'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
