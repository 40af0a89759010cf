// npm test: the whole suite in three steps, each waiting for the one before:
//   1. the typecheck, ESLint, `prettier --check .` and `npm run build` side by side (each a single process);
//   2. vitest (tests/), which spreads its files over every core itself;
//   3. Playwright (e2e/) against the build, three journeys at a time.
// The journeys keep both cores busy on their own (a browser and a shop per lane), so running them beside
// vitest only slows both. Each part's lines are printed as they come, prefixed with its name; a failed part does
// not stop the others (but a failed build skips the journeys), and the run fails when any of them failed.
import { spawn } from 'node:child_process';

const npm = process.env.npm_execpath;

/** Runs one npm script, its lines prefixed with its name; resolves true when it exits with 0. */
function run(script) {
  return new Promise((resolve) => {
    const started = performance.now();
    const options = { stdio: ['ignore', 'pipe', 'pipe'] };
    const child = npm
      ? spawn(process.execPath, [npm, 'run', '--silent', script], options)
      : spawn('npm', ['run', '--silent', script], { ...options, shell: process.platform === 'win32' });
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

const started = performance.now();
const checks = await Promise.all(['typecheck', 'lint:eslint', 'format:check', 'build'].map(run));
const built = checks.at(-1);
const unit = await run('test:unit');
const journeys = built ? await run('test:e2e:run') : false;
if (!built) process.stdout.write('> test:e2e:run: not run, the build failed\n');
const passed = checks.every(Boolean) && unit && journeys;
const minutes = ((performance.now() - started) / 60_000).toFixed(1);
process.stdout.write(`> npm test: ${passed ? 'passed' : 'FAILED'} in ${minutes} min\n`);
process.exit(passed ? 0 : 1);
