/**
 * The storefront's own pass over rich text before it is rendered as markup: the API sanitises too
 * (server/lib/sanitize-html.ts), but a cached, proxied or tampered answer must not run script in the
 * page. The browser's DOMParser builds an inert document (its scripts never run, its images never
 * load); every element outside the shared allow-list (src/domain/rich-text.ts) is unwrapped or,
 * for code and form state, dropped with its content; attributes are kept only where allowed.
 */
import { isAllowedHref, RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED, RICH_TEXT_TAGS } from '../domain/rich-text.ts';

const TAGS = new Set<string>(RICH_TEXT_TAGS);
const DROPPED = new Set<string>(RICH_TEXT_DROPPED);

function cleanChildren(parent: Element): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (node.nodeType !== Node.ELEMENT_NODE) {
      node.remove();
      continue;
    }
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED.has(tag)) {
      element.remove();
      continue;
    }
    cleanChildren(element);
    if (!TAGS.has(tag)) {
      element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    const allowed = RICH_TEXT_ATTRIBUTES[tag] ?? [];
    for (const { name, value } of Array.from(element.attributes)) {
      if (!allowed.includes(name) || (name === 'href' && !isAllowedHref(value))) element.removeAttribute(name);
    }
    // A link that opens a new tab must not hand the opened page a handle on ours.
    if (element.getAttribute('target') === '_blank') element.setAttribute('rel', 'noopener noreferrer');
  }
}

export function sanitizeRichText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  cleanChildren(body);
  return body.innerHTML;
}
