// Runs the npm scripts named as arguments at the same time (each is one single-threaded process, and the
// machine has more than one core), printing each one's output when it ends; fails when any of them fails.
import { spawn } from 'node:child_process';

const npm = process.env.npm_execpath;
const results = await Promise.all(
  process.argv.slice(2).map(
    (script) =>
      new Promise((resolve) => {
        const started = performance.now();
        const child = npm
          ? spawn(process.execPath, [npm, 'run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
          : spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.once('close', (code) => {
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          process.stdout.write(`\n> ${script}: ${code === 0 ? 'ok' : `failed (exit code ${code})`} in ${seconds} s\n${output}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
