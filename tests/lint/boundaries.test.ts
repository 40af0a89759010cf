/**
 * The import boundaries of eslint.config.js, checked with ESLint itself: small snippets linted as if
 * they lived at a given path (the files they import are real ones). A boundary that stops being
 * reported fails here, not in a review months later.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `filePath` (relative to the root). */
async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

const boundary = 'import-x/no-restricted-paths';

describe('import boundaries', () => {
  it.each([
    ['the server importing storefront lib code', 'server/modules/example/example.service.ts', "import { formatMoney } from '../../../src/lib/format.ts';"],
    ['the server importing a storefront component', 'server/example.ts', "import { Spinner } from '../src/components/spinner.tsx';"],
    ['the domain importing storefront lib code', 'src/domain/example.ts', "import { formatMoney } from '../lib/format.ts';"],
    ['the domain importing server code', 'src/domain/order/example.ts', "import { AppError } from '../../../server/errors.ts';"],
    ['a feature importing another feature', 'src/features/faq/components/example.tsx', "import { ProductRoute } from '../../product-order/route.tsx';"],
    ['a shared component importing a feature', 'src/components/example.tsx', "import { ProductRoute } from '../features/product-order/route.tsx';"],
    ['lib importing the app shell', 'src/lib/example.ts', "import { Layout } from '../app/layout.tsx';"],
    ['a feature importing the app shell', 'src/features/home/example.tsx', "import { Layout } from '../../app/layout.tsx';"],
    [
      'the server importing a storefront feature',
      'server/modules/example/example.routes.ts',
      "import { ProductRoute } from '../../../src/features/product-order/route.tsx';",
    ],
    ['the storefront importing the back office rules by the alias', 'src/lib/example.ts', "import { STAFF_ACCESS } from '#domain/backoffice/staff-roles.ts';"],
    ['a shared component importing the back office', 'src/components/example.tsx', "import { BackofficeApp } from '../backoffice/app.tsx';"],
    ['the storefront shell importing the back office', 'src/app/example.tsx', "import { BackofficeApp } from '../backoffice/app.tsx';"],
    [
      'the back office importing a storefront feature',
      'src/backoffice/pages/example.tsx',
      "import { ProductRoute } from '../../features/product-order/route.tsx';",
    ],
    ['the back office importing the storefront shell', 'src/backoffice/example.tsx', "import { Layout } from '../app/layout.tsx';"],
    ['the back office importing the payment dispatcher', 'src/backoffice/pages/example.tsx', "import { paymentPaths } from '../../payments/dispatcher.ts';"],
  ])('%s is an error', async (_case, filePath, code) => {
    expect(await ruleIdsFor(filePath, `${code}\nexport const used = [${usedName(code)}];\n`)).toContain(boundary);
  });

  it.each([
    ['react', "import { useState } from 'react';"],
    ['a node: module', "import { randomUUID } from 'node:crypto';"],
    ['any other package', "import { format } from 'date-fns';"],
  ])('the domain importing %s is an error', async (_case, code) => {
    expect(await ruleIdsFor('src/domain/example.ts', `${code}\nexport const used = [${usedName(code)}];\n`)).toContain('no-restricted-imports');
  });

  it.each([
    ['the server importing the domain', 'server/modules/example/example.service.ts', "import { toCents } from '../../../src/domain/money.ts';"],
    ['the server importing the domain by the alias', 'server/modules/example/example.service.ts', "import { toCents } from '#domain/money.ts';"],
    ['the domain importing zod', 'src/domain/example.ts', "import { z } from 'zod';"],
    ['the domain importing itself', 'src/domain/order/example.ts', "import { toCents } from '../money.ts';"],
    ['a feature importing its own files', 'src/features/product-order/components/example.tsx', "import { ProductRoute } from '../route.tsx';"],
    ['a feature importing components, lib and domain', 'src/features/faq/components/example.tsx', "import { Spinner } from '../../../components/spinner.tsx';"],
    ['the app importing a feature', 'src/app/example.tsx', "import { ProductRoute } from '../features/product-order/route.tsx';"],
    ['lib importing the domain', 'src/lib/example.ts', "import { toCents } from '../domain/money.ts';"],
    // The kit both apps share: the one API client and the one dialog.
    ['the back office importing the shared API client', 'src/backoffice/api/example.ts', "import { apiClient } from '../../lib/api-client.ts';"],
    ['the back office importing a shared component', 'src/backoffice/pages/example.tsx', "import { Modal } from '../../components/modal.tsx';"],
  ])('%s passes', async (_case, filePath, code) => {
    expect(await ruleIdsFor(filePath, `${code}\nexport const used = [${usedName(code)}];\n`)).toEqual([]);
  });
});

describe('server modules', () => {
  const entry = 'server-modules/public-entry';
  const moduleCycle = 'server-modules/no-module-cycle';

  it.each([
    ['a module importing a file of another module', 'server/modules/faq/example.ts', "import { loadShopLocale } from '../organisation/shop-locale.ts';"],
    ['a module importing a repository of another module', 'server/modules/tickets/example.ts', "import { findClient } from '../client/client.repo.ts';"],
    ['the composition root importing a service file', 'server/example.ts', "import { createFaqService } from './modules/faq/faq.service.ts';"],
    [
      'a plugin importing a file of a module',
      'server/plugins/example.ts',
      "import { createIdempotencyStore } from '../modules/idempotency/idempotency-store.ts';",
    ],
    [
      'a type-only import of a file of another module',
      'server/modules/vouchers/example.ts',
      "import type { ShopLocale } from '../organisation/shop-locale.ts';",
    ],
  ])('%s is an error', async (_case, filePath, code) => {
    expect(await ruleIdsFor(filePath, `${code}\nexport const used = [${usedName(code)}];\n`)).toContain(entry);
  });

  it.each([
    ['a module importing another module through its index.ts', 'server/modules/faq/example.ts', "import { loadShopLocale } from '../organisation/index.ts';"],
    ['the composition root importing a module through its index.ts', 'server/example.ts', "import { createFaqService } from './modules/faq/index.ts';"],
    ['a module importing its own files', 'server/modules/organisation/example.ts', "import { loadShopLocale } from './shop-locale.ts';"],
    [
      'a file in a module folder importing a sibling folder of the same module',
      'server/modules/catalogue/plots/example.ts',
      "import { textsIn } from '../reading.ts';",
    ],
    ['a module importing server/lib', 'server/modules/faq/example.ts', "import { PUBLIC_CACHE } from '../../lib/cache-control.ts';"],
  ])('%s passes', async (_case, filePath, code) => {
    expect(await ruleIdsFor(filePath, `${code}\nexport const used = [${usedName(code)}];\n`)).toEqual([]);
  });

  it('a module importing a module that imports it is an error, though no file imports the importer back', async () => {
    // The catalogue imports organisation (shop-locale), so organisation importing the catalogue closes a cycle.
    const code = "import { textsIn } from '../catalogue/index.ts';\nexport const used = [textsIn];\n";
    const [result] = await eslint.lintText(code, { filePath: path.join(root, 'server/modules/organisation/example.ts') });
    const messages = result?.messages ?? [];
    expect(messages.map((message) => message.ruleId)).toEqual([moduleCycle]);
    expect(messages[0]?.message).toMatch(
      /^Module cycle: modules\/organisation → modules\/catalogue → modules\/organisation \(for example server\/modules\/catalogue\/.+ imports server\/modules\/organisation\/.+\)/,
    );
  });

  it('a cycle through a plugin is an error, through a type-only import too', async () => {
    // The idempotency plugin imports the idempotency module: the module importing a plugin closes the cycle.
    const code = "import type { IdempotencyRouteOptions } from '../../plugins/idempotency.ts';\nexport type Used = IdempotencyRouteOptions;\n";
    const ids = await ruleIdsFor('server/modules/idempotency/example.ts', code);
    expect(ids).toContain(moduleCycle);
  });

  it('the other direction, a module that nothing in the importer depends on, passes', async () => {
    expect(
      await ruleIdsFor(
        'server/modules/catalogue/example.ts',
        "import { loadShopLocale } from '../organisation/index.ts';\nexport const used = [loadShopLocale];\n",
      ),
    ).toEqual([]);
  });
});

describe('file names', () => {
  it('a file name that is not kebab-case is an error', async () => {
    expect(await ruleIdsFor('src/lib/formatMoney.ts', 'export const one = 1;\n')).toContain('check-file/filename-naming-convention');
  });

  it('a kebab-case name with a role suffix passes', async () => {
    expect(await ruleIdsFor('server/modules/example/example-thing.service.ts', 'export const one = 1;\n')).toEqual([]);
  });
});

describe('import cycles', () => {
  let folder = '';
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'lint-cycle-'));
    await writeFile(path.join(folder, 'first.ts'), "import { second } from './second.ts';\nexport const first = (): number => second() + 1;\n");
    await writeFile(path.join(folder, 'second.ts'), "import { first } from './first.ts';\nexport const second = (): number => first() - 1;\n");
    await writeFile(
      path.join(folder, 'registry.ts'),
      "import { adapter } from './adapter.ts';\nexport interface Gateway { id: string }\nexport const gateways = [adapter];\n",
    );
    await writeFile(path.join(folder, 'adapter.ts'), "import type { Gateway } from './registry.ts';\nexport const adapter: Gateway = { id: 'test' };\n");
    await writeFile(path.join(folder, 'leaf.ts'), 'export const leaf = 1;\n');
    await writeFile(path.join(folder, 'user.ts'), "import { leaf } from './leaf.ts';\nexport const user = leaf + 1;\n");
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('modules importing each other are an error, through a type-only import too; a plain import is not', async () => {
    const inFolder = new ESLint({ cwd: folder, overrideConfigFile: path.join(root, 'eslint.config.js') });
    const results = await inFolder.lintFiles(['first.ts', 'second.ts', 'registry.ts', 'adapter.ts', 'user.ts', 'leaf.ts']);
    const ruleIds = Object.fromEntries(results.map((result) => [path.basename(result.filePath), result.messages.map((message) => message.ruleId)]));
    expect(ruleIds).toEqual({
      'first.ts': ['import-cycles/no-import-cycle'],
      'second.ts': ['import-cycles/no-import-cycle'],
      'registry.ts': ['import-cycles/no-import-cycle'],
      'adapter.ts': ['import-cycles/no-import-cycle'],
      'user.ts': [],
      'leaf.ts': [],
    });
    const [first] = results;
    expect(first?.messages[0]?.message).toBe('Import cycle: first.ts → second.ts → first.ts');
  });
});

/** The first imported name of a one-line import (type-only too), so the snippet uses it (no unused-variable noise). */
function usedName(importLine: string): string {
  const name = /import (?:type )?\{ (\w+)/.exec(importLine)?.[1];
  if (!name) throw new Error(`no named import in: ${importLine}`);
  return name;
}

describe('the shared rules alias', () => {
  it('outside src/domain, the shared rules are reached as #domain/…, never by a relative path', async () => {
    const { execFileSync } = await import('node:child_process');
    const { readFileSync } = await import('node:fs');
    const files = execFileSync('git', ['ls-files', 'src', 'server', 'tests', 'e2e', 'bench', 'scripts'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !file.startsWith('src/domain/'));
    const relative = /from '(?:\.\.?\/)+(?:src\/)?domain\//;
    const offenders = files.filter((file) => file !== 'tests/lint/boundaries.test.ts' && relative.test(readFileSync(path.join(root, file), 'utf8')));
    expect(files.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
