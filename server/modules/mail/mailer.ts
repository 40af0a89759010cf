/** Sends one outbox mail over SMTP (nodemailer), configured by SMTP_URL and MAIL_FROM. */
import type Nodemailer from 'nodemailer';
import type QRCodeModule from 'qrcode';
import { lazyModule } from '../../lazy-module.ts';
import type { Config } from '../../config.ts';
import type { ClaimedMail } from './outbox.repo.ts';
import { renderAttachments, type MailAttachmentRenderers } from './mail-attachments.ts';

const qrcode = lazyModule<typeof QRCodeModule>('qrcode');
const nodemailer = lazyModule<typeof Nodemailer>('nodemailer');

export interface Mailer {
  send(mail: ClaimedMail): Promise<void>;
  close(): void;
}

/** `renderers`: how each kind of attachment a mail refers to is rendered when it is sent (mail-attachments.ts). */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'> & { smtpUrl: string }, renderers: MailAttachmentRenderers = {}): Mailer {
  const transport = nodemailer().createTransport({
    url: config.smtpUrl,
    // A hanging server must not hold a batch past its claim (see mail-worker.ts LOCK_MS).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      const replyTo = typeof mail.payload?.replyTo === 'string' ? mail.payload.replyTo : undefined;
      const codes = Array.isArray(mail.payload?.tickets) ? mail.payload.tickets.filter((code): code is string => typeof code === 'string') : [];
      // E-tickets as inline images: the HTML shows them with <img src="cid:ticket-<n>@shop">.
      const attachments: { filename: string; content: Buffer; contentType: string; cid?: string }[] = await Promise.all(
        codes.map(async (code, index) => ({
          filename: `ticket-${index + 1}.png`,
          content: await qrcode().toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 }),
          cid: `ticket-${index + 1}@shop`,
          contentType: 'image/png',
        })),
      );
      const documents = (await renderAttachments(mail.payload, renderers)).map((document) => ({
        filename: document.fileName,
        content: document.content,
        contentType: document.contentType,
      }));
      attachments.push(...documents);
      await transport.sendMail({
        from: config.mailFrom,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(replyTo ? { replyTo } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      });
    },
    close: () => transport.close(),
  };
}
