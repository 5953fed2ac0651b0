// Emissions and analytics in Chromium: landing on the overview and switching its map between heat map and
// scatterplot, stepping Emission Analytics back a quarter and stacking by source category, uploading CH4 targets,
// and creating each kind of baseline.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserSuite, expectAccessible, newPage, signIn, SHOTS } from './harness';

describe('emissions and analytics in the browser', () => {
  const suite = browserSuite();
  const origin = () => suite.server().origin;
  const newContext = (...args: Parameters<Browser['newContext']>) => suite.browser().newContext(...args);

  it('lands on the overview and switches the map between heat map and scatterplot', async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1100 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'org.admin@example.com', '/');
    await page.waitForURL(/\/overview\?organizationId=\d+/);
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    expect(await page.getByLabel('Date range').inputValue()).toBe('last30Days');
    // Figures from the seeded emissions: sites ranked by volume, categories, the monthly bars and the alarms.
    const sites = page.getByRole('region', { name: 'Emissions by Site' });
    await sites.locator('tbody tr').first().waitFor({ timeout: 20_000 });
    expect(
      await page.getByRole('region', { name: 'Emissions by Source Category' }).locator('tbody tr').count(),
    ).toBeGreaterThan(1);
    await page.getByRole('img', { name: 'Monthly CH4 emissions' }).waitFor();
    await page.getByRole('list', { name: 'Alarms' }).waitFor();
    const canvas = page.getByRole('region', { name: 'Map of site emissions' }).locator('canvas').first();
    await canvas.waitFor();
    expect((await canvas.boundingBox())!.height).toBeGreaterThan(300);
    expect(await page.getByRole('radio', { name: 'Heat Map' }).getAttribute('aria-checked')).toBe('true');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${SHOTS}/overview-heat.png` });
    await page.getByRole('radio', { name: 'Scatterplot' }).click();
    expect(await page.getByRole('radio', { name: 'Scatterplot' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByText('Heat: emission volume').count()).toBe(0);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${SHOTS}/overview-scatter.png` });
    // The choice and the range are remembered.
    await page.getByLabel('Date range').selectOption('last7Days');
    await page.reload();
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    expect(await page.getByLabel('Date range').inputValue()).toBe('last7Days');
    expect(await page.getByRole('radio', { name: 'Scatterplot' }).getAttribute('aria-checked')).toBe('true');
    // The monthly chart cannot move into the future.
    expect(await page.getByRole('button', { name: 'Next month: Cannot move into the future' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('button', { name: 'Next month', exact: true }).waitFor();
    // An alarm opens the alarm flyout.
    await page.getByRole('list', { name: 'Alarms' }).getByRole('button').first().click();
    await page.getByRole('heading', { name: /Alarm/ }).first().waitFor();
    await page.keyboard.press('Escape');
    await expectAccessible(page);
    // A site in the table opens its dashboard over the overview's range (the last 7 days chosen above).
    const first = sites.locator('tbody tr').first().getByRole('button');
    const name = (await first.innerText()).trim();
    await first.click();
    await page.waitForURL(/\/site\/\d+\?/);
    await page.getByRole('heading', { name: `${name} Dashboard` }).waitFor();
    const url = new URL(page.url());
    expect(
      Math.round((Date.parse(url.searchParams.get('end')!) - Date.parse(url.searchParams.get('start')!)) / 86_400_000),
    ).toBe(7);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('steps Emission Analytics back a quarter, stacks by source category and uploads CH4 targets', async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1100 }, acceptDownloads: true });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'org.admin@example.com', '/emissionAnalytics');
    await page.getByRole('heading', { name: 'Emission Analytics', exact: true }).waitFor();
    const chart = page.getByRole('img', { name: 'Emission trends' });
    await chart.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Next period: Cannot move into the future' }).isDisabled()).toBe(
      true,
    );

    await page.getByLabel('Period type').selectOption('Quarterly');
    expect(await page.getByLabel('Periods visible').inputValue()).toBe('4');
    const windowText = page.locator('p[aria-live="polite"]');
    const before = await windowText.textContent();
    await page.getByRole('button', { name: 'Previous period' }).click();
    await expect.poll(() => windowText.textContent()).not.toBe(before);
    await page.getByRole('button', { name: 'Next period', exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Stack by' }).selectOption('Source Category');
    const legend = page.getByRole('list', { name: 'Emission trends legend' });
    await expect.poll(async () => legend.getByText('Wellhead').count(), { timeout: 15_000 }).toBe(1);
    // Four quarters ending with the one before the current quarter, once the answers have arrived.
    await expect
      .poll(async () => (await chart.locator('text').allTextContents()).filter((t) => /^Q[1-4]/.test(t)).length, {
        timeout: 15_000,
      })
      .toBe(4);
    await page.locator('[aria-busy="false"]').first().waitFor();
    expect(await legend.getByText('Tank').count()).toBe(1);
    expect(await page.getByRole('img', { name: 'Source category treemap' }).count()).toBe(1);
    expect(await page.getByRole('table', { name: 'Site Performance' }).locator('tbody tr').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/emission-analytics.png` });
    await expectAccessible(page);

    // CH4 targets: the template lists the sites; a changed row comes back counted.
    await page.getByRole('button', { name: 'CH4 Targets' }).click();
    const dialog = page.getByRole('dialog', { name: 'CH4 Emission Targets' });
    await dialog.getByRole('button', { name: 'No Target' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Template', exact: true }).click(),
    ]);
    const template = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(template[0]).toBe('Site Name,Alias,Effective From,Target Volume Per Month (kg)');
    const site = template[1]!.split(',')[0]!;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'targets-')), 'targets.csv');
    writeFileSync(file, `${template[0]}\n${site},,2026-01-01,4321\n`);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const upload = page.getByRole('dialog', { name: 'Upload CH4 Emission Targets' });
    await upload.getByLabel('CSV file').setInputFiles(file);
    await upload.getByText('1 row(s) ready to upload.').waitFor();
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('1 row(s) successfully changed').waitFor();
    await dialog.getByRole('button', { name: 'Has Target' }).click();
    await dialog.getByRole('row').filter({ hasText: site }).filter({ hasText: '4321' }).first().waitFor();
    // A file with an unknown site is refused row by row and changes nothing.
    writeFileSync(file, `${template[0]}\nNo Such Site,,2026-01-01,5\n${site},,2026-01-01,-1\n`);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await upload.getByLabel('CSV file').setInputFiles(file);
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await upload.getByText("No site named 'No Such Site' in this organization.").waitFor();
    await upload.getByText('Target Volume Per Month must be a number of at least 0').waitFor();
    await page.screenshot({ path: `${SHOTS}/emission-targets-problems.png` });
    await upload.getByRole('button', { name: 'Cancel' }).click();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('creates a baseline of each type', async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1100 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'org.admin@example.com', '/siteBaselines');
    await page.getByRole('heading', { name: 'Site Baselines', exact: true }).waitFor();
    const grid = page.getByRole('table', { name: 'Site baselines' });
    await grid.locator('tbody tr').first().waitFor({ timeout: 20_000 });
    const day = (daysBack: number) => new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);
    const dialog = page.getByRole('dialog', { name: 'Create New Baseline' });

    // User Input/Inventory for the first site.
    await grid
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^Create a baseline for / })
      .click();
    await dialog.getByLabel('Baseline Type').selectOption({ label: 'User Input/Inventory' });
    await dialog.getByLabel('Yearly CH4 Inventory (kg)').fill('8760');
    await dialog.getByLabel('Effective From').fill(day(10));
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Calculate' }).click();
    await dialog
      .getByRole('definition')
      .filter({ hasText: /^1\.00 kg\/h$/ })
      .first()
      .waitFor();
    // Changing an input invalidates the calculation.
    await dialog.getByLabel('Yearly CH4 Inventory (kg)').fill('17520');
    await dialog.getByText('The inputs changed: calculate again.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Calculate' }).click();
    await dialog
      .getByRole('definition')
      .filter({ hasText: /^2\.00 kg\/h$/ })
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Baseline created').first().waitFor();

    // Site Average over a past period, with its validation message first.
    await page.getByRole('button', { name: 'Create Baseline', exact: true }).click();
    await dialog.getByLabel('Site').selectOption({ index: 2 });
    await dialog.getByLabel('Baseline Type').selectOption({ label: 'Site Average' });
    await dialog.getByLabel('Baseline Calculation Period from').fill(day(60));
    await dialog.getByLabel('Baseline Calculation Period to').fill(day(50));
    await dialog.getByRole('button', { name: 'Calculate' }).click();
    await dialog.getByText('Baseline Calculation Period must be 30 to 92 days').waitFor();
    await dialog.getByLabel('Baseline Calculation Period from').fill(day(100));
    await dialog.getByRole('button', { name: 'Add Activity' }).click();
    await dialog.getByLabel('Activity 1 from').fill(day(90));
    await dialog.getByLabel('Activity 1 to').fill(day(88));
    await dialog.getByLabel('Activity 1 comment').fill('Workover');
    await dialog.getByLabel('Effective From').fill(day(5));
    await dialog.getByRole('button', { name: 'Calculate' }).click();
    await dialog.getByRole('img', { name: /^Daily volumes: 51 days, 3 excluded$/ }).waitFor();
    await page.screenshot({ path: `${SHOTS}/baseline-site-average.png` });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Baseline created').first().waitFor();

    // EPA 30 Day Average for an EPA-regulated site (sorted to the top of the EPA Regulated column).
    await page
      .getByRole('button', { name: /^EPA Regulated/ })
      .first()
      .click();
    await page
      .getByRole('button', { name: /^EPA Regulated/ })
      .first()
      .click();
    const epaRow = grid.locator('tbody tr').filter({ hasText: /Yes/ }).first();
    await epaRow.getByRole('button', { name: /^Create a baseline for / }).click();
    await dialog.getByLabel('Baseline Type').selectOption({ label: 'EPA 30 Day Average' });
    await dialog.getByRole('button', { name: 'Calculate' }).click();
    await dialog.getByText('EPA Site Type is required').waitFor();
    await dialog.getByLabel('Baseline Calculation Period Start Date').fill(day(70));
    await dialog.getByLabel('Inspection Date').fill(day(65));
    await dialog.getByLabel('EPA Site Type').selectOption('Compressor Station');
    await dialog.getByLabel('Effective From').fill(day(3));
    await dialog.getByRole('button', { name: 'Calculate' }).click();
    await dialog.getByRole('img', { name: /^Daily volumes: 30 days, 0 excluded$/ }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Baseline created').first().waitFor();
    await expect
      .poll(async () => grid.locator('tbody tr td:nth-child(2)').allTextContents(), { timeout: 10_000 })
      .toContain('EPA 30 Day Average');
    await epaRow.getByRole('button', { name: /^Baseline history of / }).click();
    const history = page.getByRole('dialog', { name: /^Site Baseline History: / });
    await history.getByText('EPA 30 Day Average').first().waitFor();
    await history.getByRole('button', { name: 'Close' }).last().click();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('exports device data and volumes and the files hold what was asked for', async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1100 }, acceptDownloads: true });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'org.admin@example.com', '/devices');
    const devices = page.getByRole('table', { name: 'Devices' });
    await devices.locator('tbody tr').first().waitFor({ timeout: 20_000 });
    const siteName = await devices.evaluate((table) => {
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
      const col = headers.findIndex((h) => h.startsWith('Site') && !h.startsWith('Site Groups'));
      for (const tr of table.querySelectorAll('tbody tr')) {
        const text = tr.children[col]?.textContent?.trim();
        if (text && text !== 'Not installed') return text;
      }
      return null;
    });
    expect(siteName).toBeTruthy();

    await page.goto(`${origin()}/export`);
    await page.getByRole('heading', { name: 'Export Data', exact: true }).waitFor();
    expect(await page.locator('details > summary.collapse-title').allTextContents()).toEqual([
      'Export Alarms',
      'Export Volumes',
      'Export Emissions',
      'Export CH4 Rolling Averages and Baseline',
      'Export Device Data',
      'Export Device Uptime',
      'Export Site Rate (Deprecated)',
    ]);
    await page.locator('summary', { hasText: 'Export Device Data' }).click();
    const deviceForm = page.getByRole('form', { name: 'Export Device Data' });
    // Averages of a gas offer 15 minutes, 1 hour and 1 day only.
    await deviceForm.getByLabel('Sample period').waitFor();
    expect(await deviceForm.getByLabel('Sample period').locator('option').allTextContents()).toEqual([
      'Choose a period',
      '15 Minutes',
      '1 Hour',
      '1 Day',
    ]);
    await deviceForm.getByRole('button', { name: 'Export' }).click();
    await deviceForm.getByRole('alert').filter({ hasText: 'Site is required' }).waitFor();
    await deviceForm.getByLabel('Site').selectOption({ label: siteName! });
    const [deviceFile] = await Promise.all([
      page.waitForEvent('download'),
      deviceForm.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(deviceFile.suggestedFilename()).toMatch(/^Device Data CH4 .+ to .+\.csv$/);
    const deviceRows = readFileSync((await deviceFile.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(deviceRows[0]).toBe('Time,Device,CH4 (ppm)');
    expect(deviceRows.length).toBeGreaterThan(1);
    for (const row of deviceRows.slice(1))
      expect(row).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z,[A-Z]+-\d+,-?\d+(\.\d+)?(e-?\d+)?$/);
    await deviceForm
      .getByRole('status')
      .filter({ hasText: /^Downloaded / })
      .waitFor();

    await page.locator('summary', { hasText: 'Export Volumes' }).click();
    const volumeForm = page.getByRole('form', { name: 'Export Volumes' });
    await volumeForm.getByRole('button', { name: 'Export' }).click();
    await volumeForm.getByRole('alert').filter({ hasText: 'At least one site is required' }).waitFor();
    await volumeForm.getByRole('button', { name: /^Sites:/ }).click();
    await page.getByRole('group', { name: 'Sites' }).getByRole('button', { name: 'Select shown' }).click();
    await page.keyboard.press('Escape');
    await volumeForm.getByRole('list', { name: 'Export Volumes: chosen sites' }).waitFor();
    expect(
      await volumeForm.getByRole('list', { name: 'Export Volumes: chosen sites' }).getByRole('listitem').count(),
    ).toBeLessThanOrEqual(11);
    await volumeForm.getByLabel('Group by').selectOption('Monthly');
    await volumeForm.getByText('Split by source category').click();
    const [volumeFile] = await Promise.all([
      page.waitForEvent('download'),
      volumeForm.getByRole('button', { name: 'Export' }).click(),
    ]);
    const volumeRows = readFileSync((await volumeFile.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(volumeRows[0]).toBe('Period Start,Site,Source Category,Volume (kg)');
    expect(volumeRows.length).toBeGreaterThan(1);
    // Monthly periods: the first starts with the range, the next on the 1st at midnight in the browser's zone.
    for (const row of volumeRows.slice(1))
      expect(row).toMatch(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2},[^,]+,(Wellhead|Tank|Separator|Compressor),\d+(\.\d+)?(e-?\d+)?$/,
      );
    expect(volumeRows.some((row) => /^\d{4}-\d{2}-01T00:00:00[+-]\d{2}:\d{2},/.test(row))).toBe(true);
    await page.screenshot({ path: `${SHOTS}/export-data.png`, fullPage: true });
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});
