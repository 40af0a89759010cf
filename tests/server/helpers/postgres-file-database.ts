/**
 * server:postgres setup file (vitest.config.ts, setupFiles): each test file gets a PostgreSQL database of
 * its own, so that files run side by side. SHOP_TEST_DATABASE_URL names it for the file (test-app.ts,
 * api-processes.ts); every test shop recreates it from a template (test-databases.ts). Dropped after the file.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { databaseUrl, onAdminDatabase } from './test-databases.ts';

const adminUrl = process.env.SHOP_TEST_ADMIN_DATABASE_URL;
if (!adminUrl) throw new Error('the server:postgres project needs SHOP_TEST_ADMIN_DATABASE_URL');

const name = `${inject('postgresRunPrefix')}_f${randomBytes(4).toString('hex')}`;
await onAdminDatabase(adminUrl, (admin) => admin.query(`create database "${name}"`));
process.env.SHOP_TEST_DATABASE_URL = databaseUrl(adminUrl, name);

afterAll(async () => {
  await onAdminDatabase(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
});
