import { defineConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Server suites run on PGlite always, and on PostgreSQL too when DATABASE_URL names a
// throw-away database (its schema is dropped and recreated by each test file).
const postgresUrl = process.env.DATABASE_URL;

const serverProject = (name: string, groupOrder: number, env: Record<string, string>) => ({
  test: {
    name,
    environment: 'node',
    include: ['tests/server/**/*.test.ts'],
    // *.postgres.test.ts need a real server shared by several processes: PostgreSQL only.
    exclude: name === 'server:pglite' ? ['tests/server/**/*.postgres.test.ts'] : [],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One shared PostgreSQL database: files take turns. PGlite files each get their own database.
    fileParallelism: name === 'server:pglite',
    maxWorkers: 2,
    sequence: { groupOrder },
  },
});

export default defineConfig({
  ...viteConfig,
  test: {
    projects: [
      { test: { name: 'domain', environment: 'node', include: ['tests/domain/**/*.test.ts', 'tests/server-rules/**/*.test.ts'], sequence: { groupOrder: 0 } } },
      // ESLint's own API on snippets: the import boundaries and naming rules of eslint.config.js.
      { test: { name: 'lint', environment: 'node', include: ['tests/lint/**/*.test.ts'], testTimeout: 30_000, sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['tests/components/**/*.test.tsx'],
          setupFiles: ['tests/components/setup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      serverProject('server:pglite', 2, { SHOP_TEST_DATABASE_URL: '' }),
      ...(postgresUrl ? [serverProject('server:postgres', 3, { SHOP_TEST_DATABASE_URL: postgresUrl })] : []),
    ],
  },
});
