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
    expect(await page.getByRole('region', { name: 'Emissions by Source Category' }).locator('tbody tr').count()).toBeGreaterThan(1);
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
    // A site opens its summary; an alarm opens the alarm flyout.
    await sites.locator('tbody tr').first().getByRole('button').click();
    const summary = page.getByRole('dialog', { name: /./ }).filter({ hasText: 'Average rate' });
    await summary.waitFor();
    await page.keyboard.press('Escape');
    await summary.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Alarms' }).getByRole('button').first().click();
    await page.getByRole('heading', { name: /Alarm/ }).first().waitFor();
    await page.keyboard.press('Escape');
    await expectAccessible(page);
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
    expect(await page.getByRole('button', { name: 'Next period: Cannot move into the future' }).isDisabled()).toBe(true);

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
    expect(await legend.getByText('Tank').count()).toBe(1);
    expect(await page.getByRole('img', { name: 'Source category treemap' }).count()).toBe(1);
    expect(await page.getByRole('table', { name: 'Site Performance' }).locator('tbody tr').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/emission-analytics.png` });
    await expectAccessible(page);

    // CH4 targets: the template lists the sites; a changed row comes back counted.
    await page.getByRole('button', { name: 'CH4 Targets' }).click();
    const dialog = page.getByRole('dialog', { name: 'CH4 Emission Targets' });
    await dialog.getByRole('button', { name: 'No Target' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Template', exact: true }).click()]);
    const template = readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/);
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
    await grid.locator('tbody tr').first().getByRole('button', { name: /^Create a baseline for / }).click();
    await dialog.getByLabel('Baseline Type').selectOption({ label: 'User Input/Inventory' });
    await dialog.getByLabel('Yearly CH4 Inventory (kg)').fill('8760');
    await dialog.getByLabel('Effective From').fill(day(10));
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Calculate' }).click();
    await dialog.getByRole('definition').filter({ hasText: /^1\.00 kg\/h$/ }).first().waitFor();
    // Changing an input invalidates the calculation.
    await dialog.getByLabel('Yearly CH4 Inventory (kg)').fill('17520');
    await dialog.getByText('The inputs changed: calculate again.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Calculate' }).click();
    await dialog.getByRole('definition').filter({ hasText: /^2\.00 kg\/h$/ }).first().waitFor();
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
    await page.getByRole('button', { name: /^EPA Regulated/ }).first().click();
    await page.getByRole('button', { name: /^EPA Regulated/ }).first().click();
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
    await expect.poll(async () => grid.locator('tbody tr td:nth-child(2)').allTextContents(), { timeout: 10_000 }).toContain('EPA 30 Day Average');
    await epaRow.getByRole('button', { name: /^Baseline history of / }).click();
    const history = page.getByRole('dialog', { name: /^Site Baseline History: / });
    await history.getByText('EPA 30 Day Average').first().waitFor();
    await history.getByRole('button', { name: 'Close' }).last().click();
    expect(problems).toEqual([]);
    await context.close();
  });
});
