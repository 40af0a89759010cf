/**
 * The HTML the shop serves (product descriptions, FAQ answers) is written by staff but rendered
 * as markup in visitors' browsers, so it is cut down on the way out to simple formatting and
 * links: scripts, styles, frames, event handlers and javascript: addresses never leave the API.
 */
import sanitize from 'sanitize-html';

const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'span', 'a'];

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  // "//evil.example" would take the visitor's scheme and leave our hosts: only full addresses.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of these is code or form state, never prose: drop it along with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    // A link that opens a new tab must not hand the opened page a handle on ours.
    a: (tagName, attribs) => {
      if (attribs.target !== '_blank') return { tagName, attribs };
      return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } };
    },
  },
};

/** Safe-to-render HTML; null and empty stay null so "no description" is still recognisable. */
export function sanitizeHtml(html: string | null | undefined): string | null {
  if (html === null || html === undefined || html.trim() === '') return null;
  const clean = sanitize(html, OPTIONS).trim();
  return clean === '' ? null : clean;
}
