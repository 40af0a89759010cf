/**
 * A mailbox for Playwright's webServer (the `shop` project): the SMTP sink of the server tests
 * (tests/server/helpers/smtp-sink.ts) on --smtp-port, which the shop's SMTP_URL points at, and
 * over HTTP on --port what it received, so a journey can follow a link a mail carries:
 *   node --import tsx tests/fakes/serve-mail.ts --port 4315 --smtp-port 4316
 * Health: GET /health. GET /mails?to=<address>: [{ subject, text }] in the order received, the
 * text with quoted-printable undone.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { startSmtpSink } from '../server/helpers/smtp-sink.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4315' }, 'smtp-port': { type: 'string', default: '4316' } } });

/** The message after its headers, quoted-printable decoded (soft line breaks and =XX), enough to find a link in it. */
function bodyText(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const sink = await startSmtpSink({ port: Number(values['smtp-port']) });
const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') return void response.end('ok');
  if (url.pathname !== '/mails') return void response.writeHead(404).end();
  const to = (url.searchParams.get('to') ?? '').toLowerCase();
  const mails = sink.received.filter((mail) => mail.to.some((address) => address.toLowerCase() === to));
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(mails.map((mail) => ({ subject: mail.subject, text: bodyText(mail.raw) }))));
});
await new Promise<void>((resolve) => http.listen(Number(values.port), '127.0.0.1', () => resolve()));
console.log(`fake mailbox: SMTP on ${sink.url}, mails on http://127.0.0.1:${values.port}/mails`);

const stop = () => {
  http.close();
  void sink.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
