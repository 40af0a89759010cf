/**
 * `npm run dev` shows the catalogue's images: Vite's dev server (with the project's own config)
 * answers /images/* from public/images instead of proxying them to the API, which serves none.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';

const PORT = 5421;
let server: ViteDevServer;

beforeAll(async () => {
  server = await createServer({ configFile: 'vite.config.ts', logLevel: 'silent', server: { port: PORT, strictPort: true, host: '127.0.0.1' } });
  await server.listen();
});
afterAll(async () => {
  await server?.close();
});

describe('npm run dev', () => {
  it('does not hand /images to the API proxy', () => {
    expect(Object.keys(server.config.server.proxy ?? {})).toEqual(['/api']);
  });

  it('serves every image the demo seed refers to, as SVG', async () => {
    const seedFiles = readdirSync('server/db/seed', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const referenced = new Set(seedFiles.flatMap((file) => readFileSync(`server/db/seed/${file}`, 'utf8').match(/\/images\/[a-z0-9-]+\.svg/g) ?? []));
    const files = readdirSync('public/images').map((file) => `/images/${file}`);
    expect(referenced.size).toBeGreaterThan(3);
    for (const path of new Set([...referenced, ...files])) {
      const response = await fetch(`http://127.0.0.1:${PORT}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^image\/svg\+xml/);
      expect(await response.text(), path).toContain('<svg');
    }
  });
});
