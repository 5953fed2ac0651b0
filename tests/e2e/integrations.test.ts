// Integrations' Pull API tab in Chromium: an organization admin creates a key (the endpoint rule first), sees it once,
// reads the Pull API with it from outside the browser, edits it and deletes it; the API Documentation is drawn from
// the real endpoints; the demo key printed at start works.
import { describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, API_KEY_HEADER, PULL_API_MESSAGES } from '@/domain/api-key';
import { browserSuite, expectAccessible, newPage, signIn, SHOTS } from './harness';

describe('integrations in the browser', () => {
  const suite = browserSuite();
  const origin = () => suite.server().origin;
  const pull = (path: string, key: string) =>
    fetch(`${origin()}/api/pull/v1/${path}`, { headers: { [API_KEY_HEADER]: key } });

  it('creates an API key shown once, uses it against the Pull API, edits and deletes it', async () => {
    const context = await suite.browser().newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'org.admin@example.com', '/integrations');
    await page.waitForURL(/\/integrations\?.*organizationId=\d+/);
    const grid = page.getByRole('table', { name: 'API keys' });
    // The demo keys of the organization org.admin opens first; never their values.
    await grid.getByText('Data warehouse').waitFor({ timeout: 20_000 });
    await grid.getByText('Regulatory reporting').waitFor();
    expect(await page.getByRole('tab', { name: 'Pull API' }).getAttribute('aria-selected')).toBe('true');
    await expectAccessible(page);

    // The endpoint rule before anything else is chosen.
    await page.getByRole('button', { name: 'Create API Key' }).click();
    const create = page.getByRole('dialog', { name: 'Create API Key' });
    await create.getByLabel('Name').fill('E2E warehouse');
    await create.getByRole('button', { name: 'Save' }).click();
    await create.getByText(API_KEY_MESSAGES.endpointRequired).waitFor();
    await create.getByText(API_KEY_MESSAGES.siteGroupsRequired).waitFor();
    await expectAccessible(page);
    await create.getByLabel('Sites', { exact: true }).check();
    await create.getByLabel('Emissions', { exact: true }).check();
    await create.getByLabel('All Current and Future Sites').check();
    // Organization admins are not provider staff: no High Frequency Data toggle.
    expect(await create.getByLabel(/High Frequency Data/).count()).toBe(0);
    await create.getByLabel('CH4 Rate Unit').selectOption({ label: 'Pounds per hour (lb/h)' });
    await create.getByLabel('CH4 Volume Unit').selectOption({ label: 'Pounds (lb)' });
    await create.getByLabel('Speed Unit').selectOption({ label: 'Metres per second (m/s)' });
    await create.getByRole('button', { name: 'Save' }).click();

    // Shown once, with Copy and the warning; then only Close.
    const shown = page.getByRole('dialog', { name: 'API key for E2E warehouse' });
    await shown.waitFor();
    await page.getByText(API_KEY_MESSAGES.created).waitFor();
    await shown.getByText(API_KEY_MESSAGES.shownOnce).waitFor();
    const key = await shown.getByLabel('API key').inputValue();
    expect(key).toMatch(/^emk_/);
    expect(await shown.getByRole('button').allTextContents()).toEqual(['Copy', 'Close']);
    await shown.screenshot({ path: `${SHOTS}/integrations-key-shown-once.png` });
    await shown.getByRole('button', { name: 'Close' }).click();
    await shown.waitFor({ state: 'detached' });
    await grid.getByText('E2E warehouse').waitFor();
    expect(await page.content()).not.toContain(key);
    // Editing the key does not bring it back.
    await page.getByRole('button', { name: 'Edit E2E warehouse' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit E2E warehouse' });
    await edit.getByLabel('Name').waitFor();
    expect(await page.content()).not.toContain(key);

    // The key reads the organization's sites and emissions in its units from outside the browser.
    const sites = await pull('sites', key);
    expect(sites.status).toBe(200);
    expect(((await sites.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    const now = Date.now();
    const emissions = await pull(
      `emissions?startTime=${new Date(now - 7 * 86_400_000).toISOString()}&endTime=${new Date(now).toISOString()}`,
      key,
    );
    expect(emissions.status).toBe(200);
    expect(((await emissions.json()) as { units: { ch4Rate: string } }).units.ch4Rate).toBe('lb/h');
    expect((await pull('alarms', key)).status).toBe(403);

    // Edit: rename.
    await edit.getByLabel('Name').fill('E2E lake');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText(API_KEY_MESSAGES.edited).waitFor();
    await grid.getByText('E2E lake').waitFor();
    // Last used is filled in by the calls above: the row shows two dates, created and last used.
    const row = grid.getByRole('row').filter({ hasText: 'E2E lake' });
    expect((await row.textContent())!.match(new RegExp(String(new Date().getFullYear()), 'g'))).toHaveLength(2);

    await page.screenshot({ path: `${SHOTS}/integrations-pull-api.png` });

    // API Documentation, from the real endpoint definitions; Escape closes it.
    await page.getByRole('button', { name: 'API Documentation' }).click();
    const docs = page.getByRole('dialog', { name: 'API Documentation' });
    await docs.getByText('GET /api/pull/v1/emissions').waitFor();
    await docs.getByText(`${API_KEY_HEADER}`, { exact: true }).first().waitFor();
    await expectAccessible(page);
    await docs.screenshot({ path: `${SHOTS}/integrations-api-documentation.png` });
    await page.keyboard.press('Escape');
    await docs.waitFor({ state: 'detached' });

    // Delete, with the spec's confirmation; the key stops working.
    await page.getByRole('button', { name: 'Delete E2E lake' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete API key' });
    await confirm.getByText(`Are you sure you want to delete 'E2E lake'?`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(API_KEY_MESSAGES.deleted).waitFor();
    await grid.getByText('E2E lake').waitFor({ state: 'detached' });
    const refused = await pull('sites', key);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: PULL_API_MESSAGES.unknownKey });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('prints a working demo key at start', async () => {
    const line = /Demo Pull API key \(Integrations\): curl -H "X-Api-Key: (emk_[A-Za-z0-9_-]+)"/.exec(
      suite.server().output(),
    );
    expect(line).not.toBeNull();
    const res = await pull('sites', line![1]!);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });
});
