// Chart polish (issue 25): wind direction offers no 'Maximum' (averages are circular means) and is drawn as points on a
// 0–360° axis; the cursor legend names the time in the app's one date format, in the user's zone and clock.
import { describe, expect, it } from 'vitest';
import { browserSuite, expectAccessible, findFeaturedSite, newPage, signIn, SHOTS } from './harness';
import { SITE_WIDGETS_STORAGE_KEY } from '../../src/domain/site-dashboard';

describe('chart polish', () => {
  const suite = browserSuite();

  it('charts wind direction without Maximum, and names the cursor time as the rest of the app does', async () => {
    const { deviceName } = await findFeaturedSite(suite);
    const context = await suite.browser().newContext({ viewport: { width: 1440, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, suite.server().origin, 'operator@example.com', `/device/${deviceName}`);
    const direction = page.getByRole('region', { name: 'Wind Direction chart' });
    await direction
      .locator('canvas')
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(async (e: unknown) => {
        await page.screenshot({ path: `${SHOTS}/device-charts-failed.png`, fullPage: true });
        throw new Error(`${String(e)}\n${problems.join('\n')}`);
      });
    const modes = direction.getByRole('group', { name: 'Wind Direction chart mode' });
    expect(await modes.getByRole('button').allInnerTexts()).toEqual(['Raw', '15 Minutes', '1 Hour', '1 Day']);
    await expect(modes.getByRole('button', { name: '15 Minutes' }).getAttribute('aria-pressed')).resolves.toBe('true');
    // Speed keeps its Maximum.
    await expect(
      page.getByRole('region', { name: 'Wind Speed chart' }).getByRole('button', { name: 'Maximum' }).count(),
    ).resolves.toBe(1);
    await expect
      .poll(() => page.getByRole('status', { name: /^(Loading|Refreshing) / }).count(), { timeout: 30_000 })
      .toBe(0);

    // Hover the middle of the CH4 plot: the legend's time reads like 'Nov 25, 2026, 3:00 am'.
    const ch4 = page.getByRole('region', { name: 'CH4 chart' });
    const over = ch4.locator('.u-over');
    const box = (await over.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const time = ch4.locator('.u-legend .u-series').first().locator('.u-value');
    await expect.poll(() => time.innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (am|pm)$/);
    await page.screenshot({ path: `${SHOTS}/device-charts.png`, fullPage: true });
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("draws a site's two wind charts from one answer per device, handed to the worker once", async () => {
    const { siteId, organizationId } = await findFeaturedSite(suite);
    const context = await suite.browser().newContext({ viewport: { width: 1440, height: 1000 } });
    // Only the two wind charts on the dashboard.
    await context.addInitScript(
      (key) => window.localStorage.setItem(key, JSON.stringify([15, 16])),
      SITE_WIDGETS_STORAGE_KEY,
    );
    const { page, problems } = await newPage(context);
    const answers: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/data/deviceWindData/') && r.ok()) answers.push(r.url());
    });
    await signIn(
      page,
      suite.server().origin,
      'operator@example.com',
      `/site/${siteId}?organizationId=${organizationId}`,
    );
    const charts = ['Wind Direction chart', 'Wind Speed chart'].map((name) => page.getByRole('region', { name }));
    for (const chart of charts) await chart.locator('canvas').first().waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.getByRole('status', { name: /^(Loading|Refreshing) / }).count(), { timeout: 60_000 })
      .toBe(0);
    // Each chart draws its devices' lines from the kept answer (the second chart's bytes were already transferred),
    // with no error and no second request for the same answer.
    for (const chart of charts) {
      await expect(chart.getByRole('alert').count()).resolves.toBe(0);
      expect(await chart.locator('.u-legend .u-series').count()).toBeGreaterThan(1);
    }
    expect(answers.length).toBeGreaterThan(0);
    expect(new Set(answers).size).toBe(answers.length);
    expect(problems).toEqual([]);
    await context.close();
  });
});
