// The CH4 heatmap in the browser (issue 22 items 3 and 7): on the featured site over its last 10 days the user turns
// the layer on; the server lists the days whose tiles are computing and the box over the map says so until they are
// saved; then the heatmap (modelled where the pipeline has rates, else the measured fallback, labelled) is drawn with
// its legend, the map's pixels change under it, the page is axe-clean, and the toggle is remembered on reload.
import { describe, expect, it } from 'vitest';
import type { SiteHeatmap } from '@/contracts/site-heatmap';
import { heatmapLegendLabels, heatmapScale } from '@/domain/site-heatmap';
import { browserSuite, expectAccessible, findFeaturedSite, newPage, signIn, SHOTS } from './harness';

const HOUR_MS = 3_600_000;

describe('CH4 heatmap in the browser', () => {
  const suite = browserSuite({ SEED_DAYS: '2', SEED_FEATURED_DAYS: '10' });

  it('toggles the heatmap on the featured site, waits for its tiles and draws it with its legend', async () => {
    const { siteName, siteId, organizationId } = await findFeaturedSite(suite);
    const context = await suite.browser().newContext({ viewport: { width: 1500, height: 1100 } });
    const { page, problems } = await newPage(context);
    const now = Date.now();
    const range = { start: new Date(now - 9.5 * 24 * HOUR_MS).toISOString(), end: new Date(now).toISOString() };
    await signIn(
      page,
      suite.server().origin,
      'org.admin@example.com',
      `/site/${siteId}?${new URLSearchParams({ organizationId: String(organizationId), ...range })}`,
    );
    await page.getByRole('heading', { name: `${siteName} Dashboard` }).waitFor();
    const map = page.getByRole('region', { name: 'Map' });
    const canvas = map.locator('canvas').first();
    await canvas.waitFor();
    await page.waitForTimeout(1_500);
    const before = await canvas.screenshot();

    const answers: SiteHeatmap[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/site/siteHeatmap/') && r.ok())
        void r.json().then(
          (j: SiteHeatmap) => answers.push(j),
          () => undefined,
        );
    });
    await map.getByRole('checkbox', { name: 'CH4 heatmap' }).check();
    const box = map.getByRole('figure', { name: 'CH4 heatmap legend' });
    await box.waitFor();
    // The tiles compute in the server's worker thread; the answer is asked for again until none is left.
    await expect.poll(() => answers.at(-1)?.computingDays.length, { timeout: 180_000 }).toBe(0);
    const last = answers.at(-1)!;
    expect(last.kind, JSON.stringify({ ...last, values: null })).not.toBe('none');
    expect(answers[0]!.computingDays.length).toBeGreaterThan(0);
    await expect.poll(() => box.getByText(/Computing/).count(), { timeout: 10_000 }).toBe(0);
    // The legend: the variant, the scale's ticks from the answer's peak, what the mean covers.
    const legend = await box.innerText();
    expect(
      legend.startsWith(last.kind === 'modelled' ? 'Modelled CH4 heatmap (ppm)' : 'Measured CH4 heatmap (ppm)'),
    ).toBe(true);
    expect(legend).toContain(heatmapLegendLabels(heatmapScale(last.maxPpm)).join('\n'));
    expect(legend).toMatch(
      last.kind === 'modelled' ? /Mean enhancement over [\d.]+ h of modelled rates/ : /Background/,
    );
    await expect.poll(() => map.getByRole('status', { name: 'Loading the CH4 heatmap' }).count()).toBe(0);
    await page.waitForTimeout(1_000);
    const after = await canvas.screenshot();
    expect(Buffer.compare(before, after)).not.toBe(0);
    await page.screenshot({ path: `${SHOTS}/site-dashboard-heatmap.png`, fullPage: false });
    await expectAccessible(page);

    // Remembered in this browser: on again after a reload.
    await page.reload();
    await page.getByRole('heading', { name: `${siteName} Dashboard` }).waitFor();
    await expect(map.getByRole('checkbox', { name: 'CH4 heatmap' }).isChecked()).resolves.toBe(true);
    await map.getByRole('figure', { name: 'CH4 heatmap legend' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 600_000);
});
