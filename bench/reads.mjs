#!/usr/bin/env node
/**
 * npm run bench:reads — catalogue read speed against a yardstick, loopback only.
 * Creates a throw-away PostgreSQL database (admin URL from BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres → BENCH_DATABASE_PREFIX, default shop_bench, + _reads_<pid>), starts ONE API process on
 * it (demo shop seeded, port BENCH_PORT, default 4340) and fetches once, as the storefront does
 * (Accept-Language: en), GET /api/organisation, /api/home/products, /api/products/{id} of the product with the
 * most slots and its 60-day plots (the storefront's query: one ticket of its first audience, filterFrom
 * today, filterUntil 59 days on). A bare node:http server (bench/bare-server.mjs, port BENCH_PORT+1)
 * then serves exactly those bytes and headers from memory. For each route, autocannon puts
 * BENCH_CONNECTIONS keep-alive connections (default 100) on the API, then on the bare server,
 * for BENCH_SECONDS (default 5) or BENCH_REQUESTS requests (default 200,000), whichever comes first,
 * after a one-second warm-up of each, in BENCH_ROUNDS alternating rounds (default 2; each side's
 * best round counts, as the machine may be busy). Prints req/s, p50/p99 and the API/bare ratio per route, and
 * fails (exit 1) below the targets or on any non-2xx answer. Drops the database after.
 */
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { productionEnv, startShop, throwAwayDatabase } from './shop-server.mjs';

const env = process.env;
// Below the ephemeral range (32768+), so no outgoing connection can hold one of them.
const apiPort = Number(env.BENCH_PORT || 4340);
const barePort = apiPort + 1;
const connections = Number(env.BENCH_CONNECTIONS || 100);
const seconds = Number(env.BENCH_SECONDS || 5);
const maxRequests = Number(env.BENCH_REQUESTS || 200_000);
const rounds = Number(env.BENCH_ROUNDS || 2);
const warmUpSeconds = 1;
/** The storefront's request headers (src/lib/api-client.ts, axios). */
const requestHeaders = { accept: 'application/json, text/plain, */*', 'accept-language': 'en' };
/** Answer headers worth copying: those that change what a client does with the bytes. */
const copiedHeaders = ['content-type', 'cache-control', 'vary'];
const TARGETS = { organisation: 0.4, 'home/products': 0.4, 'products/{id}': 0.4, 'products/{id}/plots': 0.15 };

const database = throwAwayDatabase(`${env.BENCH_DATABASE_PREFIX || 'shop_bench'}_reads_${process.pid}`);
/** The API and the bare server: stopped at the end. */
const stops = [];

async function startApi() {
  const shop = await startShop({
    port: apiPort,
    staticDir: '',
    databaseUrl: database.url,
    env: productionEnv,
  });
  stops.push(shop.stop);
}

async function startBare(answers) {
  const child = fork(new URL('./bare-server.mjs', import.meta.url), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  stops.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
    child.send({ port: barePort, answers });
  });
}

async function stopChildren() {
  await Promise.all(stops.map((stop) => stop()));
}

async function fetchOnce(path) {
  const response = await fetch(`http://127.0.0.1:${apiPort}${path}`, { headers: requestHeaders });
  const body = Buffer.from(await response.arrayBuffer());
  // The bare server answers the body as text (see bare-server.mjs): it must survive the round trip.
  if (!Buffer.from(body.toString('utf8'), 'utf8').equals(body)) throw new Error(`GET ${path} answered bytes that are not UTF-8 text`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${body.toString().slice(0, 200)}`);
  const headers = Object.fromEntries(copiedHeaders.filter((name) => response.headers.has(name)).map((name) => [name, response.headers.get(name)]));
  return { status: response.status, headers, body };
}

/** YYYY-MM-DD of a day `offset` days from today, in the shop's timezone. */
function shopDay(timezone, offset) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
}

function load(port, path, duration, amount) {
  return autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections,
    pipelining: 1,
    duration,
    maxOverallRequests: amount,
    headers: requestHeaders,
    timeout: 30,
  });
}

async function measureOnce(port, path) {
  const result = await load(port, path, seconds, maxRequests);
  const ok = result['2xx'];
  return { rate: ok / result.duration, p50: result.latency.p50, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts };
}

/**
 * Both sides warmed up, then measured in alternating rounds (API first, then bare first, ...);
 * each side's best round counts, so a burst of other load on the machine hurts neither side alone.
 */
async function measurePair(path) {
  await load(apiPort, path, warmUpSeconds, maxRequests);
  await load(barePort, path, warmUpSeconds, maxRequests);
  const runs = { api: [], bare: [] };
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? ['api', 'bare'] : ['bare', 'api'];
    for (const side of order) runs[side].push(await measureOnce(side === 'api' ? apiPort : barePort, path));
  }
  const best = (list) => ({
    ...list.reduce((a, b) => (b.rate > a.rate ? b : a)),
    bad: list.reduce((sum, run) => sum + run.bad, 0),
    rates: list.map((run) => run.rate.toFixed(0)).join(', '),
  });
  return { api: best(runs.api), bare: best(runs.bare) };
}

let exitCode = 0;
await database.create();
try {
  await startApi();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // The product with the most slots (the demo's aquarium entry: seven a day).
  const [{ id: productId, slug, count }] = (
    await pool.query(
      `select pr.id, pr.slug, count(p.id)::int as count from products pr join plots p on p.product_id = pr.id group by pr.id order by count desc, pr.id limit 1`,
    )
  ).rows;
  await pool.end();

  const organisation = JSON.parse((await fetchOnce('/api/organisation')).body);
  const product = JSON.parse((await fetchOnce(`/api/products/${productId}`)).body);
  const audience = product.audiences.find((candidate) => !candidate.hidden);
  const order = audience ? `order%5Baudiences%5D%5B0%5D%5Bid%5D=${audience.id}&order%5Baudiences%5D%5B0%5D%5Bquantity%5D=1` : 'order%5Bquantity%5D=1';
  const window = `filterFrom=${shopDay(organisation.timezone, 0)}&filterUntil=${shopDay(organisation.timezone, 59)}`;
  const routes = {
    organisation: '/api/organisation',
    'home/products': '/api/home/products',
    'products/{id}': `/api/products/${productId}`,
    'products/{id}/plots': `/api/products/${productId}/plots?${order}&${window}`,
  };

  const answers = {};
  for (const path of Object.values(routes)) {
    const answer = await fetchOnce(path);
    answers[path] = { ...answer, body: answer.body.toString('base64') };
  }
  await startBare(answers);

  console.log(
    `reads bench: 1 API process on PostgreSQL vs a bare node:http server with the same bytes; autocannon, ${connections} keep-alive connections, ${seconds} s or ${maxRequests} requests per run, best of ${rounds} alternating runs per side`,
  );
  console.log(`  product ${productId} (${slug}, ${count} plots); plots ${window}`);
  for (const [name, path] of Object.entries(routes)) {
    const { api, bare } = await measurePair(path);
    const ratio = api.rate / bare.rate;
    const size = (Buffer.from(answers[path].body, 'base64').length / 1024).toFixed(1);
    const pass = ratio >= TARGETS[name] && api.bad === 0 && bare.bad === 0;
    if (!pass) exitCode = 1;
    console.log(`  ${name.padEnd(20)} ${size.padStart(6)} kB`);
    console.log(
      `    API  ${api.rate.toFixed(0).padStart(7)} req/s  p50 ${String(api.p50).padStart(5)} ms  p99 ${String(api.p99).padStart(5)} ms  (runs: ${api.rates} req/s)${api.bad ? `  FAILED ANSWERS ${api.bad}` : ''}`,
    );
    console.log(
      `    bare ${bare.rate.toFixed(0).padStart(7)} req/s  p50 ${String(bare.p50).padStart(5)} ms  p99 ${String(bare.p99).padStart(5)} ms  (runs: ${bare.rates} req/s)${bare.bad ? `  FAILED ANSWERS ${bare.bad}` : ''}`,
    );
    console.log(`    ratio API/bare = ${ratio.toFixed(2)} (target ≥ ${TARGETS[name]}) ${pass ? 'ok' : 'FAIL'}`);
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stopChildren();
  await database.drop();
}
process.exit(exitCode);
