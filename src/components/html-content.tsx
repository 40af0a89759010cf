/**
 * The only place the storefront renders HTML from the API. The API sanitises every rich text
 * (descriptions, FAQ answers) before it answers; it is sanitised here again, with the same
 * allow-list, before it becomes markup.
 */
import { sanitizeRichText } from './sanitize-rich-text.ts';
import './components.css';

export interface HtmlContentProps {
  html: string;
  id?: string;
  className?: string;
}

export function HtmlContent({ html, id, className }: HtmlContentProps) {
  // Parsing a description takes well under a millisecond: no memo (its code would weigh on the start-up budget).
  return <div id={id} className={className ? `html-content ${className}` : 'html-content'} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
