// The site dashboard's map in Chromium: the featured site's map with its layer toggles — structures, concentration
// roses of a chosen gas (a click on a sector selects its cone, Hide Cones clears it), the wind rose and wind field —
// a loading indicator while they load, and the toggles and gas remembered after a reload.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { SiteBaseline } from '@/contracts/emission';
import type { SiteListRow } from '@/contracts/site';
import type { SiteDeviceStay, SiteDetail, SiteSource } from '@/contracts/site-dashboard';
import type { RoseChartDatum } from '@/contracts/site-map';
import { adjacentSites, roseArcs, SITE_MAP_LAYERS_STORAGE_KEY, SITE_MAP_MIN_ZOOM } from '@/domain/site-map';
import { browserSuite, expectAccessible, findFeaturedSite, newPage, settledMapView, signIn, SHOTS } from './harness';

/** Pixels from a marker's centre past which a click reaches the roses under it (a source's disc is 11 px plus outline). */
const MARKER_CLEARANCE_PX = 16;

describe('site dashboard map in the browser', () => {
  const suite = browserSuite();
  const browser = { newContext: (...args: Parameters<Browser['newContext']>) => suite.browser().newContext(...args) };

  it('toggles structures, roses with a gas, cones, wind rose and wind field, and remembers them', async () => {
    const { siteName: at, siteId, organizationId } = await findFeaturedSite(suite);
    const context = await browser.newContext({ viewport: { width: 1400, height: 1100 } });
    const { page, problems } = await newPage(context);
    const detailLoaded = page.waitForResponse((r) => r.url().includes('/api/site/siteDetail/') && r.ok());
    const devicesLoaded = page.waitForResponse((r) => r.url().includes('/api/site/siteDashboardDevices/') && r.ok());
    const sourcesLoaded = page.waitForResponse((r) => r.url().includes('/api/site/siteSources/') && r.ok());
    const structuresLoaded = page.waitForResponse(
      (r) => r.url().includes('/api/structure/getStructureEdit/') && r.ok(),
    );
    await signIn(
      page,
      suite.server().origin,
      'org.admin@example.com',
      `/site/${siteId}?organizationId=${organizationId}`,
    );
    await page.getByRole('heading', { name: `${at} Dashboard` }).waitFor();
    const site = (await (await detailLoaded).json()) as SiteDetail;
    const stays = (await (await devicesLoaded).json()) as SiteDeviceStay[];
    const sources = (await (await sourcesLoaded).json()) as SiteSource[];
    await structuresLoaded;

    const map = page.getByRole('region', { name: 'Map', exact: true });
    const controls = map.getByRole('group', { name: 'Map layers' });
    await expect(controls.getByLabel('Structures').isChecked()).resolves.toBe(true);
    await expect(controls.getByLabel('Concentration roses').isChecked()).resolves.toBe(false);
    await map.getByLabel(`Map of ${site.name}`).locator('canvas').first().waitFor();

    // Roses: CH4 first, then another gas asks the server for that gas; back to CH4. The first answer is held back a
    // little (passed on unchanged) so the loading indicator can be seen.
    await page.route(
      '**/api/data/roseChartData/**',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      },
      { times: 1 },
    );
    let roseRequest = page.waitForResponse(
      (r) => r.url().includes('/api/data/roseChartData/') && r.url().includes('measurementTypeId=1') && r.ok(),
    );
    await controls.getByLabel('Concentration roses').check();
    await map.getByRole('status', { name: 'Loading map data' }).waitFor();
    let rose = (await (await roseRequest).json()) as RoseChartDatum[];
    const gas = controls.getByLabel('Rose gas');
    const other = page.waitForResponse(
      (r) => r.url().includes('/api/data/roseChartData/') && r.url().includes('measurementTypeId=2') && r.ok(),
    );
    await gas.selectOption({ label: 'CO' });
    await other;
    roseRequest = page.waitForResponse(
      (r) => r.url().includes('/api/data/roseChartData/') && r.url().includes('measurementTypeId=1'),
    );
    await gas.selectOption({ label: 'CH4' });
    // Cached from the first time: the answer may come from the query cache without a request.
    await Promise.race([
      roseRequest.then(async (r) => (rose = (await r.json()) as RoseChartDatum[])),
      page.waitForTimeout(1_000),
    ]);
    expect(rose.length).toBeGreaterThan(0);
    await expect.poll(() => map.getByRole('status', { name: 'Loading map data' }).count()).toBe(0);

    // Click the middle of the fullest drawn sector that no marker covers (a source or device is drawn over the roses and
    // takes the click; which sector is fullest depends on the demo's clock), where the map settled after fitting.
    const region = map.getByLabel(`Map of ${site.name}`);
    const view = await settledMapView(page, region);
    const markers = [...stays.map((s) => s.location), ...sources.filter((s) => !s.deleted).map((s) => s.location)].map(
      view.pixel,
    );
    const uncovered = roseArcs(rose)
      .filter((a) => stays.some((s) => s.installationId === a.deviceInstallationId))
      .sort((a, b) => b.outerPx - a.outerPx)
      .map((arc) => {
        const stayPx = view.pixel(stays.find((s) => s.installationId === arc.deviceInstallationId)!.location);
        const r = (arc.innerPx + arc.outerPx) / 2;
        const deg = (arc.directionIndex * 22.5 * Math.PI) / 180;
        return { x: stayPx.x + r * Math.sin(deg), y: stayPx.y - r * Math.cos(deg), width: arc.outerPx - arc.innerPx };
      })
      .find((at) => at.width >= 6 && markers.every((m) => Math.hypot(m.x - at.x, m.y - at.y) > MARKER_CLEARANCE_PX));
    expect(uncovered).toBeDefined();
    const hideCones = controls.getByRole('button', { name: 'Hide Cones' });
    await expect(hideCones.isDisabled()).resolves.toBe(true);
    await page.mouse.click(uncovered!.x, uncovered!.y);
    await expect.poll(() => hideCones.isEnabled()).toBe(true);

    // Wind rose and wind field: the site's wind, drawn as an SVG rose over the map.
    const windLoaded = page.waitForResponse((r) => r.url().includes('/api/data/siteWindData/') && r.ok());
    await controls.getByLabel('Wind rose').check();
    await windLoaded;
    await map.getByRole('img', { name: 'Wind rose: share of wind from each direction' }).waitFor();
    await controls.getByLabel('Wind field').check();
    await map.getByText(/^Wind at /).waitFor();
    await controls.getByLabel('Structures').uncheck();
    await page.screenshot({ path: `${SHOTS}/site-dashboard-map.png`, fullPage: false });
    await expectAccessible(page);

    await hideCones.click();
    await expect.poll(() => hideCones.isDisabled()).toBe(true);

    // After a reload the toggles and the gas are as they were left.
    const stored = await page.evaluate((k) => window.localStorage.getItem(k), SITE_MAP_LAYERS_STORAGE_KEY);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({
      structures: false,
      roses: true,
      windRose: true,
      windField: true,
      roseGas: 1,
    });
    await page.reload();
    await page.getByRole('heading', { name: `${at} Dashboard` }).waitFor();
    const after = page.getByRole('region', { name: 'Map', exact: true }).getByRole('group', { name: 'Map layers' });
    await after.getByLabel('Concentration roses').waitFor();
    await expect(after.getByLabel('Structures').isChecked()).resolves.toBe(false);
    await expect(after.getByLabel('Concentration roses').isChecked()).resolves.toBe(true);
    await expect(after.getByLabel('Wind rose').isChecked()).resolves.toBe(true);
    await expect(after.getByLabel('Wind field').isChecked()).resolves.toBe(true);
    await expect(after.getByLabel('Rose gas').inputValue()).resolves.toBe('1');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the menu's Baseline History (SiteBaselineAdministration) lists the site's baselines; an operator has none", async () => {
    const { siteName: at, siteId, organizationId } = await findFeaturedSite(suite);
    const path = `/site/${siteId}?organizationId=${organizationId}`;
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, suite.server().origin, 'org.admin@example.com', path);
    await page.getByRole('heading', { name: `${at} Dashboard` }).waitFor();
    const historyLoaded = page.waitForResponse((r) => r.url().includes('/api/siteBaseline/siteHistory/') && r.ok());
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Baseline History' }).click();
    const dialog = page.getByRole('dialog', { name: `Site Baseline History: ${at}` });
    await dialog.waitFor();
    const baselines = (await (await historyLoaded).json()) as SiteBaseline[];
    if (baselines.length === 0) await dialog.getByText('No Active Baseline Set').waitFor();
    else {
      await expect.poll(() => dialog.getByRole('row').count()).toBe(baselines.length + 1);
      const first = dialog.getByRole('row').nth(1);
      await expect(first.getByRole('cell').nth(5).innerText()).resolves.toBe(baselines[0]!.createdBy ?? '');
    }
    await expect(dialog.getByRole('link', { name: 'Open Site Baselines' }).getAttribute('href')).resolves.toBe(
      `/siteBaselines?organizationId=${organizationId}`,
    );
    await page.screenshot({ path: `${SHOTS}/site-dashboard-baseline-history.png` });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();

    // The operator (no SiteBaselineAdministration) sees the menu without it.
    const other = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const { page: op } = await newPage(other);
    await signIn(op, suite.server().origin, 'operator@example.com', path);
    await op.getByRole('heading', { name: `${at} Dashboard` }).waitFor();
    await op.getByRole('button', { name: 'Menu' }).click();
    await op.getByRole('menuitem', { name: 'View Site Details' }).waitFor();
    await expect(op.getByRole('menuitem', { name: 'Baseline History' }).count()).resolves.toBe(0);
    await other.close();
  }, 90_000);

  it("draws the adjacent sites: hover shows name and alias, a click opens that site's dashboard", async () => {
    const { siteName: at, siteId, organizationId } = await findFeaturedSite(suite);
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const { page, problems } = await newPage(context);
    const detailLoaded = page.waitForResponse((r) => r.url().includes('/api/site/siteDetail/') && r.ok());
    const listLoaded = page.waitForResponse((r) => r.url().includes('/api/site/siteList/') && r.ok());
    await signIn(
      page,
      suite.server().origin,
      'org.admin@example.com',
      `/site/${siteId}?organizationId=${organizationId}`,
    );
    await page.getByRole('heading', { name: `${at} Dashboard` }).waitFor();
    const site = (await (await detailLoaded).json()) as SiteDetail;
    const near = adjacentSites(site, (await (await listLoaded).json()) as SiteListRow[]);
    expect(near.length).toBeGreaterThan(0);
    const target = near[0]!;

    const map = page.getByRole('region', { name: 'Map', exact: true });
    const region = map.getByLabel(`Map of ${site.name}`);
    await region.locator('canvas').first().waitFor();
    const view = async () => {
      const v = await settledMapView(page, region);
      const at = v.pixel(target.location);
      return { zoom: v.zoom, dx: at.x - (v.box.x + v.box.width / 2), dy: at.y - (v.box.y + v.box.height / 2) };
    };
    // Out to the minimum zoom, then the target site to the middle.
    const zoomOut = map.getByRole('button', { name: 'Zoom out' });
    await expect
      .poll(
        async () => {
          if ((await view()).zoom > SITE_MAP_MIN_ZOOM + 0.01) await zoomOut.click();
          return (await view()).zoom;
        },
        { timeout: 40_000 },
      )
      .toBeCloseTo(SITE_MAP_MIN_ZOOM, 1);
    const box = (await region.boundingBox())!;
    const [mx, my] = [box.x + box.width / 2, box.y + box.height / 2];
    let { dx, dy } = await view();
    await page.mouse.move(mx, my);
    await page.mouse.down();
    await page.mouse.move(mx - dx, my - dy, { steps: 12 });
    await page.mouse.up();
    ({ dx, dy } = await view());
    await page.mouse.move(mx + dx, my + dy);
    await expect.poll(() => map.getByRole('tooltip').innerText()).toBe(target.label);
    await page.screenshot({ path: `${SHOTS}/site-dashboard-adjacent-sites.png` });
    await page.mouse.click(mx + dx, my + dy);
    await page.waitForURL((u) => u.pathname === `/site/${target.id}`);
    await page.getByRole('heading', { name: `${target.name} Dashboard` }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
