/**
 * The only place the storefront renders HTML from the API. The API sanitises every rich text
 * (descriptions, FAQ answers) before it answers, so it is inserted as is.
 */
import './components.css';

export interface HtmlContentProps {
  html: string;
  id?: string;
  className?: string;
}

export function HtmlContent({ html, id, className }: HtmlContentProps) {
  return <div id={id} className={className ? `html-content ${className}` : 'html-content'} dangerouslySetInnerHTML={{ __html: html }} />;
}
