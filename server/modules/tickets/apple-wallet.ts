/**
 * An Apple Wallet pass (`.pkpass`) per ticket: a zip (fflate) of pass.json (an eventTicket whose QR
 * barcode carries the ticket's signed code, the one the gate checks), the icon and logo images
 * (sharp, from the shop's logo or a plain square of its colour), manifest.json (the SHA-1 of every
 * other file) and `signature`: a detached PKCS #7 signature (node-forge) of the manifest by the
 * organisation's Pass Type ID certificate, carrying Apple's WWDR intermediate, as Wallet requires.
 */
import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import type Forge from 'node-forge';
import type Sharp from 'sharp';
import { zonedInstant } from '#domain/date-text.ts';
import type { Rgb } from '#domain/colour-contrast.ts';
import { lazyModule } from '../../lazy-module.ts';
import type { AppleWalletSettings } from '../../wallet-config.ts';
import type { TicketBranding } from './ticket-branding.ts';
import type { DocumentTicket, TicketDocument } from './ticket-document.ts';
import { TICKET_TEXTS } from './ticket-document.texts.ts';

const forge = lazyModule<typeof Forge>('node-forge');
const sharp = lazyModule<typeof Sharp>('sharp');

const rgb = ([red, green, blue]: Rgb) => `rgb(${red}, ${green}, ${blue})`;
const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');

/** The images Wallet shows for an event ticket: name → [width, height]. */
const IMAGES: Record<string, [number, number]> = {
  'icon.png': [29, 29],
  'icon@2x.png': [58, 58],
  'icon@3x.png': [87, 87],
  'logo.png': [160, 50],
  'logo@2x.png': [320, 100],
};

async function passImages(branding: TicketBranding): Promise<Record<string, Buffer>> {
  const [red, green, blue] = branding.colour;
  const background = { r: red, g: green, b: blue, alpha: 1 };
  const entries = await Promise.all(
    Object.entries(IMAGES).map(async ([name, [width, height]]) => {
      const icon = name.startsWith('icon');
      const canvas = sharp()({ create: { width, height, channels: 4, background: icon ? background : { ...background, alpha: 0 } } });
      if (!branding.logoPng) return [name, await canvas.png().toBuffer()] as const;
      // The logo inside the square (icons) or the logo strip (transparent), never cropped.
      const inset = icon ? Math.round(width * 0.15) : 0;
      const logo = await sharp()(branding.logoPng)
        .resize({ width: width - 2 * inset, height: height - 2 * inset, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
      return [
        name,
        await canvas
          .composite([{ input: logo, gravity: 'centre' }])
          .png()
          .toBuffer(),
      ] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export function passJson(
  document: TicketDocument,
  ticket: DocumentTicket,
  branding: TicketBranding,
  settings: Pick<AppleWalletSettings, 'passTypeId' | 'teamId'>,
) {
  const texts = TICKET_TEXTS[document.language];
  const label = texts.ticketOf(ticket.position, document.issued);
  const barcode = { format: 'PKBarcodeFormatQR', message: ticket.code, messageEncoding: 'iso-8859-1', altText: label };
  const start = document.plot?.start ? zonedInstant(document.plot.date, document.plot.start, document.shop.timezone) : null;
  return {
    formatVersion: 1,
    passTypeIdentifier: settings.passTypeId,
    teamIdentifier: settings.teamId,
    // One pass per ticket, for good: a moved ticket's pass downloaded again replaces the old one.
    serialNumber: `ticket-${ticket.id}`,
    organizationName: document.shop.name,
    description: `${texts.title}: ${document.product.title}`,
    logoText: document.shop.name,
    backgroundColor: rgb(branding.colour),
    foregroundColor: rgb(branding.ink),
    labelColor: rgb(branding.ink),
    ...(start ? { relevantDate: start.toISOString() } : {}),
    barcodes: [barcode],
    // iOS 8 and older read the single barcode.
    barcode,
    eventTicket: {
      primaryFields: [{ key: 'product', label: texts.title, value: document.product.title }],
      secondaryFields: document.when ? [{ key: 'when', label: texts.when, value: document.when }] : [],
      auxiliaryFields: [
        ...(ticket.audience ? [{ key: 'audience', label: texts.audience, value: ticket.audience }] : []),
        { key: 'ticket', label: texts.orderNumber, value: `${document.orderNumber} · ${label}` },
      ],
      backFields: [
        ...(document.holder ? [{ key: 'holder', label: texts.holder, value: document.holder }] : []),
        { key: 'instructions', label: texts.title, value: texts.instructions },
      ],
    },
  };
}

/** The detached PKCS #7 signature (DER) of `manifest` by the pass certificate, with the WWDR certificate in the bundle. */
function signManifest(manifest: Uint8Array, settings: AppleWalletSettings, now: Date): Buffer {
  const { pkcs7, pki, util, asn1 } = forge();
  const signed = pkcs7.createSignedData();
  signed.content = util.createBuffer(Buffer.from(manifest).toString('binary'));
  const certificate = pki.certificateFromPem(settings.certificatePem);
  signed.addCertificate(certificate);
  signed.addCertificate(pki.certificateFromPem(settings.wwdrPem));
  signed.addSigner({
    key: pki.privateKeyFromPem(settings.keyPem),
    certificate,
    digestAlgorithm: pki.oids.sha256 as string,
    authenticatedAttributes: [
      { type: pki.oids.contentType as string, value: pki.oids.data as string },
      { type: pki.oids.messageDigest as string },
      // forge takes a Date for the signing time.
      { type: pki.oids.signingTime as string, value: now as unknown as string },
    ],
  });
  signed.sign({ detached: true });
  return Buffer.from(asn1.toDer(signed.toAsn1()).getBytes(), 'binary');
}

export async function buildApplePass(
  document: TicketDocument,
  ticket: DocumentTicket,
  branding: TicketBranding,
  settings: AppleWalletSettings,
  now: Date,
): Promise<Buffer> {
  const files: Record<string, Uint8Array> = {
    'pass.json': Buffer.from(JSON.stringify(passJson(document, ticket, branding, settings))),
    ...(await passImages(branding)),
  };
  const manifest = Buffer.from(JSON.stringify(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, sha1(bytes)]))));
  files['manifest.json'] = manifest;
  files.signature = signManifest(manifest, settings, now);
  return Buffer.from(zipSync(files, { level: 6 }));
}
