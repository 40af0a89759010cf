// No import cycles, type-only imports included. import-x's no-cycle skips `import type`, but a
// registry that imports its adapters while they import the registry's interface is still two
// modules that cannot be understood (or moved) one without the other. Relative specifiers only:
// this repository has no path aliases, and packages cannot import back into it.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const extensions = ['.ts', '.tsx', '.js', '.mjs', '.cjs'];

/** @type {Map<string, { mtimeMs: number, imports: string[] }>} the relative imports of every file read so far */
const importsOnDisk = new Map();

/** Every module specifier of `text` (static, type-only, re-exports and `import()`) with its position. */
export function specifiersOf(text) {
  return ts.preProcessFile(text, true, false).importedFiles;
}

function fileAt(candidate) {
  try {
    return statSync(candidate).isFile() ? candidate : null;
  } catch {
    return null;
  }
}

/** The shared rules' alias (package.json `imports`): `#domain/x.ts` is src/domain/x.ts. */
const DOMAIN_ALIAS = '#domain/';
const domainFolder = path.resolve(import.meta.dirname, '../src/domain');

/** The file a relative (or `#domain/`) specifier names, or null (a package, a stylesheet that is not there, ...). */
export function resolveRelative(fromFile, specifier) {
  const aliased = specifier.startsWith(DOMAIN_ALIAS);
  if (!aliased && !specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const target = aliased ? path.join(domainFolder, specifier.slice(DOMAIN_ALIAS.length)) : path.resolve(path.dirname(fromFile), specifier);
  const found = fileAt(target) ?? extensions.map((extension) => fileAt(target + extension)).find(Boolean);
  return found && extensions.includes(path.extname(found)) ? found : null;
}

export function importsOf(file) {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsOnDisk.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.imports;
  const imports = specifiersOf(readFileSync(file, 'utf8'))
    .map(({ fileName }) => resolveRelative(file, fileName))
    .filter((target) => target !== null);
  importsOnDisk.set(file, { mtimeMs, imports });
  return imports;
}

/** The shortest chain of imports from `start` back to `file`, or null when there is none. */
function chainBack(start, file) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  for (let index = 0; index < queue.length; index += 1) {
    const current = queue[index];
    for (const next of importsOf(current)) {
      if (next === file) {
        const chain = [current];
        for (let step = cameFrom.get(current); step; step = cameFrom.get(step)) chain.unshift(step);
        return chain;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles, type-only imports included' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}' },
  },
  create(context) {
    const file = context.physicalFilename;
    // Text linted without a file name has no place in the import graph.
    if (!path.isAbsolute(file)) return {};
    const root = context.cwd;
    const name = (target) => path.relative(root, target);
    return {
      Program() {
        const { text } = context.sourceCode;
        const reported = new Set();
        for (const { fileName, pos, end } of specifiersOf(text)) {
          const target = resolveRelative(file, fileName);
          if (target === null || target === file || reported.has(target)) continue;
          const chain = chainBack(target, file);
          if (chain === null) continue;
          reported.add(target);
          context.report({
            loc: { start: context.sourceCode.getLocFromIndex(pos), end: context.sourceCode.getLocFromIndex(end) },
            messageId: 'cycle',
            data: { chain: [file, ...chain, file].map(name).join(' → ') },
          });
        }
      },
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
