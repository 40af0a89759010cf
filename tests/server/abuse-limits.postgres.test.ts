/**
 * The abuse limits hold across API processes (server:postgres only): TWO real API processes on one
 * PostgreSQL database, a burst of simultaneous orders and price simulations from one address spread
 * over both. Exactly the limit gets through: the counts live in rate_limit_windows, not in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiProcesses, freePort } from './helpers/api-processes.ts';
import { customerWith } from './helpers/customers.ts';
import { dayTicketSlot } from './helpers/day-ticket-slot.ts';
import { createTestShop, testDatabaseUrl, type TestShop } from './helpers/test-app.ts';

if (!testDatabaseUrl()) throw new Error('abuse-limits.postgres needs SHOP_TEST_DATABASE_URL (the server:postgres project)');

const PLACES_PER_HOUR = 10;
const SIMULATIONS_PER_MINUTE = 6;
const BURST = 30;

let shop: TestShop | undefined;
const processes = apiProcesses();
let ports: number[] = [];
let product = 0;
let plot = 0;

/** Fixed windows turn at the top of the minute and the hour: a burst must not straddle one. */
async function awayFromWindowEdge() {
  const second = new Date().getUTCSeconds();
  if (second > 50) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
}

function post(index: number, body: Record<string, unknown>) {
  return fetch(`http://127.0.0.1:${ports[index % ports.length]}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (response) => (response.status === 200 ? 'ok' : ((await response.json()) as { error: string }).error));
}

describe('abuse limits across two API processes', () => {
  beforeAll(async () => {
    shop = await createTestShop();
    ({ product, plot } = await dayTicketSlot(shop.db));
    ports = [await freePort(), await freePort()];
    const env = { ADDRESS_PLACES_PER_HOUR: String(PLACES_PER_HOUR), SIMULATIONS_PER_MINUTE: String(SIMULATIONS_PER_MINUTE) };
    for (const port of ports) await processes.start(port, env);
  }, 120_000);

  afterAll(async () => {
    await processes.stopAll();
    await shop?.close();
  });

  it('lets exactly ADDRESS_PLACES_PER_HOUR places through from one address', async () => {
    await awayFromWindowEdge();
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        post(index, { customer: customerWith(`burst-${index}@example.test`), orders: [{ product: { id: product, plot, quantity: 1 } }] }),
      ),
    );
    expect(answers.filter((answer) => answer === 'ok')).toHaveLength(PLACES_PER_HOUR);
    expect(answers.filter((answer) => answer === 'RATE_LIMITED')).toHaveLength(BURST - PLACES_PER_HOUR);
  }, 60_000);

  it('answers exactly SIMULATIONS_PER_MINUTE price simulations from one address', async () => {
    await awayFromWindowEdge();
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        post(index, { simulate: true, customer: customerWith('sim@example.test'), orders: [{ product: { id: product, plot, quantity: 1 } }] }),
      ),
    );
    expect(answers.filter((answer) => answer === 'ok')).toHaveLength(SIMULATIONS_PER_MINUTE);
    expect(answers.filter((answer) => answer === 'RATE_LIMITED')).toHaveLength(BURST - SIMULATIONS_PER_MINUTE);
  }, 90_000);
});
