// `npm run dev`: the API on :3001 (restarting on change) and Vite on :5173, which proxies /api to it
// and serves public/ (the catalogue images under /images) itself.
import './check-node.mjs';
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env, PORT: process.env.API_PORT ?? '3001', STATIC_DIR: '' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];

function stop(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
