// npm test: the whole suite. First `npm run build` (the storefront and the compiled server), then side by side:
// Playwright (e2e/, against the build), and at a lower CPU priority the typecheck, ESLint, `prettier --check .` and
// vitest (tests/). The journeys are the long pole and leave the processor idle while a browser or a shop waits;
// the rest fills that time (nice 10: a journey gets the processor when it needs it). Each part's lines are printed
// as they come, prefixed with its name; a part that fails does not stop the others, and the run fails when any
// of them failed. `npm test -- --sequential` runs the same parts one after another.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';

const npm = process.env.npm_execpath;
const sequential = process.argv.includes('--sequential');
// The priority (nice 10) of the CPU-bound parts that run beside the journeys.
const BACKGROUND = 10;

/** Runs one npm script, its lines prefixed with its name; resolves true when it exits with 0. */
function run(script, { priority, env } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const options = { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } };
    const child = npm
      ? spawn(process.execPath, [npm, 'run', '--silent', script], options)
      : spawn('npm', ['run', '--silent', script], { ...options, shell: process.platform === 'win32' });
    // Set before the part starts its own processes, which inherit it.
    if (priority !== undefined && child.pid) {
      try {
        setPriority(child.pid, priority);
      } catch {
        // Not allowed here: the part runs at the normal priority.
      }
    }
    const prefix = `[${script}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(prefix + line + '\n');
      });
      stream.on('end', () => partial && process.stdout.write(prefix + partial + '\n'));
    }
    child.once('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n> ${script}: ${code === 0 ? 'ok' : `failed (exit code ${code})`} in ${seconds} s\n\n`);
      resolve(code === 0);
    });
  });
}

/** Runs the parts side by side (or one after another with --sequential); resolves each one's outcome. */
async function stage(parts) {
  if (!sequential) return Promise.all(parts.map(([script, options]) => run(script, options)));
  const outcomes = [];
  for (const [script, options] of parts) outcomes.push(await run(script, options));
  return outcomes;
}

const runStarted = performance.now();
const [built] = await stage([['build']]);
const background = { priority: sequential ? undefined : BACKGROUND };
const rest = [
  ['typecheck', background],
  ['lint:eslint', background],
  ['format:check', background],
  ['test:unit', background],
];
let outcomes;
if (sequential) {
  outcomes = await stage(built ? [...rest, ['test:e2e:run']] : rest);
} else {
  // The journeys first: their shops and fakes start (e2e/serve-all.mjs writes the ready file once all are up,
  // or the run ends), then the rest beside them, so the shops' start-up does not compete with it.
  const scratch = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const ready = join(scratch, 'e2e-servers-ready');
  let journeysEnded = false;
  const journeys = built ? run('test:e2e:run', { env: { E2E_READY_FILE: ready } }).finally(() => (journeysEnded = true)) : Promise.resolve(true);
  while (built && !journeysEnded && !existsSync(ready)) await new Promise((resolve) => setTimeout(resolve, 250));
  outcomes = await Promise.all([journeys, ...rest.map(([script, options]) => run(script, options))]);
  rmSync(scratch, { recursive: true, force: true });
}
// Without a build there is nothing for the journeys to run against; every other part runs all the same.
if (!built) process.stdout.write('> test:e2e:run: not run, the build failed\n');
const passed = built && outcomes.every(Boolean);
const minutes = ((performance.now() - runStarted) / 60_000).toFixed(1);
process.stdout.write(`> npm test: ${passed ? 'passed' : 'FAILED'} in ${minutes} min\n`);
process.exit(passed ? 0 : 1);
