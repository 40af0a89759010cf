/** The back office's demo staff (server/db/seed/demo-staff.ts) and signing in as one, for *.backoffice.spec.ts. */
import { expect, type Page } from '@playwright/test';

export interface StaffAccount {
  email: string;
  password: string;
}

export const STAFF = {
  owner: { email: 'owner@tidewater.example', password: 'tidewater-owner' },
  manager: { email: 'manager@tidewater.example', password: 'tidewater-manager' },
  boxOffice: { email: 'boxoffice@tidewater.example', password: 'tidewater-boxoffice' },
  gate: { email: 'gate@tidewater.example', password: 'tidewater-gate' },
} as const satisfies Record<string, StaffAccount>;

/** Signs in on /backoffice/ and waits for the start page. */
export async function signIn(page: Page, account: StaffAccount): Promise<void> {
  await page.goto('/backoffice/');
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
}
