// The server's module boundaries. A module is a folder of server/modules; the
// other folders of server/ (db, lib, payments, plugins, security, ...) are one unit each, and each
// file directly in server/ is its own.
//
// - public-entry: from outside a module, only its index.ts is imported, never one of its files.
// - no-module-cycle: no two units import each other, directly or through others, even when no
//   single file takes part in a file-level cycle (that one is no-import-cycle's).
//
// Type-only imports count too. Relative specifiers only, as in no-import-cycle.js.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { importsOf, resolveRelative, specifiersOf } from './no-import-cycle.js';

const sourceFile = /\.(ts|tsx|js|mjs|cjs)$/;

/** The unit of `file` inside `server`, or null for a file outside it. */
function unitOf(server, file) {
  const relative = path.relative(server, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0] : relative;
}

function filesUnder(folder, found = []) {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'migrations' && entry.name !== 'node_modules') filesUnder(full, found);
    } else if (sourceFile.test(entry.name)) found.push(full);
  }
  return found;
}

/** Unit → the units it imports, with one file-to-file import that shows each edge. */
function unitGraph(server, currentFile, currentImports) {
  const graph = new Map();
  const files = filesUnder(server);
  if (!files.includes(currentFile)) files.push(currentFile);
  for (const file of files) {
    const from = unitOf(server, file);
    const edges = graph.get(from) ?? new Map();
    graph.set(from, edges);
    for (const target of file === currentFile ? currentImports : importsOf(file)) {
      const to = unitOf(server, target);
      if (to !== null && to !== from && !edges.has(to)) edges.set(to, { file, target });
    }
  }
  return graph;
}

/** The shortest chain of units from `start` to `goal`, or null. */
function unitChain(graph, start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  for (let index = 0; index < queue.length; index += 1) {
    const current = queue[index];
    if (current === goal) {
      const chain = [];
      for (let step = current; step !== null; step = cameFrom.get(step)) chain.unshift(step);
      return chain;
    }
    for (const next of graph.get(current)?.keys() ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

/** The relative imports of the text being linted, resolved, with their positions. */
function importsInText(context, file) {
  return specifiersOf(context.sourceCode.text)
    .map(({ fileName, pos, end }) => ({ fileName, pos, end, target: resolveRelative(file, fileName) }))
    .filter(({ target }) => target !== null);
}

const locOf = (context, pos, end) => ({ start: context.sourceCode.getLocFromIndex(pos), end: context.sourceCode.getLocFromIndex(end) });

/** @type {import('eslint').Rule.RuleModule} */
export const publicEntry = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another server module only through its index.ts, never one of its files' },
    schema: [],
    messages: {
      internal:
        "{{file}} is inside the {{module}} module: import it from {{entry}}, the module's public entry (re-export it there if it is meant for other modules).",
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    const modules = path.join(context.cwd, 'server', 'modules');
    const moduleOf = (target) => {
      const relative = path.relative(modules, target);
      if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
      const parts = relative.split(path.sep);
      return parts.length > 1 ? parts[0] : null;
    };
    const inServer = !path.relative(path.join(context.cwd, 'server'), file).startsWith('..');
    if (!inServer) return {};
    const own = moduleOf(file);
    return {
      Program() {
        for (const { target, pos, end } of importsInText(context, file)) {
          const module = moduleOf(target);
          if (module === null || module === own) continue;
          const entry = path.join(modules, module, 'index.ts');
          if (target === entry) continue;
          context.report({
            loc: locOf(context, pos, end),
            messageId: 'internal',
            data: { file: path.relative(context.cwd, target), module, entry: path.relative(context.cwd, entry) },
          });
        }
      },
    };
  },
};

/** @type {import('eslint').Rule.RuleModule} */
export const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow server modules (and the other folders of server/) importing each other, directly or through others' },
    schema: [],
    messages: { cycle: 'Module cycle: {{chain}} (for example {{example}}). Move the shared piece to the module that owns it, or to server/lib or src/domain.' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    const server = path.join(context.cwd, 'server');
    const own = unitOf(server, file);
    if (own === null) return {};
    return {
      Program() {
        const imports = importsInText(context, file);
        const graph = unitGraph(
          server,
          file,
          imports.map(({ target }) => target),
        );
        const reported = new Set();
        for (const { target, pos, end } of imports) {
          const unit = unitOf(server, target);
          if (unit === null || unit === own || reported.has(unit)) continue;
          const back = unitChain(graph, unit, own);
          if (back === null) continue;
          reported.add(unit);
          const [, next] = back;
          const edge = graph.get(unit)?.get(next);
          context.report({
            loc: locOf(context, pos, end),
            messageId: 'cycle',
            data: {
              chain: [own, ...back].join(' → '),
              example: edge ? `${path.relative(context.cwd, edge.file)} imports ${path.relative(context.cwd, edge.target)}` : '',
            },
          });
        }
      },
    };
  },
};

export default { rules: { 'public-entry': publicEntry, 'no-module-cycle': noModuleCycle } };
