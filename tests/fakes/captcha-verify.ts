/**
 * A local stand-in for reCAPTCHA's siteverify (https://developers.google.com/recaptcha/docs/verify):
 * POST form-encoded `secret`, `response`, `remoteip`; answers `{ success, challenge_ts, hostname,
 * "error-codes" }`. Tokens are valid only when this fake issued them (`issueToken()` in the same
 * process, or POST /tokens from another one, e.g. a Playwright test) and only once, as Google's are.
 * Used by tests/server/security.test.ts in process and by tests/fakes/serve-captcha.ts for Playwright.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface VerifyRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
  contentType: string | null;
}

export interface FakeCaptchaVerify {
  /** The siteverify address, for CAPTCHA_VERIFY_URL. */
  verifyUrl: string;
  port: number;
  /** A token the next verification accepts once. */
  issueToken(): string;
  /** Every verification asked, oldest first. */
  requests: VerifyRequest[];
  close(): Promise<void>;
}

export interface FakeCaptchaVerifyOptions {
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  /** The secret key the shop must send (CAPTCHA_SECRET). */
  secret: string;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export async function startFakeCaptchaVerify({ port = 0, host = '127.0.0.1', secret }: FakeCaptchaVerifyOptions): Promise<FakeCaptchaVerify> {
  const issued = new Set<string>();
  const spent = new Set<string>();
  const requests: VerifyRequest[] = [];
  const issueToken = () => {
    const token = `fake-captcha-${randomBytes(12).toString('hex')}`;
    issued.add(token);
    return token;
  };

  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      if (request.method === 'GET' && path === '/health') return sendJson(response, 200, { ok: true });
      // Cross-process issuing (Playwright): the browser's fake widget hands out what this returns.
      if (request.method === 'POST' && path === '/tokens') return sendJson(response, 201, { token: issueToken() });
      if (request.method !== 'POST' || path !== '/recaptcha/api/siteverify') return sendJson(response, 404, { error: 'not found' });

      const form = new URLSearchParams(await readBody(request));
      const asked: VerifyRequest = {
        secret: form.get('secret'),
        response: form.get('response'),
        remoteip: form.get('remoteip'),
        contentType: request.headers['content-type'] ?? null,
      };
      requests.push(asked);
      const errorCodes: string[] = [];
      if (!asked.secret) errorCodes.push('missing-input-secret');
      else if (asked.secret !== secret) errorCodes.push('invalid-input-secret');
      if (!asked.response) errorCodes.push('missing-input-response');
      else if (spent.has(asked.response)) errorCodes.push('timeout-or-duplicate');
      else if (!issued.has(asked.response)) errorCodes.push('invalid-input-response');
      if (errorCodes.length > 0) return sendJson(response, 200, { success: false, 'error-codes': errorCodes });

      const token = asked.response as string;
      issued.delete(token);
      spent.add(token);
      return sendJson(response, 200, { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' });
    })().catch((error: unknown) => sendJson(response, 500, { error: String(error) }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    verifyUrl: `http://${host}:${bound}/recaptcha/api/siteverify`,
    port: bound,
    issueToken,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
