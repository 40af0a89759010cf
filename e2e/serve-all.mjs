// Starts every server of an e2e run at once (playwright.config.ts hands the list over in E2E_SERVERS) and answers
// GET /health on PORT once all of them answer their own health URL. Playwright starts its webServer entries one after
// another, each polled with a growing back-off: ten shops and fakes took about 80 s that way on 2 cores, with one core
// mostly idle; side by side (the two demo-shop templates prepared at the same time, then the copies) they take a
// fraction of it. A server that exits, or is not up within the timeout, stops the whole set (Playwright then reports
// the launcher as gone); SIGTERM/SIGINT stop every child. The children stay in the launcher's process group, which
// Playwright kills as a whole at the end of the run (a child of its own group would outlive it and hold its pipes).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import pg from 'pg';

/** @type {{ name: string, command: string, url: string, env?: Record<string, string> }[]} */
const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
const port = Number(process.env.PORT);
const timeoutMs = Number(process.env.E2E_SERVERS_TIMEOUT_MS ?? 120_000);
if (!port || servers.length === 0) throw new Error('serve-all.mjs needs PORT and E2E_SERVERS (see playwright.config.ts)');

const up = (url) =>
  fetch(url)
    .then((response) => response.ok)
    .catch(() => false);

// As Playwright's reuseExistingServer: false: a port already answering is a leftover of another run.
for (const server of servers) if (await up(server.url)) throw new Error(`${server.url} (${server.name}) is already in use`);

const children = [];
let stopping = false;

/** The run's PostgreSQL databases (e2e/serve-shop.mjs), dropped once their shops have stopped. */
async function dropDatabases() {
  const adminUrl = process.env.E2E_DATABASE_URL;
  const prefix = process.env.E2E_DATABASE_PREFIX;
  if (!adminUrl || !prefix) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    const { rows } = await admin.query('select datname from pg_database where starts_with(datname, $1)', [`${prefix}_`]);
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  } catch (error) {
    process.stderr.write(`[serve-all] the run's databases (${prefix}_*) were not all dropped: ${error.message}\n`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  const exited = children
    .filter((child) => child.exitCode === null && child.signalCode === null)
    .map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  // Playwright waits for this exit (webServer.gracefulShutdown) before it kills what is left.
  void Promise.race([Promise.all(exited), new Promise((resolve) => setTimeout(resolve, 3000))])
    .then(dropDatabases)
    .finally(() => process.exit(code));
}
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

const started = performance.now();
let ready = false;
await Promise.all(
  servers.map(async (server) => {
    const { env, ...rest } = server;
    const child = spawn(`exec ${rest.command}`, {
      shell: true,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PORT: undefined, ...env },
    });
    children.push(child);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      process.stderr.write(`[serve-all] ${server.name} exited (${signal ?? code})${ready ? '' : ' before it was up'}\n`);
      stop(1);
    });
    for (;;) {
      if (await up(server.url)) break;
      if (performance.now() - started > timeoutMs) {
        process.stderr.write(`[serve-all] ${server.name} not up at ${server.url} after ${timeoutMs} ms\n`);
        stop(1);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (process.env.E2E_SERVERS_LOG) process.stderr.write(`[serve-all] ${server.name} up in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }),
);
ready = true;
if (process.env.E2E_SERVERS_LOG) process.stderr.write(`[serve-all] all ${servers.length} up in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
createServer((request, response) => {
  response.writeHead(request.url === '/health' ? 200 : 404).end();
}).listen(port, '127.0.0.1');
