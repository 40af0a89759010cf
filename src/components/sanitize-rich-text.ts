/**
 * The storefront's own pass over rich text before it is rendered as markup (defence in depth; why:
 * docs/decisions/storefront-rich-text-sanitiser.md). The API sanitises too (server/lib/sanitize-html.ts),
 * but the storefront may sit behind a CDN in front of any compatible API (VITE_API_BASE), and a cached,
 * proxied or tampered answer must not run script in the page.
 *
 * The browser's own parser (DOMParser) builds an inert document: its scripts never run, its images
 * never load, and it parses exactly as the page will. Nothing of it is kept: the output is a new tree
 * built by an allow-list walk (src/domain/rich-text.ts, shared with the API):
 * - only HTML elements count; SVG and MathML (foreign content, the source of parser round-trip
 *   tricks) are dropped with their content, as are code and form state (RICH_TEXT_DROPPED);
 * - other unknown elements are unwrapped: their text stays;
 * - only allowed attributes are copied, links only to allowed addresses, a new-tab link gets
 *   rel="noopener noreferrer";
 * - comments, processing instructions and the like are dropped; nesting deeper than MAX_DEPTH keeps
 *   its text only, so a hostile answer cannot exhaust the stack.
 */
import { isAllowedHref, RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED, RICH_TEXT_TAGS } from '#domain/rich-text.ts';

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const TAGS: readonly string[] = RICH_TEXT_TAGS;
const DROPPED: readonly string[] = RICH_TEXT_DROPPED;
const TARGETS: readonly string[] = ['_blank', '_self'];
/** Far deeper than any description; beyond it an element keeps only its text. */
export const MAX_DEPTH = 32;

function copyAttributes(from: Element, to: Element): void {
  const allowed = RICH_TEXT_ATTRIBUTES[to.localName] ?? [];
  for (const { name, value } of from.attributes) {
    if (!allowed.includes(name)) continue;
    if (name === 'href' && !isAllowedHref(value)) continue;
    if (name === 'target' && !TARGETS.includes(value)) continue;
    to.setAttribute(name, value);
  }
  // A link that opens a new tab must not hand the opened page a handle on ours.
  if (to.getAttribute('target') === '_blank') to.setAttribute('rel', 'noopener noreferrer');
}

function copyChildren(from: Node, into: Node, output: Document, depth: number): void {
  for (const node of from.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      into.appendChild(output.createTextNode(node.nodeValue ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const element = node as Element;
    if (element.namespaceURI !== HTML_NAMESPACE || DROPPED.includes(element.localName)) continue;
    if (depth >= MAX_DEPTH) {
      into.appendChild(output.createTextNode(element.textContent ?? ''));
    } else if (TAGS.includes(element.localName)) {
      const copy = output.createElement(element.localName);
      copyAttributes(element, copy);
      into.appendChild(copy);
      copyChildren(element, copy, output, depth + 1);
    } else {
      copyChildren(element, into, output, depth + 1);
    }
  }
}

export function sanitizeRichText(html: string): string {
  const parser = new DOMParser();
  const input = parser.parseFromString(html, 'text/html');
  const output = parser.parseFromString('', 'text/html');
  copyChildren(input.body, output.body, output, 0);
  return output.body.innerHTML;
}
