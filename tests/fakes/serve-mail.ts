/**
 * A mailbox for Playwright's webServer (the `shop` project): the SMTP sink of the server tests
 * (tests/server/helpers/smtp-sink.ts) on --smtp-port, which the shop's SMTP_URL points at, and
 * over HTTP on --port what it received, so a journey can follow a link a mail carries:
 *   node --import tsx tests/fakes/serve-mail.ts --port 4315 --smtp-port 4316
 * Health: GET /health. GET /mails?to=<address>: [{ subject, text }] in the order received, the
 * subject's encoded words and the text's quoted-printable undone.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { startSmtpSink } from '../server/helpers/smtp-sink.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4315' }, 'smtp-port': { type: 'string', default: '4316' } } });

/** Quoted-printable undone (soft line breaks and =XX), the bytes read as UTF-8: "€" and "ü" come out as written. */
function unquote(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(joined[index] as string, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The message after its headers, quoted-printable decoded, enough to find a link or a sentence in it. */
function bodyText(raw: string): string {
  return unquote(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

/** A header's encoded words (RFC 2047, `=?UTF-8?Q?…?=` and `?B?`) as the text they stand for. */
function headerText(value: string): string {
  return value.replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=(?:\s+(?==\?))?/g, (_, encoding: string, word: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(word, 'base64').toString('utf8') : unquote(word.replace(/_/g, ' ')),
  );
}

const sink = await startSmtpSink({ port: Number(values['smtp-port']) });
const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') return void response.end('ok');
  if (url.pathname !== '/mails') return void response.writeHead(404).end();
  const to = (url.searchParams.get('to') ?? '').toLowerCase();
  const mails = sink.received.filter((mail) => mail.to.some((address) => address.toLowerCase() === to));
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(mails.map((mail) => ({ subject: headerText(mail.subject), text: bodyText(mail.raw) }))));
});
await new Promise<void>((resolve) => http.listen(Number(values.port), '127.0.0.1', () => resolve()));
console.log(`fake mailbox: SMTP on ${sink.url}, mails on http://127.0.0.1:${values.port}/mails`);

const stop = () => {
  http.close();
  void sink.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
