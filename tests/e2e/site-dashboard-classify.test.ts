// The analyst classifies from the featured site's dashboard: the CH4 Emissions List tab's row menu (keyboard and
// Escape), Set Classification with its root cause rule and 'Classification Set', Zoom to Emission, and the
// Inspections Timeline widget: its empty text, pinning and unpinning, and pins cleared by a range change.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SiteEmission } from '@/contracts/site-dashboard';
import { CLASSIFICATION_SET } from '@/domain/emission-classification';
import { INSPECTION_MESSAGES } from '@/domain/inspection';
import { EMISSION_LINK_PADDING_HOURS } from '@/domain/site-dashboard';
import { browserSuite, expectAccessible, findFeaturedSite, newPage, signIn, SHOTS } from './harness';

const DAY_MS = 86_400_000;
const rangeOf = (page: Page) => {
  const url = new URL(page.url());
  return { start: Date.parse(url.searchParams.get('start') ?? ''), end: Date.parse(url.searchParams.get('end') ?? '') };
};

describe('site dashboard classification and inspections in the browser', () => {
  const suite = browserSuite();
  const browser = { newContext: (...args: Parameters<Browser['newContext']>) => suite.browser().newContext(...args) };

  it('classifies an emission from the List tab, zooms to one, and pins an inspection on the Inspections Timeline', async () => {
    const { siteName: at, siteId, organizationId } = await findFeaturedSite(suite);
    const context = await browser.newContext({ viewport: { width: 1500, height: 1100 } });
    const { page, problems } = await newPage(context);
    const loaded = page.waitForResponse((r) => r.url().includes('/api/emissions/siteEmissions/') && r.ok());
    await signIn(
      page,
      suite.server().origin,
      'org.admin@example.com',
      `/site/${siteId}?organizationId=${organizationId}`,
    );
    await page.getByRole('heading', { name: `${at} Dashboard` }).waitFor();
    const emissionsInRange = (await (await loaded).json()) as SiteEmission[];
    expect(emissionsInRange.length).toBeGreaterThan(0);

    // The List tab: every row has its menu; Escape closes it and gives focus back to its button.
    const card = page.getByRole('region', { name: 'CH4 Emissions', exact: true });
    await card.getByRole('tab', { name: 'List' }).click();
    const menus = card.getByRole('button', { name: /^Emission actions, / });
    await expect.poll(() => menus.count()).toBe(emissionsInRange.length);
    // With the Plume column shown the list fits its side column: no sideways scroll at 1280 × 800 or 1920 × 1080
    // (each loaded afresh at that size, as a user would).
    const list = card.getByRole('region', { name: 'Emission list' });
    const openList = async () => {
      await page.reload();
      await page.getByRole('heading', { name: `${at} Dashboard` }).waitFor();
      await card.getByRole('tab', { name: 'List' }).click();
      await expect.poll(() => menus.count()).toBeGreaterThan(0);
    };
    for (const [width, height] of [
      [1280, 800],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await openList();
      await card.getByRole('columnheader', { name: 'Plume' }).waitFor();
      await card.screenshot({ path: `${SHOTS}/site-emission-list-${width}x${height}.png` });
      const columns = await list.evaluate((el) =>
        [...el.querySelectorAll('th')].map((th) => Math.round(th.getBoundingClientRect().width)).join(', '),
      );
      await expect
        .poll(() => list.evaluate((el) => el.scrollWidth - el.clientWidth), {
          timeout: 5_000,
          message: `columns ${columns} px at ${width} × ${height}`,
        })
        .toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1500, height: 1100 });
    await openList();
    const first = menus.first();
    await first.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: /^Emission actions, / });
    await menu.waitFor();
    // Generate Plume (the administrator has SitePlumeCreate; its label follows the plume's state) comes first.
    const items = await menu.getByRole('menuitem').allInnerTexts();
    expect(items.slice(1)).toEqual(['Classify', 'Zoom to Emission']);
    expect(items[0]).toMatch(/Plume/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(items[0]);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => first.evaluate((b) => b === document.activeElement)).toBe(true);

    // Classify: the root cause is offered for Venting only, and cleared when the classification changes.
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Set Classification' });
    const classification = dialog.getByLabel('Classification');
    await classification.waitFor();
    await classification.selectOption('Venting');
    const cause = dialog.getByLabel('Root cause');
    const causes = (await cause.locator('option').allInnerTexts()).slice(1);
    expect(causes).toContain('Tank hatch open');
    expect(causes).not.toContain('Valve packing leak');
    await cause.selectOption({ label: 'Tank hatch open' });
    await classification.selectOption('NothingFound');
    await expect.poll(() => cause.count()).toBe(0);
    await classification.selectOption('Fugitive');
    await expect(cause.inputValue()).resolves.toBe('');
    await cause.selectOption({ label: 'Valve packing leak' });
    await expectAccessible(page);
    // The save refetches the list behind the toast; the demo's pipeline may have opened a newer emission meanwhile.
    const refetched = page.waitForResponse((r) => r.url().includes('/api/emissions/siteEmissions/') && r.ok());
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(CLASSIFICATION_SET, { exact: true }).waitFor();
    const emissionsNow = (await (await refetched).json()) as SiteEmission[];
    await expect.poll(() => dialog.count()).toBe(0);
    await card.getByText('Fugitive', { exact: true }).first().waitFor();

    // Zoom to Emission: the newest emission (the list's first row) padded either side.
    const newest = emissionsNow.at(-1)!;
    await menus.first().click();
    await card.screenshot({ path: `${SHOTS}/site-dashboard-emission-menu.png` });
    await page.getByRole('menuitem', { name: 'Zoom to Emission' }).click();
    await expect
      .poll(() => rangeOf(page).start)
      .toBe(Date.parse(newest.startTime) - EMISSION_LINK_PADDING_HOURS * 3_600_000);

    // The Inspections Timeline widget (not a default): chosen, then over the last 60 days where the seed put some.
    await page.getByRole('button', { name: 'Show/Hide Widgets' }).click();
    await page.getByRole('checkbox', { name: 'Inspections Timeline' }).check();
    await page.keyboard.press('Escape');
    const timeline = page.getByRole('region', { name: 'Inspections Timeline' });
    await timeline.waitFor();
    const now = Date.now();
    const url = new URL(page.url());
    url.searchParams.set('start', new Date(now - 61 * DAY_MS).toISOString());
    url.searchParams.set('end', new Date(now).toISOString());
    await page.goto(url.toString());
    const marks = timeline.getByRole('button', { name: /^Pin inspection: / });
    await marks.first().waitFor({ timeout: 15_000 });
    const title = await marks.first().getAttribute('title');
    expect(title).toMatch(/^(Aerial|Survey) · .+ · (Detection found|No detection)/);
    await marks.first().click();
    const pinned = timeline.getByRole('list', { name: 'Pinned inspections' });
    await expect.poll(() => pinned.getByRole('listitem').count()).toBe(1);
    await expect(timeline.getByRole('button', { name: /^Unpin inspection: / }).count()).resolves.toBe(2);
    await pinned.getByRole('button', { name: /^Unpin inspection: / }).click();
    await expect.poll(() => pinned.count()).toBe(0);
    await marks.first().click();
    await pinned.waitFor();
    await expect
      .poll(() => page.getByRole('status', { name: /^(Loading|Refreshing) / }).count(), { timeout: 30_000 })
      .toBe(0);
    await page.screenshot({ path: `${SHOTS}/site-dashboard-classify.png`, fullPage: true });
    await expectAccessible(page);

    // A new range clears the pins: zoom to an emission again, where the timeline tells there are none or shows marks unpinned.
    await card.getByRole('tab', { name: 'List' }).click();
    await menus.first().click();
    await page.getByRole('menuitem', { name: 'Zoom to Emission' }).click();
    await expect.poll(() => rangeOf(page).end - rangeOf(page).start).toBeLessThan(30 * DAY_MS);
    await expect.poll(() => pinned.count()).toBe(0);
    await timeline.getByText(INSPECTION_MESSAGES.noInspections).or(marks.first()).first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
