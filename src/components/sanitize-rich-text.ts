/**
 * The storefront's own pass over rich text before it is rendered as markup: the API sanitises too
 * (server/lib/sanitize-html.ts), but a cached, proxied or tampered answer must not run script in the
 * page. The browser's DOMParser builds an inert document (its scripts never run, its images never
 * load); every element outside the shared allow-list (src/domain/rich-text.ts) is unwrapped or,
 * for code and form state, dropped with its content; attributes are kept only where allowed.
 */
import { isAllowedHref, RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED, RICH_TEXT_TAGS } from '../domain/rich-text.ts';

const TAGS: readonly string[] = RICH_TEXT_TAGS;
const DROPPED: readonly string[] = RICH_TEXT_DROPPED;

function clean(parent: Element): void {
  for (const node of [...parent.childNodes]) {
    if (!(node instanceof Element)) {
      if (!(node instanceof Text)) node.remove();
    } else if (DROPPED.includes(node.localName)) node.remove();
    else {
      clean(node);
      const tag = node.localName;
      if (!TAGS.includes(tag)) node.replaceWith(...node.childNodes);
      for (const { name, value } of [...node.attributes]) {
        if (!RICH_TEXT_ATTRIBUTES[tag]?.includes(name) || (name === 'href' && !isAllowedHref(value))) node.removeAttribute(name);
      }
      // A link that opens a new tab must not hand the opened page a handle on ours.
      if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

export function sanitizeRichText(html: string): string {
  const { body } = new DOMParser().parseFromString(html, 'text/html');
  clean(body);
  return body.innerHTML;
}
