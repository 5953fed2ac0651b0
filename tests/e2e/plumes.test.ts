// Simulated plumes in the browser (issue 22 items 1, 2 and 7): the administrator generates an emission's plume from
// the emissions list ('Plume animation requested', Generating Plume... until Plume Generated), turns the Simulated
// plumes layer on, sees the legend and the frame nearest the range's end drawn, plays it, and the whole animation
// plays on from the frames and sheets fetched once (no request per frame). The featured site's readings cover the
// last 10 days here and the model starts 2 days back, so the seed's emissions between carry the measured wind.
import { describe, expect, it } from 'vitest';
import type { PlumeFrame } from '@/contracts/plume';
import type { SiteEmission } from '@/contracts/site-dashboard';
import { PLUME_TEXT } from '@/domain/plume';
import { browserSuite, expectAccessible, findFeaturedSite, newPage, signIn, SHOTS } from './harness';

const HOUR_MS = 3_600_000;

describe('simulated plumes in the browser', () => {
  const suite = browserSuite({ SEED_DAYS: '2', SEED_FEATURED_DAYS: '10' });

  it('generates a plume, waits for it to be saved, toggles the layer and plays it without a request per frame', async () => {
    const { siteName, siteId, organizationId } = await findFeaturedSite(suite);
    const context = await suite.browser().newContext({ viewport: { width: 1500, height: 1100 } });
    const { page, problems } = await newPage(context);
    // Emissions with wind around them: between the readings' start (10 days back) and the model's start (2 days).
    const now = Date.now();
    const range = {
      start: new Date(now - 9.8 * 24 * HOUR_MS).toISOString(),
      end: new Date(now - 40 * HOUR_MS).toISOString(),
    };
    const loaded = page.waitForResponse((r) => r.url().includes('/api/emissions/siteEmissions/') && r.ok());
    await signIn(
      page,
      suite.server().origin,
      'org.admin@example.com',
      `/site/${siteId}?${new URLSearchParams({ organizationId: String(organizationId), ...range })}`,
    );
    await page.getByRole('heading', { name: `${siteName} Dashboard` }).waitFor();
    const emissions = (await (await loaded).json()) as SiteEmission[];
    expect(emissions.filter((e) => e.endTime !== null).length, suite.server().output()).toBeGreaterThan(0);

    // Generate Plume from the plume column of an ended emission without one.
    const card = page.getByRole('region', { name: 'CH4 Emissions', exact: true });
    await card.getByRole('tab', { name: 'List' }).click();
    const generate = card.getByRole('button', { name: PLUME_TEXT.generate, exact: true }).and(page.locator(':enabled'));
    await expect.poll(() => generate.count()).toBeGreaterThan(0);
    const requested = page.waitForResponse((r) => r.url().includes('/api/plume/generatePlume/'));
    await generate.first().click();
    expect((await requested).status()).toBe(200);
    await page.getByText(PLUME_TEXT.requested).waitFor();
    await card.getByRole('button', { name: 'Generating Plume...' }).first().waitFor();
    // The job runs in the server's worker thread; the rows are read again every 5 s until it ends.
    await card.getByRole('button', { name: 'Plume Generated' }).first().waitFor({ timeout: 240_000 });
    await expect(card.getByRole('button', { name: 'Plume Generated' }).first().isDisabled()).resolves.toBe(true);

    // The layer: the frames of the range, the legend, the alert, the frame nearest the range's end.
    const map = page.getByRole('region', { name: 'Map' });
    const framesAnswer = page.waitForResponse((r) => r.url().includes('/api/plume/plumeFrames/') && r.ok());
    await map.getByLabel('Simulated plumes').check();
    const frames = (await (await framesAnswer).json()) as PlumeFrame[];
    expect(frames.length).toBeGreaterThan(10);
    const controls = map.getByRole('group', { name: 'Simulated plumes' });
    await controls.getByRole('status').filter({ hasText: PLUME_TEXT.alertAvailable }).waitFor();
    const legend = map.getByRole('figure', { name: 'Simulated plume CH4 legend' });
    await legend.waitFor();
    await expect(legend.innerText()).resolves.toBe('CH4 (ppm)\n1\n5\n25\n100\n>500');
    // Drawn bottom to top: '>500' at the top of the bar, 1 at its foot.
    const tops = await Promise.all(
      ['>500', '100', '25', '5', '1'].map(async (t) => (await legend.getByText(t, { exact: true }).boundingBox())!.y),
    );
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    const slider = controls.getByRole('slider', { name: 'Plume frame' });
    // The frame nearest the range's end: the last (the demo's plume may join the frames meanwhile).
    await expect
      .poll(async () => (await slider.inputValue()) === (await slider.getAttribute('max')), { timeout: 20_000 })
      .toBe(true);
    const times = Number(await slider.getAttribute('max')) + 1;
    expect(times).toBeGreaterThanOrEqual(new Set(frames.map((f) => f.time)).size);
    await page.waitForTimeout(1_000);
    await page.screenshot({ path: `${SHOTS}/site-dashboard-plume.png`, fullPage: false });
    await expectAccessible(page);

    // Play from the first frame through the whole plume: no request of any kind to the plume API while it plays.
    await slider.fill('0');
    const plumeRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/plume/')) plumeRequests.push(r.url());
    });
    await controls.getByRole('button', { name: 'Play plume' }).click();
    await expect.poll(() => slider.inputValue().then(Number), { timeout: 20_000 }).toBeGreaterThan(5);
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          seen.add(await slider.inputValue());
          return seen.size;
        },
        { timeout: 120_000, interval: 50 },
      )
      .toBeGreaterThanOrEqual(Math.min(times, 30));
    await controls.getByRole('button', { name: 'Pause plume' }).click();
    const paused = await slider.inputValue();
    await page.waitForTimeout(600);
    await expect(slider.inputValue()).resolves.toBe(paused);
    expect(plumeRequests).toEqual([]);

    // A range without plumes says so.
    await page.goto(
      `${suite.server().origin}/site/${siteId}?${new URLSearchParams({
        organizationId: String(organizationId),
        start: new Date(now - 30 * 24 * HOUR_MS).toISOString(),
        end: new Date(now - 29 * 24 * HOUR_MS).toISOString(),
      })}`,
    );
    await page.getByText(PLUME_TEXT.empty).waitFor({ timeout: 30_000 });
    expect(problems).toEqual([]);
    await context.close();
  }, 600_000);
});
