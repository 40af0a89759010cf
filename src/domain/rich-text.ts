/**
 * What rich text (product descriptions, FAQ answers) may hold: simple formatting and links. One
 * allow-list for the API, which sanitises on the way out (server/lib/sanitize-html.ts), and the
 * storefront, which sanitises again before it renders (src/components/sanitize-rich-text.ts).
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'span', 'a'] as const;

export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'title', 'target', 'rel'] };

export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** Tags whose text is code or form state, never prose: dropped with everything inside. */
export const RICH_TEXT_DROPPED = ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'] as const;

/**
 * Whether a link address may stay: a relative one, or one of RICH_TEXT_SCHEMES. Never
 * protocol-relative ("//evil.example" takes the visitor's scheme and leaves our hosts).
 */
export function isAllowedHref(href: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const compact = href.replace(/[\0- \x7f]/g, '');
  const scheme = /^([a-z][\w+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  return !/^(\/\/|\/?\\)/.test(compact) && (!scheme || (RICH_TEXT_SCHEMES as readonly string[]).includes(scheme));
}

/**
 * Read-more thresholds (spec section 9): a home card's description taller than 100 px, any other
 * product description (the product page, upsells) longer than 100 characters of text.
 */
export const READ_MORE_HEIGHT = 100;
export const READ_MORE_LENGTH = 100;

/** Plain text of an HTML description, whitespace collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A text cut at `length` characters (not UTF-16 units: an emoji is never cut in half) plus "…",
 * and whether it was cut; a text that fits is returned whole.
 */
export function cutText(text: string, length: number): { text: string; cut: boolean } {
  const characters = Array.from(text);
  if (characters.length <= length) return { text, cut: false };
  return { text: `${characters.slice(0, length).join('').trimEnd()}…`, cut: true };
}
