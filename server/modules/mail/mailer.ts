/** Sends one outbox mail over SMTP (nodemailer), configured by SMTP_URL and MAIL_FROM. */
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { ClaimedMail } from './outbox.repo.ts';

export interface Mailer {
  send(mail: ClaimedMail): Promise<void>;
  close(): void;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'> & { smtpUrl: string }): Mailer {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    // A hanging server must not hold a batch past its claim (see mail-worker.ts LOCK_MS).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      const replyTo = typeof mail.payload?.replyTo === 'string' ? mail.payload.replyTo : undefined;
      await transport.sendMail({
        from: config.mailFrom,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(replyTo ? { replyTo } : {}),
      });
    },
    close: () => transport.close(),
  };
}
