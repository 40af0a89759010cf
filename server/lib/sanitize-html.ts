/**
 * The HTML the shop serves (product descriptions, FAQ answers) is written by staff but rendered
 * as markup in visitors' browsers, so it is cut down on the way out to simple formatting and
 * links: scripts, styles, frames, event handlers and javascript: addresses never leave the API.
 */
import type Sanitize from 'sanitize-html';
import { lazyModule } from '../lazy-module.ts';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '#domain/rich-text.ts';

const sanitize = lazyModule<typeof Sanitize>('sanitize-html');

// The allow-list is shared with the storefront's own pass (src/domain/rich-text.ts).
const OPTIONS: Sanitize.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  // "//evil.example" would take the visitor's scheme and leave our hosts: only full addresses.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of these is code or form state, never prose: drop it along with the tag.
  nonTextTags: [...RICH_TEXT_DROPPED],
  transformTags: {
    // A link that opens a new tab must not hand the opened page a handle on ours.
    a: (tagName, attribs) => {
      if (attribs.target !== '_blank') return { tagName, attribs };
      return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } };
    },
  },
};

// Sanitising parses the HTML, which costs more than the rest of a product card: the same few
// descriptions are asked for again and again, so results are kept, keyed by the input itself (the
// function is pure, so a kept result is never wrong). Bounded: the oldest go first.
const MAX_KEPT = 1000;
const kept = new Map<string, string | null>();

/** Safe-to-render HTML; null and empty stay null so "no description" is still recognisable. */
export function sanitizeHtml(html: string | null | undefined): string | null {
  if (html === null || html === undefined || html.trim() === '') return null;
  const known = kept.get(html);
  if (known !== undefined) return known;
  const trimmed = sanitize()(html, OPTIONS).trim();
  const clean = trimmed === '' ? null : trimmed;
  kept.set(html, clean);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
  return clean;
}
