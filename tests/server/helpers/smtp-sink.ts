/**
 * A tiny real SMTP server for tests: enough of RFC 5321 (EHLO/HELO, MAIL FROM, RCPT TO, DATA,
 * RSET, NOOP, QUIT) for nodemailer over plain TCP, recording every message it accepts.
 * No STARTTLS is offered, so nodemailer talks plain text to smtp://127.0.0.1:<port>.
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and body, dot-stuffing undone). */
  raw: string;
  /** Unfolded header values by lower-case name. */
  headers: Record<string, string>;
  subject: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Stops listening and drops open connections: later deliveries fail to connect. */
  close(): Promise<void>;
}

function parseHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r\n\r\n/)[0] ?? '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function address(argument: string): string {
  return /<([^>]*)>/.exec(argument)?.[1] ?? argument.trim();
}

function serve(socket: Socket, received: ReceivedMail[], delayMs: number) {
  let buffer = '';
  let envelope: { from: string; to: string[] } = { from: '', to: [] };
  let data: string[] | null = null;
  const reply = (line: string) => {
    if (!socket.destroyed) socket.write(`${line}\r\n`);
  };

  function handle(line: string) {
    if (data) {
      if (line === '.') {
        const raw = data.join('\r\n');
        const headers = parseHeaders(raw);
        received.push({ ...envelope, raw, headers, subject: headers.subject ?? '' });
        envelope = { from: '', to: [] };
        data = null;
        // A slow server widens the window in which concurrent workers overlap.
        setTimeout(() => reply('250 2.0.0 Queued'), delayMs);
      } else {
        data.push(line.startsWith('..') ? line.slice(1) : line);
      }
      return;
    }
    const [verb = '', ...rest] = line.split(' ');
    const argument = rest.join(' ');
    switch (verb.toUpperCase()) {
      case 'EHLO':
        reply('250-smtp-sink');
        reply('250 8BITMIME');
        break;
      case 'HELO':
        reply('250 smtp-sink');
        break;
      case 'MAIL':
        envelope = { from: address(argument.replace(/^FROM:/i, '')), to: [] };
        reply('250 2.1.0 OK');
        break;
      case 'RCPT':
        envelope.to.push(address(argument.replace(/^TO:/i, '')));
        reply('250 2.1.5 OK');
        break;
      case 'DATA':
        if (envelope.to.length === 0) {
          reply('503 5.5.1 RCPT first');
          break;
        }
        data = [];
        reply('354 End data with <CR><LF>.<CR><LF>');
        break;
      case 'RSET':
        envelope = { from: '', to: [] };
        reply('250 2.0.0 OK');
        break;
      case 'NOOP':
        reply('250 2.0.0 OK');
        break;
      case 'QUIT':
        reply('221 2.0.0 Bye');
        socket.end();
        break;
      default:
        reply('502 5.5.2 Command not implemented');
    }
  }

  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      handle(line);
    }
  });
  socket.on('error', () => socket.destroy());
  reply('220 smtp-sink ESMTP ready');
}

/** `port`: where to listen (default: any free port). */
export async function startSmtpSink(options: { delayMs?: number; port?: number } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, received, options.delayMs ?? 0);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
