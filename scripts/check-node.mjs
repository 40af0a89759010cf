// The Node version the shop needs, checked before `npm start` and `npm run dev` start anything:
// package.json's engines.node (>=20.19: the first Node 20 that loads ES modules with require(),
// which Vite 8, sanitize-html's parser and Fastify's plugins rely on). Some dependencies declare
// `>=22` in their own engines (npm warns EBADENGINE at install): their code runs on 20.19+ and the
// suite runs on Node 20 in CI; tests/lint/node-version.test.ts keeps that list explicit.
import { readFileSync } from 'node:fs';

const required = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const [minMajor, minMinor] = /^>=(\d+)\.(\d+)$/.exec(required)?.slice(1).map(Number) ?? [0, 0];
const [major, minor] = process.versions.node.split('.').map(Number);

export function nodeIsSupported(version = { major, minor }) {
  return version.major > minMajor || (version.major === minMajor && version.minor >= minMinor);
}

if (!nodeIsSupported()) {
  console.error(`This shop needs Node ${required}; this is Node ${process.versions.node}. Please upgrade Node (22 LTS recommended).`);
  process.exit(1);
}
