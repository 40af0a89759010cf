/**
 * A body sent slowly cannot hold a connection open forever: a raw socket that trickles a JSON body a
 * byte at a time is cut off once REQUEST_TIMEOUT_MS has passed since the request began (408, then the
 * connection closes), long before the trickle would have finished; a body over BODY_LIMIT_BYTES is
 * refused 413. The server listens on a real port for this (inject has no sockets).
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let shop: TestShop;
let port: number;

beforeAll(async () => {
  shop = await createTestShop({ config: { http: { requestTimeoutMs: 1500, connectionTimeoutMs: 5000, keepAliveTimeoutMs: 1000, bodyLimitBytes: 4096 } } });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  port = (shop.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await shop?.close();
});

/** Opens a socket and resolves with it once connected. */
function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('slowly sent bodies', () => {
  it('closes a connection whose body trickles in, before the trickle ends', async () => {
    const body = JSON.stringify({ email: 'slow@example.test', password: 'x'.repeat(200) });
    const socket = await open();
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(`POST /api/client/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    // One byte every 100 ms: the whole body would take about 25 s.
    let sent = 0;
    let open_ = true;
    void closed.then(() => (open_ = false));
    while (open_ && sent < body.length) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (!open_ || socket.destroyed) break;
      socket.write(body[sent] as string);
      sent += 1;
    }
    await closed;
    expect(sent).toBeLessThan(body.length);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 40_000);

  it('refuses a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/client/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'big@example.test', password: 'x'.repeat(5000) }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe('PAYLOAD_TOO_LARGE');
  });
});
