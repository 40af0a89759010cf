/**
 * What Node's HTTP parser refuses before Fastify sees a request (an address or headers over
 * 16 KiB, a malformed request line) still answers the shop's `{ ok: false, error }` shape. Over a
 * real socket: `inject()` never goes through the parser.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let shop: TestShop;
let port: number;

beforeAll(async () => {
  shop = await createTestShop();
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  port = (shop.app.server.address() as AddressInfo).port;
});
afterAll(async () => shop?.close());

/** Sends raw bytes and reads the whole answer (the server closes the connection after a refusal). */
function raw(request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
  });
}

describe("refusals of Node's HTTP parser", () => {
  it('answers 431 HEADERS_TOO_LARGE to an address of 20 kB', async () => {
    const answer = await raw(`GET /api/reservation/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: shop\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: 'HEADERS_TOO_LARGE' });
  });

  it('answers 400 BAD_REQUEST to a malformed request line', async () => {
    const answer = await raw('GET /api/health HTTP/9\u0001\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: 'BAD_REQUEST' });
  });
});
