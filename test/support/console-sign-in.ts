import type { Page } from 'playwright-core';
import { ADMIN_TOKEN } from './payments-gateway.js';

/** Signs in to the console at `adminUrl` through its form, as an operator does; lands on its search page. */
export async function signInToConsole(page: Page, adminUrl: string): Promise<void> {
  await page.goto(`${adminUrl}/console/sign-in`);
  await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${adminUrl}/console`);
}
