/**
 * The Node minimum is stated once (package.json engines.node), checked at start
 * (scripts/check-node.mjs), said in the README, and every dependency whose own engines exclude it
 * is a known, reviewed exception (their code runs on Node 20.19+; the suite runs on Node 20).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const minimum = pkg.engines.node.replace(/^>=/, '');

type Version = [number, number, number];
const parse = (text: string): Version => {
  const [major = 0, minor = 0, patch = 0] = text
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
  return [major, minor, patch];
};
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Enough of npm's range grammar for engines fields: `||` of space-separated >=, >, <=, <, ^, ~, = and x-ranges. */
function satisfies(version: string, range: string): boolean {
  const have = parse(version);
  return range.split('||').some((alternative) =>
    alternative
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => {
        const [, op = '', raw = ''] = /^(>=|<=|>|<|\^|~|=)?\s*(.*)$/.exec(comparator) ?? [];
        if (raw === '*' || raw === 'x') return true;
        const want = parse(raw);
        const order = compare(have, want);
        if (op === '>=') return order >= 0;
        if (op === '>') return order > 0;
        if (op === '<=') return order <= 0;
        if (op === '<') return order < 0;
        if (op === '^') return order >= 0 && have[0] === want[0];
        if (op === '~') return order >= 0 && have[0] === want[0] && have[1] === want[1];
        const parts = raw.split('.').length;
        return have.slice(0, parts).every((part, index) => part === want[index]);
      }),
  );
}

/** Declare Node 22 in their engines but run on 20.19+ (require(esm)); reviewed for issue 12. */
const REVIEWED_NODE_22_ONLY = ['@axe-core/playwright', 'content-disposition', 'cookie', 'sanitize-html'];

describe('Node version', () => {
  it('is one minimum: package.json engines, the README and the running Node agree', () => {
    expect(pkg.engines.node).toBe('>=20.19');
    expect(readFileSync('README.md', 'utf8')).toContain('Node 20.19+');
    expect(satisfies(process.versions.node, pkg.engines.node)).toBe(true);
  });

  it('reads engines ranges as npm does', () => {
    expect(satisfies('20.19.0', '^20.19.0 || ^22.12.0 || >=24.0.0')).toBe(true);
    expect(satisfies('20.19.0', '>=22')).toBe(false);
    expect(satisfies('20.19.0', '>=23.5.0 || ^22.13.0 || ^20.17.0')).toBe(true);
    expect(satisfies('20.19.0', '>= 18')).toBe(true);
    expect(satisfies('20.19.0', '18 || 20')).toBe(true);
    expect(satisfies('20.19.0', '^18.17.0')).toBe(false);
  });

  it('lists every dependency whose declared engines exclude the minimum', () => {
    const excluding = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !Array.isArray(entry.engines) && entry.engines?.node && !satisfies(minimum, entry.engines.node))
      .map(([path]) => path.replace(/^.*node_modules\//, ''));
    expect([...new Set(excluding)].sort()).toEqual(REVIEWED_NODE_22_ONLY);
  });

  it('npm start and npm run dev refuse an older Node before starting', async () => {
    for (const script of ['scripts/ensure-build.mjs', 'scripts/dev.mjs']) expect(readFileSync(script, 'utf8')).toMatch(/^import '\.\/check-node\.mjs';$/m);
    const checkNode = new URL('../../scripts/check-node.mjs', import.meta.url).href;
    const { nodeIsSupported } = (await import(/* @vite-ignore */ checkNode)) as { nodeIsSupported(version: { major: number; minor: number }): boolean };
    expect(nodeIsSupported({ major: 20, minor: 18 })).toBe(false);
    expect(nodeIsSupported({ major: 20, minor: 19 })).toBe(true);
    expect(nodeIsSupported({ major: 22, minor: 0 })).toBe(true);
    expect(nodeIsSupported({ major: 18, minor: 30 })).toBe(false);
  });
});
