// Working alarms in Chromium: the demo data's alarms (raised by the engine from the seeded measurements) filtered to
// the unresolved ones, one opened, commented and resolved through its Basic workflow, an LDAR workflow resolved
// through its repair fields, and the alarm link.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserSuite, expectAccessible, newPage, signIn, SHOTS } from './harness';

const rowsCount = async (page: Page) => {
  const text = (await page.getByText(/^Rows: \d+\/\d+$/).textContent()) ?? '';
  const [, shown, total] = /Rows: (\d+)\/(\d+)/.exec(text) ?? [];
  return { shown: Number(shown), total: Number(total) };
};

/** The grid's total once the list answer that `change` asks for has arrived (the footer reads 0/0 while loading). */
const totalAfter = async (page: Page, change: () => Promise<void>) => {
  const answered = page.waitForResponse((r) => r.url().includes('/api/alarm/listAlarms/') && r.ok());
  await change();
  const answer = (await (await answered).json()) as { totalRows: number };
  await expect.poll(async () => (await rowsCount(page)).total).toBe(answer.totalRows);
  return answer.totalRows;
};

describe('alarms in the browser', () => {
  const suite = browserSuite();
  const origin = () => suite.server().origin;
  const newContext = (...args: Parameters<Browser['newContext']>) => suite.browser().newContext(...args);

  it('filters unresolved alarms, comments on one and resolves its Basic workflow', async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'operator@example.com', '/alarms');
    await page.getByRole('heading', { name: 'Alarms', exact: true }).waitFor();
    await expect.poll(async () => (await rowsCount(page)).total, { timeout: 20_000 }).toBeGreaterThan(0);
    const all = await rowsCount(page);
    await page.locator('tbody tr .badge').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/alarms.png` });
    await expectAccessible(page);

    // The alarm-type filter offers the types but Emission Volume; the level filter narrows on the server.
    await page.getByRole('button', { name: 'Filter Alarm', exact: true }).click();
    const typeFilter = page.getByRole('dialog', { name: 'Filter Alarm' });
    expect(await typeFilter.getByLabel('Value').locator('option').allTextContents()).toEqual([
      'Measurement',
      'Emission Rate',
    ]);
    await typeFilter.getByLabel('Value').selectOption('Measurement');
    // The demo's Emission Rate alarms (sites with a modelled rate) drop out; measurement alarms stay.
    const measurementTotal = await totalAfter(page, () => typeFilter.getByRole('button', { name: 'Apply' }).click());
    expect(measurementTotal).toBeLessThan(all.total);
    expect(measurementTotal).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Filter Level', exact: true }).click();
    const levelFilter = page.getByRole('dialog', { name: 'Filter Level' });
    await levelFilter.getByLabel('Filter type').selectOption('not equal');
    await levelFilter.getByLabel('Value').selectOption('HI');
    expect(await totalAfter(page, () => levelFilter.getByRole('button', { name: 'Apply' }).click())).toBeLessThan(
      measurementTotal,
    );
    expect(new Set(await page.locator('tbody tr td:first-child .badge').allTextContents())).not.toContain('HI');
    await page.getByRole('button', { name: 'Filter Level (active)' }).click();
    await page.getByRole('dialog', { name: 'Filter Level' }).getByRole('button', { name: 'Clear' }).click();
    await expect.poll(async () => (await rowsCount(page)).total).toBe(measurementTotal);

    expect(
      await totalAfter(page, () => page.getByRole('button', { name: 'Unresolved', exact: true }).click()),
    ).toBeLessThan(measurementTotal);
    const basic = page
      .locator('tbody tr')
      .filter({ has: page.locator('td', { hasText: /^Basic$/ }) })
      .first();
    await basic.getByRole('button', { name: /^View workflow of the alarm at / }).click();
    const panel = page.getByRole('dialog', { name: /Alarm/ });
    await panel.getByRole('heading', { name: /^CH4 Measurement Alarm \((Max|Average)\)$/ }).waitFor();
    await panel.getByRole('heading', { name: 'Basic Workflow' }).waitFor();

    // A blank comment cannot be sent; Enter sends a real one.
    const box = panel.getByRole('textbox', { name: 'New comment' });
    await box.fill('   ');
    expect(await panel.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await box.fill('Crew dispatched from the browser test');
    await box.press('Enter');
    await panel.getByText('Crew dispatched from the browser test').waitFor();
    await expect.poll(() => box.inputValue()).toBe('');
    await page.screenshot({ path: `${SHOTS}/alarm-slide-out.png` });
    await expectAccessible(page);

    await panel.getByRole('button', { name: 'Resolve', exact: true }).click();
    await page.getByText('Resolved', { exact: true }).first().waitFor();
    await panel.getByRole('button', { name: 'Unresolve' }).waitFor();
    await panel.getByRole('button', { name: 'Workflow History' }).click();
    const history = page.getByRole('dialog', { name: 'Workflow History' });
    await history.getByText('resolvedAt').first().waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => history.isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(new URL(page.url()).searchParams.get('alarmId')).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('resolves an LDAR workflow through its repair fields, asking before closing unsaved changes', async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'operator@example.com', '/alarms');
    await expect.poll(async () => (await rowsCount(page)).total, { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Unresolved', exact: true }).click();
    const ldar = page
      .locator('tbody tr')
      .filter({ has: page.locator('td', { hasText: /^LDAR$/ }) })
      .first();
    await ldar.waitFor();
    await ldar.getByRole('button', { name: /^View workflow of the alarm at / }).click();
    const panel = page.getByRole('dialog', { name: /Alarm/ });
    await panel.getByRole('heading', { name: 'LDAR Workflow' }).waitFor();

    await panel.getByLabel('Classification').selectOption('Fugitive');
    await panel.getByLabel('Root Cause').selectOption({ label: 'Valve packing leak' });
    // Unsaved changes: Escape asks first, and Cancel keeps the form.
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('dialog', { name: 'Close without saving?' });
    await confirm.getByText('You have unsaved changes, do you want to close without saving?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await panel.getByRole('group', { name: 'Repair Required' }).waitFor();
    await panel.getByRole('radio', { name: 'Yes' }).check();
    await panel.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await panel.getByLabel('Repair Completed').fill('2026-11-02');
    await panel.getByText('Repair Type is required to set Repair Completed').waitFor();
    expect(await panel.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await panel.getByLabel('Repair Type').selectOption({ label: 'Replacement' });
    await panel.getByRole('button', { name: 'Resolve', exact: true }).click();
    await page.getByText('LDAR workflow resolved').waitFor();
    await panel.getByText(/^Resolved .* by operator@example\.com$/).waitFor();
    await page.screenshot({ path: `${SHOTS}/alarm-ldar.png` });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("opens an alarm link on its site's dashboard over the alarm window with the alarm open, and says a bad link is not found", async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'operator@example.com', '/alarms');
    await expect.poll(async () => (await rowsCount(page)).total, { timeout: 20_000 }).toBeGreaterThan(0);
    const row = page.locator('tbody tr').first();
    const link = row.getByRole('link', { name: /^Dashboard of the alarm at / });
    const siteName = (await link.getAttribute('aria-label'))!.replace(/^Dashboard of the alarm at /, '');
    await link.click();
    await page.waitForURL(/\/site\/\d+/);
    const url = new URL(page.url());
    expect(url.searchParams.get('alarmId')).not.toBeNull();
    expect(Date.parse(url.searchParams.get('end')!) - Date.parse(url.searchParams.get('start')!)).toBeGreaterThan(
      60 * 60_000,
    );
    await page.getByRole('heading', { name: `${siteName} Dashboard` }).waitFor();
    // The alarm panel is open; closing it takes alarmId out of the address.
    const panel = page.getByRole('dialog').filter({ hasText: 'Alarm' }).first();
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.get('alarmId')).toBeNull();
    // A bad link says so (issue 25: never a silent bounce home).
    await page.goto(`${origin()}/alarm/NOTANALARM`);
    await page.getByRole('heading', { name: 'Not found or no access' }).waitFor();
    expect(problems.filter((p) => !/404|Alarm not found/.test(p))).toEqual([]);
    await context.close();
  });
  it("tunes a site's CH4 parameters through the dialog's validation, and adds a template", async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'org.admin@example.com', '/alarmParameters');
    await page.getByRole('heading', { name: 'Site Alarm Parameters' }).waitFor();
    await expect.poll(async () => (await rowsCount(page)).total, { timeout: 20_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/alarm-parameters.png` });
    await expectAccessible(page);

    const row = page
      .locator('tbody tr')
      .filter({ hasText: /CH4 (Spike|Sustained Leak):/ })
      .filter({ hasNot: page.locator('[aria-label^="Warning"]') })
      .first();
    const site = (await row.locator('td').first().textContent())!.trim();
    await row.getByRole('button', { name: `Edit CH4 parameters of ${site}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Alarm Parameters For a Site' });
    await dialog.getByText(`${site} · CH4`).waitFor();
    await dialog.getByRole('button', { name: 'Add Parameter' }).click();
    await dialog.getByText('(new)').waitFor();
    await dialog.getByText('HI Threshold is required').waitFor();
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel(/^HI Threshold/).fill('50');
    await dialog.getByLabel(/^HI-HI Threshold/).fill('30');
    await dialog.getByText('HI-HI Threshold must be greater than HI Threshold').waitFor();
    await dialog.getByLabel(/^HI-HI Threshold/).fill('80');
    await dialog.getByLabel('Calculation Method').selectOption({ label: 'Average' });
    await dialog.getByLabel(/^Sliding Window/).fill('0.3');
    await dialog.getByText('Only 15 minute increments are supported').waitFor();
    await page.screenshot({ path: `${SHOTS}/alarm-parameters-edit.png` });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel(/^Sliding Window/).fill('0.5');
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await page.getByText('Alarm parameters saved').waitFor();
    await page.locator('tbody tr').filter({ hasText: site }).getByText('Custom: Average ≥ 50').waitFor();

    await page.getByRole('button', { name: 'Alarm Parameter Templates' }).click();
    const templates = page.getByRole('dialog', { name: 'Alarm Parameter Templates' });
    await templates.getByRole('table', { name: 'Templates' }).waitFor();
    await templates.getByRole('button', { name: 'Add Template' }).click();
    const form = page.getByRole('dialog', { name: 'Add Alarm Parameter Template' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Template name is required').waitFor();
    await form.getByLabel(/^Name/).fill('E2E Night Watch');
    await form.getByLabel(/^Gas/).selectOption({ label: 'CH4' });
    await form.getByLabel(/^HI Threshold/).fill('40');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Template added').waitFor();
    await templates.getByRole('cell', { name: 'E2E Night Watch', exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
  it('subscribes to alarm notifications from the account menu', async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'operator@example.com', '/alarms');
    const open = async () => {
      await page.getByLabel('Account menu').click();
      await page.getByRole('button', { name: 'Notification Subscriptions' }).click();
      const d = page.getByRole('dialog', { name: 'Notification Subscriptions' });
      await d.getByRole('table', { name: 'Alarm subscriptions' }).waitFor();
      return d;
    };
    let dialog = await open();
    await dialog.getByText('No Alarm Subscriptions set.').waitFor();
    await dialog.getByLabel('CH4 Measurement Instantaneous', { exact: true }).selectOption({ label: 'HI and above' });
    await dialog.getByLabel('All Daily', { exact: true }).selectOption({ label: 'Critical' });
    await expect.poll(() => dialog.getByText('No Alarm Subscriptions set.').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/notification-subscriptions.png` });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notification settings edited').waitFor();

    dialog = await open();
    expect(await dialog.getByLabel('CH4 Measurement Instantaneous', { exact: true }).inputValue()).toBe('0');
    expect(await dialog.getByLabel('VOC Measurement Daily', { exact: true }).inputValue()).toBe('2');
    await dialog.getByRole('button', { name: 'Unsubscribe All' }).click();
    await dialog.getByText('No Alarm Subscriptions set.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('emission rate alarms and their mail in the browser', () => {
  // The mail goes to the server log at info level; the worker delivers every second here.
  const suite = browserSuite({ LOG_LEVEL: 'info', MAIL_TICK_MS: '1000' });
  const origin = () => suite.server().origin;

  it('subscribes, gets the instantaneous mail of a new Emission Rate alarm, converts it to LDAR and resolves it', async () => {
    const context = await suite.browser().newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    // The journey borrows the token the console's own calls carry.
    let token = '';
    page.on('request', (r) => {
      const auth = r.headers().authorization;
      if (r.url().includes('/api/') && auth?.startsWith('Bearer ')) token = auth.slice(7);
    });
    await signIn(page, origin(), 'operator@example.com', '/alarms');
    await page.waitForURL(/organizationId=\d+/);
    const organizationId = Number(new URL(page.url()).searchParams.get('organizationId'));
    await page.getByLabel('Account menu').click();
    await page.getByRole('button', { name: 'Notification Subscriptions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notification Subscriptions' });
    await dialog.getByRole('table', { name: 'Alarm subscriptions' }).waitFor();
    await dialog.getByLabel('Emission Rate Instantaneous', { exact: true }).selectOption({ label: 'HI and above' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notification settings edited').waitFor();

    // The modelling pipeline reports a two-hour 50 kg/h leak at the sites; those watching their rate raise an alarm.
    expect(token).not.toBe('');
    const raised = await page.evaluate(
      async ({ org, token }) => {
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const sites = (await (await fetch(`/api/site/siteList/?organizationId=${org}`, { headers })).json()) as {
          id: number;
        }[];
        const start = Math.floor(Date.now() / 900_000) * 900_000 - 12 * 3_600_000;
        const rates = Array.from({ length: 40 }, (_, i) => {
          const rate = i >= 16 && i < 24 ? 50 : 1;
          return { time: new Date(start + i * 900_000).toISOString(), rate, lower: rate / 2, upper: rate * 2 };
        });
        let total = 0;
        for (const site of sites) {
          const res = await fetch('/api/data/ingestSiteRates/', {
            method: 'POST',
            headers,
            body: JSON.stringify({ organizationId: org, siteId: site.id, rates }),
          });
          total += ((await res.json()) as { alarmsRaised: number }).alarmsRaised;
        }
        return total;
      },
      { org: organizationId, token },
    );
    expect(raised).toBeGreaterThan(0);
    await expect
      .poll(() => /mail to operator@example\.com: /.test(suite.server().output()), { timeout: 20_000 })
      .toBe(true);

    await page.reload();
    await page.getByRole('button', { name: 'Filter Alarm', exact: true }).click();
    const typeFilter = page.getByRole('dialog', { name: 'Filter Alarm' });
    await typeFilter.getByLabel('Value').selectOption('Emission Rate');
    await typeFilter.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Unresolved', exact: true }).click();
    const basic = page
      .locator('tbody tr')
      .filter({ has: page.locator('td', { hasText: /^Basic$/ }) })
      .first();
    await basic.waitFor({ timeout: 15_000 });
    await basic.getByRole('button', { name: /^View workflow of the alarm at / }).click();
    const panel = page.getByRole('dialog', { name: /Alarm/ });
    await panel.getByRole('heading', { name: 'CH4 Emission Rate Alarm' }).waitFor();
    await panel.getByRole('button', { name: 'Convert to LDAR' }).click();
    await page
      .getByRole('dialog', { name: 'Convert to LDAR workflow?' })
      .getByRole('button', { name: 'Convert' })
      .click();
    await page.getByText('Converted to LDAR workflow').waitFor();
    await panel.getByRole('heading', { name: 'LDAR Workflow' }).waitFor();
    await panel.getByLabel('Classification').selectOption('Venting');
    await panel.getByLabel('Root Cause').selectOption({ label: 'Tank hatch open' });
    await panel.getByRole('radio', { name: 'Yes' }).check();
    await panel.getByLabel('Repair Type').selectOption({ label: 'Adjustment' });
    await panel.getByLabel('Repair Completed').fill(new Date().toISOString().slice(0, 10));
    await panel.getByRole('button', { name: 'Resolve', exact: true }).click();
    await page.getByText('LDAR workflow resolved').waitFor();
    await page.screenshot({ path: `${SHOTS}/alarm-emission-rate-ldar.png` });
    expect(problems).toEqual([]);
    await context.close();
  });
});
