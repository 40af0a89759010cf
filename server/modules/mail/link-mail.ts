/**
 * A mail whose point is one link (an account's confirmation, a sign-in or password link): greeting, why, the
 * link with how long it lasts, "not you?", closing. Pure: the wording of each kind lives with its sender.
 */
import type { Language } from '#domain/languages.ts';
import type { OutgoingMail } from './outbox.repo.ts';

export interface LinkMailWords {
  subject: string;
  greeting: string;
  intro: string;
  action: string;
  validFor: string;
  notYou: string;
  closing: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

export function renderLinkMail(language: Language, words: LinkMailWords, link: string, shopName: string): Omit<OutgoingMail, 'kind' | 'recipient'> {
  const text = [words.greeting, '', words.intro, '', `${words.action}: ${link}`, words.validFor, '', words.notYou, '', words.closing, shopName].join('\n');
  const html = `<!doctype html>
<html lang="${language}"><body>
<p>${escapeHtml(words.greeting)}</p>
<p>${escapeHtml(words.intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a><br>${escapeHtml(words.validFor)}</p>
<p>${escapeHtml(words.notYou)}</p>
<p>${escapeHtml(words.closing)}<br>${escapeHtml(shopName)}</p>
</body></html>`;
  return { subject: shopName ? `${words.subject} — ${shopName}` : words.subject, text, html };
}
