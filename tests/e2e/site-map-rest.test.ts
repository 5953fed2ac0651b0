// The rest of the site map in Chromium on the featured site: a click on the CH4 chart focuses its time and the map
// draws a wind trail at each device with its speed (said under the map too, the canvas being mute); sources carry their
// category's icon with a key of the site's categories; the range's inspection images are read and drawn; an inspection
// pinned on the timeline stands on the map as a pin whose popup tells time, findings and notes. Screenshots and axe.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { InspectionListItem } from '@/contracts/inspection';
import type { SiteDetail, SiteSource } from '@/contracts/site-dashboard';
import type { SiteWindData } from '@/contracts/site-map';
import { SITE_WIDGETS_STORAGE_KEY } from '@/domain/site-dashboard';
import { SOURCE_CATEGORIES } from '@/domain/source-category';
import { inspectionMark } from '@/entities/site/inspection-marks';
import { windTrail } from '@/entities/site/wind-trail';
import { focusStepMs } from '@/features/site-dashboard/dashboard-focus';
import { trailReachM } from '@/features/site-dashboard/wind-trail-scale';
import { browserSuite, expectAccessible, findFeaturedSite, newPage, settledMapView, signIn, SHOTS } from './harness';

const DAY = 86_400_000;

/** The map's pixel of a place, once the map has stopped moving. */
async function mapPixel(page: Page, mapLabel: string, at: { lat: number; lng: number }) {
  return (await settledMapView(page, page.getByLabel(mapLabel))).pixel(at);
}

describe('site map: wind trails, source icons, inspection images and pins', () => {
  const suite = browserSuite();
  const browser = { newContext: (...args: Parameters<Browser['newContext']>) => suite.browser().newContext(...args) };

  it('focuses a date from a chart, draws trails with speeds, icons by category, images and a pinned inspection', async () => {
    const { siteName, siteId, organizationId } = await findFeaturedSite(suite);
    const end = Date.now();
    // The e2e seed holds a week of wind; inspections go 60 days back.
    const start = end - 5 * DAY;
    const context = await browser.newContext({ viewport: { width: 1500, height: 1300 } });
    await context.addInitScript(([key, widgets]) => window.localStorage.setItem(key, widgets), [
      SITE_WIDGETS_STORAGE_KEY,
      JSON.stringify(['map', 'inspections', 1]),
    ] as const);
    const { page, problems } = await newPage(context);
    let imagesRead = 0;
    page.on('response', (r) => {
      if (r.url().includes('/api/inspection/inspectionImage/') && r.ok()) imagesRead++;
    });
    const detailLoaded = page.waitForResponse((r) => r.url().includes('/api/site/siteDetail/') && r.ok());
    const sourcesLoaded = page.waitForResponse((r) => r.url().includes('/api/site/siteSources/') && r.ok());
    const path = (from: number) =>
      `/site/${siteId}?organizationId=${organizationId}&start=${new Date(from).toISOString()}&end=${new Date(end).toISOString()}`;
    await signIn(page, suite.server().origin, 'org.admin@example.com', path(start));
    await page.getByRole('heading', { name: `${siteName} Dashboard` }).waitFor();
    const site = (await (await detailLoaded).json()) as SiteDetail;
    const sources = (await (await sourcesLoaded).json()) as SiteSource[];
    const map = page.locator('section[aria-label="Map"]');
    const mapLabel = `Map of ${site.name}`;
    await map.getByLabel(mapLabel).locator('canvas').first().waitFor();

    // Source icons: the key names the categories of the site's sources.
    const key = map.getByText(/^Source icons \(\d+ categor(y|ies) at this site\)$/);
    await key.click();
    const names = [
      ...new Set(
        sources
          .filter((s) => !s.deleted)
          .map((s) => SOURCE_CATEGORIES.find((c) => c.id === s.sourceCategoryId)?.name ?? 'Uncategorized'),
      ),
    ];
    const listed = map.getByRole('list', { name: 'Source categories at this site' }).getByRole('listitem');
    await expect
      .poll(() => listed.allInnerTexts())
      .toEqual(expect.arrayContaining(names.map((n) => expect.stringContaining(n) as unknown)));
    await expect(listed.count()).resolves.toBe(names.length);

    await map.screenshot({ path: `${SHOTS}/site-map-source-icons.png` });

    // Focus: a click in the middle of the CH4 chart's plot.
    await map.getByText(/^Click a chart to focus a date/).waitFor();
    const trailLoaded = page.waitForResponse((r) => r.url().includes('/api/data/siteWindTrail/') && r.ok());
    const plot = page.getByRole('region', { name: 'CH4 chart', exact: true }).locator('.u-over');
    const plotBox = (await plot.boundingBox())!;
    await page.mouse.click(plotBox.x + plotBox.width / 2, plotBox.y + plotBox.height / 2);
    const trailResponse = await trailLoaded;
    const focusTime = Date.parse(new URL(trailResponse.url()).searchParams.get('time')!);
    expect(Math.abs(focusTime - (start + end) / 2)).toBeLessThan(3 * DAY);
    const wind = (await trailResponse.json()) as SiteWindData;
    const heads = wind.installations.flatMap((i) => i.wind.filter((w) => w.time <= focusTime).slice(-1));
    expect(heads.length).toBeGreaterThan(0);
    const focused = map.getByRole('status', { name: 'Focused date' });
    await expect.poll(() => focused.innerText(), { timeout: 15_000 }).toMatch(/wind trails .* at .+ \d+\.\d \S+/);
    // The speed said is the head's: km/h as stored, or the user's unit.
    const said = await focused.innerText();
    const speeds = heads.flatMap((h) => [
      h.windSpeed,
      h.windSpeed / 3.6,
      h.windSpeed * 0.6213712,
      h.windSpeed * 0.5399568,
    ]);
    expect(speeds.some((v) => said.includes(`${v.toFixed(1)} `))).toBe(true);
    // Trails reaching kilometres are drawn shrunk to fit the map, the factor and the longest's true reach said.
    const reaches = wind.installations.flatMap((i) => {
      const trail = windTrail(i.location, i.wind, focusTime, wind.periodMs);
      return trail ? [trailReachM(trail)] : [];
    });
    const note = /drawn shrunk ([\d.]+)× to fit the map: the longest reaches ([\d.]+) (k?m) from its device/.exec(said);
    if (Math.max(...reaches) > 2000) expect(note).not.toBeNull();
    if (note) {
      const stated = Number(note[2]) * (note[3] === 'km' ? 1000 : 1);
      expect(reaches.some((r) => Math.abs(r - stated) <= (note[3] === 'km' ? 50 : 0.5))).toBe(true);
      expect(Number(note[1])).toBeGreaterThan(1);
    }

    await map.screenshot({ path: `${SHOTS}/site-map-rest.png` });
    await expectAccessible(page);

    await map.getByRole('button', { name: 'Clear focus' }).click();
    await map.getByText(/^Click a chart to focus a date/).waitFor();

    // The keyboard focuses a date too: Left from nothing starts at the range's end, the next Left steps back one
    // resolution of the charts, Escape clears.
    const keys = map.getByRole('slider', { name: 'Focus a date (arrow keys step, Escape clears)' });
    const trailTime = async (press: () => Promise<void>) => {
      const answered = page.waitForResponse((r) => r.url().includes('/api/data/siteWindTrail/') && r.ok());
      await press();
      return Date.parse(new URL((await answered).url()).searchParams.get('time')!);
    };
    await keys.focus();
    const atEnd = await trailTime(() => keys.press('ArrowLeft'));
    expect(Math.abs(atEnd - end)).toBeLessThan(60_000);
    const back = await trailTime(() => keys.press('ArrowLeft'));
    expect(atEnd - back).toBe(focusStepMs({ start, end }));
    await expect.poll(() => focused.innerText(), { timeout: 15_000 }).toMatch(/wind trails|no device has wind/);
    const said2 = await keys.getAttribute('aria-valuetext');
    expect(await focused.innerText()).toContain(`Focused: ${said2}`);
    await keys.press('Escape');
    await map.getByText(/^Click a chart to focus a date/).waitFor();
    expect(await keys.getAttribute('aria-valuetext')).toBe('No date focused');

    // 60 days: the site's inspections (3 to 6 in the demo); their images are read, one is pinned.
    const from = end - 60 * DAY;
    const inspectionsLoaded = page.waitForResponse(
      (r) => r.url().includes('/api/inspection/siteInspections/') && r.ok(),
    );
    await page.goto(`${suite.server().origin}${path(from)}`);
    const inspections = ((await (await inspectionsLoaded).json()) as InspectionListItem[]).filter(
      (i) => Date.parse(i.time) >= from && Date.parse(i.time) <= end,
    );
    expect(inspections.length).toBeGreaterThan(0);
    await map.getByLabel(mapLabel).locator('canvas').first().waitFor();
    // Inspection images of the range are read for the map.
    const withImages = inspections.filter((i) => i.hasImage);
    if (withImages.length > 0) await expect.poll(() => imagesRead, { timeout: 20_000 }).toBeGreaterThan(0);

    // Pin the range's first inspection on the timeline: a pin stands at its mark; its popup tells the details.
    {
      const timeline = page.getByRole('region', { name: 'Inspections Timeline' });
      // The timeline draws the marks in the answer's order.
      const first = inspections[0]!;
      await timeline
        .getByRole('button', { name: /^Pin inspection: / })
        .first()
        .click();
      await timeline.getByRole('list', { name: 'Pinned inspections' }).waitFor();
      const mark = inspectionMark(first, new Map(sources.map((s) => [s.id, s.location])), site.location);
      await map.scrollIntoViewIfNeeded();
      const at = await mapPixel(page, mapLabel, mark);
      // The pin stands on its mark: its head is about 30 pixels above it.
      await page.mouse.click(at.x, at.y - 30);
      const popup = map.getByRole('dialog', { name: /^Pinned inspection of / });
      await popup.waitFor();
      await popup.getByText('Findings').waitFor();
      await expect.poll(() => popup.innerText()).not.toContain('Loading…');
      await expect(popup.innerText()).resolves.toContain(first.detectionFound ? 'Detection found' : 'No detection');
      await page.screenshot({ path: `${SHOTS}/site-map-pinned-inspection.png` });
      await expectAccessible(page);
      await popup.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => popup.count()).toBe(0);
    }

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('turns every map layer on at once, with a focused date and a pinned inspection, and stays accessible', async () => {
    const { siteName, siteId, organizationId } = await findFeaturedSite(suite);
    const end = Date.now();
    const start = end - 5 * DAY;
    const context = await browser.newContext({ viewport: { width: 1500, height: 1300 } });
    await context.addInitScript(([key, widgets]) => window.localStorage.setItem(key, widgets), [
      SITE_WIDGETS_STORAGE_KEY,
      JSON.stringify(['map', 'inspections', 1]),
    ] as const);
    const { page, problems } = await newPage(context);
    const path = `/site/${siteId}?organizationId=${organizationId}&start=${new Date(start).toISOString()}&end=${new Date(end).toISOString()}`;
    await signIn(page, suite.server().origin, 'org.admin@example.com', path);
    await page.getByRole('heading', { name: `${siteName} Dashboard` }).waitFor();
    const map = page.locator('section[aria-label="Map"]');
    await map.locator('canvas').first().waitFor();

    // Every toggle of the map's layers, whichever exist (each layer's own tests check what it draws).
    const toggles = map.getByRole('group', { name: 'Map layers' }).getByRole('checkbox');
    const count = await toggles.count();
    expect(count).toBeGreaterThanOrEqual(8);
    for (let i = 0; i < count; i++) if (!(await toggles.nth(i).isChecked())) await toggles.nth(i).check();
    for (let i = 0; i < count; i++) await expect(toggles.nth(i).isChecked()).resolves.toBe(true);

    const trailLoaded = page.waitForResponse((r) => r.url().includes('/api/data/siteWindTrail/') && r.ok());
    const plotBox = (await page
      .getByRole('region', { name: 'CH4 chart', exact: true })
      .locator('.u-over')
      .boundingBox())!;
    await page.mouse.click(plotBox.x + plotBox.width * 0.7, plotBox.y + plotBox.height / 2);
    await trailLoaded;
    await expect
      .poll(() => map.getByRole('status', { name: 'Focused date' }).innerText(), { timeout: 15_000 })
      .toMatch(/wind trails/);
    const pin = page
      .getByRole('region', { name: 'Inspections Timeline' })
      .getByRole('button', { name: /^Pin inspection: / });
    if ((await pin.count()) > 0) await pin.first().click();
    await expect.poll(() => map.getByRole('status', { name: 'Loading map data' }).count(), { timeout: 30_000 }).toBe(0);
    await page.screenshot({ path: `${SHOTS}/site-map-every-layer.png` });
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
