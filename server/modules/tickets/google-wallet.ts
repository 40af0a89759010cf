/**
 * The Google Wallet "save" link of an order: https://pay.google.com/gp/v/save/<jwt>, the JWT signed
 * (RS256, node:crypto) with the service account's key, carrying the slot's event class and one
 * eventTicketObject per valid ticket whose QR barcode is the ticket's signed code (the gate's).
 * An object's id names the ticket and its slot: a moved ticket saved again is a new object, on the
 * new slot's class.
 */
import { createPrivateKey, sign } from 'node:crypto';
import { toHex } from '#domain/colour-contrast.ts';
import { zonedInstant } from '#domain/date-text.ts';
import type { GoogleWalletSettings } from '../../wallet-config.ts';
import type { TicketBranding } from './ticket-branding.ts';
import type { TicketDocument } from './ticket-document.ts';
import { TICKET_TEXTS } from './ticket-document.texts.ts';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function googleWalletClaims(
  document: TicketDocument,
  branding: Pick<TicketBranding, 'colour'>,
  settings: GoogleWalletSettings,
  publicUrl: string,
  now: Date,
) {
  const texts = TICKET_TEXTS[document.language];
  const localized = (value: string) => ({ defaultValue: { language: document.language, value } });
  const classId = `${settings.issuerId}.${document.plot ? `slot-${document.plot.id}` : `product-${document.product.id}`}`;
  const start = document.plot?.start ? zonedInstant(document.plot.date, document.plot.start, document.shop.timezone) : null;
  const end = document.plot?.end ? zonedInstant(document.plot.date, document.plot.end, document.shop.timezone) : null;
  const colour = toHex(branding.colour);
  const logo = document.shop.logo?.startsWith('/') && publicUrl.startsWith('https://') ? { sourceUri: { uri: `${publicUrl}${document.shop.logo}` } } : null;
  return {
    iss: settings.serviceAccountEmail,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(now.getTime() / 1000),
    origins: [new URL(publicUrl).origin],
    payload: {
      eventTicketClasses: [
        {
          id: classId,
          issuerName: document.shop.name,
          eventName: localized(document.product.title),
          reviewStatus: 'UNDER_REVIEW',
          hexBackgroundColor: colour,
          ...(logo ? { logo } : {}),
          ...(start ? { dateTime: { start: start.toISOString(), ...(end ? { end: end.toISOString() } : {}) } } : {}),
        },
      ],
      eventTicketObjects: document.tickets.map((ticket) => ({
        id: `${settings.issuerId}.ticket-${ticket.id}-${document.plot?.id ?? 0}`,
        classId,
        state: 'ACTIVE',
        hexBackgroundColor: colour,
        ticketHolderName: document.holder,
        ticketNumber: `${document.orderNumber}-${ticket.position}`,
        ...(ticket.audience ? { ticketType: localized(ticket.audience) } : {}),
        barcode: { type: 'QR_CODE', value: ticket.code, alternateText: texts.ticketOf(ticket.position, document.issued) },
        ...(document.when ? { textModulesData: [{ id: 'when', header: texts.when, body: document.when }] } : {}),
      })),
    },
  };
}

/** The signed JWT (RS256) of the claims above. */
export function googleWalletJwt(
  document: TicketDocument,
  branding: Pick<TicketBranding, 'colour'>,
  settings: GoogleWalletSettings,
  publicUrl: string,
  now: Date,
): string {
  const unsigned = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(googleWalletClaims(document, branding, settings, publicUrl, now))}`;
  const signature = sign('sha256', Buffer.from(unsigned), createPrivateKey(settings.privateKeyPem));
  return `${unsigned}.${signature.toString('base64url')}`;
}
