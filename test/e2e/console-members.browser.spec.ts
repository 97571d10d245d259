import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.js';
import { signInToConsole } from '../support/console-sign-in.js';
import { ADMIN_TOKEN, call, startGateway, type TestGateway } from '../support/payments-gateway.js';

const SCREENSHOTS = 'docs/console';
const ADMIN = `Bearer ${ADMIN_TOKEN}`;

interface ApiKeyRow {
  readonly id: string;
  readonly revokedDateTime?: string;
}

/** An Ed25519 public key as its raw 32 bytes, base64url (the last 32 bytes of its SPKI DER). */
function ed25519PublicKey(): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  return publicKey.export({ type: 'spki', format: 'der' }).subarray(-32).toString('base64url');
}

describe('operations console: members and sandbox (admin port, Chromium)', () => {
  let gateway: TestGateway;
  let browser: Browser;

  beforeAll(async () => {
    gateway = await startGateway();
    browser = await launchChromium();
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  const signIn = (page: Page): Promise<void> => signInToConsole(page, gateway.adminUrl);

  /** Whether an API key authenticates on the public API. */
  async function authenticates(memberId: string, apiKey: string): Promise<number> {
    return (await call(`${gateway.apiUrl}/member/${encodeURIComponent(memberId)}/keys`, 'GET', `Basic ${apiKey}`))
      .status;
  }

  async function apiKeys(memberId: string): Promise<ApiKeyRow[]> {
    const answer = await call<{ keys: ApiKeyRow[] }>(
      `${gateway.adminUrl}/admin/members/${encodeURIComponent(memberId)}/api-keys`,
      'GET',
      ADMIN,
    );
    expect(answer.status).toBe(200);
    return answer.body.keys;
  }

  it('creates a member, shows its keys once, issues and revokes keys, changes a flag, registers and revokes a member key', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page);

    await page.getByRole('link', { name: 'Members' }).click();
    await page.waitForURL(`${gateway.adminUrl}/console/members`);
    await page.getByLabel('Name').fill('Console Payments Ltd');
    await page.getByLabel('Reseller').check();
    const [created] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.getByRole('button', { name: 'Create member' }).click(),
    ]);
    expect(created.status()).toBe(201);
    const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const memberId = heading.replace(/^Member /, '');
    expect(memberId).toMatch(/^m:/);
    // The first API key is in this answer, once: it authenticates, and no URL or later page holds it.
    const firstKey = await page.getByLabel('API key').inputValue();
    expect(firstKey.length).toBeGreaterThan(20);
    expect(await page.getByRole('status').first().textContent()).toContain('shown this once');
    expect(page.url()).not.toContain(firstKey);
    expect(await authenticates(memberId, firstKey)).toBe(200);
    await page.screenshot({ path: `${SCREENSHOTS}/member.png`, fullPage: true });

    await page.goto(`${gateway.adminUrl}/console/members/${encodeURIComponent(memberId)}`);
    expect(await page.content()).not.toContain(firstKey);
    expect(await page.getByLabel('API key').count()).toBe(0);

    // The list shows it, linked to its page.
    await page.goto(`${gateway.adminUrl}/console/members`);
    expect(await page.getByRole('link', { name: memberId }).getAttribute('href')).toBe(
      `/console/members/${encodeURIComponent(memberId)}`,
    );
    await page.screenshot({ path: `${SCREENSHOTS}/members.png`, fullPage: true });
    await page.getByRole('link', { name: memberId }).click();
    await page.waitForURL(`${gateway.adminUrl}/console/members/${encodeURIComponent(memberId)}`);

    // A second key, issued through the form and shown once.
    await page.getByLabel('Label (optional)').fill('ci');
    await page.getByRole('button', { name: 'Issue an API key' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('A new API key is issued');
    const secondKey = await page.getByLabel('API key').inputValue();
    expect(secondKey).not.toBe(firstKey);
    expect(await authenticates(memberId, secondKey)).toBe(200);
    const keys = await apiKeys(memberId);
    expect(keys).toHaveLength(2);
    const [firstRow] = keys;
    const firstKeyId = firstRow?.id ?? '';

    // The first key is revoked through the form: the admin API reports it, the public API refuses it.
    await page.getByRole('button', { name: `Revoke key ${firstKeyId}` }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('The key is revoked');
    expect((await apiKeys(memberId)).find((key) => key.id === firstKeyId)?.revokedDateTime).toEqual(expect.any(String));
    expect(await page.getByRole('button', { name: `Revoke key ${firstKeyId}` }).count()).toBe(0);
    await expect.poll(() => authenticates(memberId, firstKey)).toBe(401);
    expect(await authenticates(memberId, secondKey)).toBe(200);

    // A flag changes through the form.
    await page.getByLabel('Regulated').uncheck();
    await page.getByRole('button', { name: 'Save flags' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('The member is updated');
    const member = await call<{ member: { regulated: boolean; reseller: boolean } }>(
      `${gateway.adminUrl}/admin/members/${encodeURIComponent(memberId)}`,
      'GET',
      ADMIN,
    );
    expect(member.body.member).toMatchObject({ regulated: false, reseller: true });

    // A member key registered through the form, as the admin API then lists it, and revoked.
    await page.getByLabel('Algorithm').selectOption('ED25519');
    await page.getByLabel('Public key (PEM or base64url)').fill(ed25519PublicKey());
    await page.getByRole('button', { name: 'Register the key' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('The public key is registered');
    const registered = await call<{ key: { id: string }[] }>(
      `${gateway.adminUrl}/admin/members/${encodeURIComponent(memberId)}/keys`,
      'GET',
      ADMIN,
    );
    expect(registered.body.key).toHaveLength(1);
    const submitted = { body: { keyId: registered.body.key[0]?.id ?? '' } };
    const row = page.locator('table.member-keys tbody tr', { hasText: submitted.body.keyId });
    expect(await row.locator('td:nth-child(2)').textContent()).toBe('ED25519');
    await row.getByRole('button', { name: `Revoke key ${submitted.body.keyId}` }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('The key is revoked');
    const memberKeys = await call<{ key: unknown[] }>(
      `${gateway.adminUrl}/admin/members/${encodeURIComponent(memberId)}/keys`,
      'GET',
      ADMIN,
    );
    expect(memberKeys.body.key).toEqual([]);

    // The resource page of the member links here.
    await page.goto(`${gateway.adminUrl}/console/resources/member/${encodeURIComponent(memberId)}`);
    expect(await page.getByRole('link', { name: 'Manage member' }).getAttribute('href')).toBe(
      `/console/members/${encodeURIComponent(memberId)}`,
    );
    await context.close();
  });

  it('advances the sandbox clock and sets a bank fault through the forms', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('link', { name: 'Sandbox' }).click();
    await page.waitForURL(`${gateway.adminUrl}/console/sandbox`);
    const before = Date.parse((await page.locator('#clock-now').getAttribute('datetime')) ?? '');
    expect(Number.isFinite(before)).toBe(true);

    // Two hours on, past a session's 30 idle minutes: sessions run on wall time, so this one lives on.
    await page.getByLabel('Seconds to advance').fill('7200');
    await page.getByRole('button', { name: 'Advance the clock' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('The sandbox clock moved forward');
    const after = Date.parse((await page.locator('#clock-now').getAttribute('datetime')) ?? '');
    expect(after - before).toBeGreaterThanOrEqual(7_200_000);

    const bankId = 'ob-sandbox-gb';
    await page.getByLabel('Bank', { exact: true }).selectOption(bankId);
    await page.getByLabel('Share of calls answered 500 (0 to 1)').fill('0.25');
    await page.getByLabel(/^Latency added/).fill('10');
    await page.getByLabel(/^Only these operations/).fill('domestic-payments');
    await page.getByRole('button', { name: 'Set faults' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain("The sandbox bank's faults are set");
    const faults = await call<{ errorRate: number; latencyMs: number; only: string[] }>(
      `${gateway.sandboxUrl}/sandbox/faults/${bankId}`,
      'GET',
      ADMIN,
    );
    expect(faults.status).toBe(200);
    expect(faults.body).toMatchObject({ errorRate: 0.25, latencyMs: 10, only: ['domestic-payments'] });
    const row = page.locator('table.faults tbody tr', { hasText: bankId }).first();
    expect(await row.locator('td:nth-child(4)').textContent()).toBe('0.25');
    await page.screenshot({ path: `${SCREENSHOTS}/sandbox.png`, fullPage: true });

    await row.getByRole('button', { name: `Clear faults of ${bankId}` }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain("The sandbox bank's faults are set");
    const cleared = await call<{ errorRate: number; latencyMs: number; only: string[] }>(
      `${gateway.sandboxUrl}/sandbox/faults/${bankId}`,
      'GET',
      ADMIN,
    );
    expect(cleared.body).toMatchObject({ errorRate: 0, latencyMs: 0, only: [] });
    await context.close();
  });

  it('refuses a members action without the CSRF token', async () => {
    const signedIn = await fetch(`${gateway.adminUrl}/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ adminToken: ADMIN_TOKEN }).toString(),
      redirect: 'manual',
    });
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const before = await call<{ members: unknown[] }>(`${gateway.adminUrl}/admin/members?limit=200`, 'GET', ADMIN);
    const refused = await fetch(`${gateway.adminUrl}/console/members`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ name: 'Without a token' }).toString(),
      redirect: 'manual',
    });
    expect(refused.status).toBe(403);
    const after = await call<{ members: unknown[] }>(`${gateway.adminUrl}/admin/members?limit=200`, 'GET', ADMIN);
    expect(after.body.members).toHaveLength(before.body.members.length);
  });
});
