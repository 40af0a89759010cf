/** The notification the organisation gets for a refund request: plain text plus simple HTML. */
import type { RefundRequest } from '#domain/validation/refund-request.ts';
import type { Language } from '#domain/languages.ts';
import type { OutgoingMail } from '../mail/index.ts';

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Everything in the mail comes from a stranger's form: escaped before it becomes markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);
}

export function composeRefundRequestMail(request: RefundRequest, language: Language, recipient: string): OutgoingMail {
  const rows: [string, string][] = [
    ['First name', request.first_name],
    ['Last name', request.last_name],
    ['E-mail', request.email],
    ['Address', request.adress],
    ['Order number', request.order_number],
    ['Language', language],
    ['Comment', request.comment],
  ];
  const intro = 'A refund or cancellation request was sent through the shop.';
  const text = `${intro}\n\n${rows.map(([label, value]) => `${label}: ${value || '-'}`).join('\n')}\n`;
  const html = [
    `<p>${intro}</p>`,
    '<table cellpadding="4">',
    ...rows.map(([label, value]) => `<tr><th align="left" valign="top">${label}</th><td style="white-space:pre-wrap">${escapeHtml(value) || '-'}</td></tr>`),
    '</table>',
  ].join('\n');
  return {
    kind: 'refund-request',
    recipient,
    // Only the order number (digits, checked) goes into the header; names stay in the body.
    subject: `Refund request for order ${request.order_number}`,
    text,
    html,
    replyTo: request.email,
  };
}
