// The analyst's path in Chromium: Site Health → a device's dashboard → charts over the URL's range; quick ranges,
// chart modes, drag to zoom and Escape to cancel a drag.
import { describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { NETWORK_ERROR_MESSAGE } from '@/api/client';
import { MAX_NAMED_SERIES, OTHER_SERIES_LABEL } from '@/domain/chart-series';
import { OFFLINE_MESSAGE } from '@/ui/chart/time-series-chart';
import { browserSuite, expectAccessible, newPage, signIn, SHOTS, startupDevices } from './harness';

const shots = SHOTS;
const NO_LOCATION_STATS = 'No location stats have been collected yet';

function rangeOf(page: Page): { start: number; end: number } {
  const url = new URL(page.url());
  return { start: Date.parse(url.searchParams.get('start') ?? ''), end: Date.parse(url.searchParams.get('end') ?? '') };
}

describe('device dashboard in the browser', () => {
  const suite = browserSuite();
  const server = {
    get origin() {
      return suite.server().origin;
    },
  };
  const browser = { newContext: (...args: Parameters<Browser['newContext']>) => suite.browser().newContext(...args) };

  it('opens a device from Site Health, charts it, zooms by dragging and cancels a drag with Escape', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'org.admin@example.com', '/siteHealth');
    await page.getByText(/^Rows: \d+\/\d+$/).waitFor();
    // A device that reported CH4 recently: its tooltip row has a latest CH4 time.
    const summaries = page.locator('summary[aria-label*=" devices at "]');
    await summaries.first().waitFor();
    const count = await summaries.count();
    let opened = false;
    for (let i = 0; i < count && !opened; i++) {
      await summaries.nth(i).click();
      const rows = page
        .locator('details[open] tbody tr')
        .filter({ hasNot: page.locator('td:nth-child(2):text-is("—")') });
      if ((await rows.count()) > 0) {
        await rows.first().getByRole('link').click();
        opened = true;
      } else await summaries.nth(i).click();
    }
    expect(opened).toBe(true);
    await page.waitForURL(/\/device\//);
    const ch4 = page.getByRole('region', { name: 'CH4 chart' });
    await ch4.waitFor();
    await ch4.locator('canvas').first().waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Wind Speed chart' }).locator('canvas').first().waitFor();
    await page.screenshot({ path: `${shots}/device-dashboard.png`, fullPage: true });
    await expectAccessible(page);

    // A quick range writes the URL.
    await page.getByRole('group', { name: 'Time range' }).locator('button[aria-haspopup="dialog"]').click();
    await page.getByRole('button', { name: 'Last 24 hours' }).click();
    await expect.poll(() => rangeOf(page).end - rangeOf(page).start).toBe(24 * 3_600_000);
    await ch4.locator('canvas').first().waitFor();
    // 1-day averages are off for a one-day span; Raw is on.
    await expect.poll(() => ch4.getByRole('button', { name: '1 Day' }).isDisabled()).toBe(true);
    await ch4.getByRole('button', { name: 'Raw' }).click();
    await expect(ch4.getByRole('button', { name: 'Raw' }).getAttribute('aria-pressed')).resolves.toBe('true');

    // Drag along the y axis: its range is set and a reset button appears.
    const yAxis = ch4.locator('.u-axis').nth(1);
    const yBox = (await yAxis.boundingBox())!;
    await page.mouse.move(yBox.x + yBox.width / 2, yBox.y + yBox.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(yBox.x + yBox.width / 2, yBox.y + yBox.height * 0.6, { steps: 4 });
    await page.mouse.up();
    await ch4.getByRole('button', { name: 'Reset y axis' }).click();
    await expect(ch4.getByRole('button', { name: 'Reset y axis' }).count()).resolves.toBe(0);

    // Drag across half the plot: the range narrows to about half.
    const over = ch4.locator('.u-over');
    await over.waitFor();
    const box = (await over.boundingBox())!;
    const before = rangeOf(page);
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
    await page.keyboard.press('Escape');
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.waitForTimeout(300);
    expect(rangeOf(page)).toEqual(before);
    // One drag zooms: the chart keeps its instance (and the drag) while late series arrive.
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => rangeOf(page).end - rangeOf(page).start).toBeLessThan(0.6 * (before.end - before.start));
    expect(rangeOf(page).end - rangeOf(page).start).toBeGreaterThan(0.4 * (before.end - before.start));
    // Step back keeps the span.
    const zoomed = rangeOf(page);
    await page.getByRole('button', { name: 'Step back' }).click();
    await expect.poll(() => rangeOf(page).end).toBe(zoomed.start);

    // The History dialog of the device.
    await page.getByRole('button', { name: 'History' }).click();
    await page
      .getByRole('dialog', { name: /^History of / })
      .getByText('No changes have been recorded yet.')
      .waitFor();
    await page.keyboard.press('Escape');

    // Installations tab: the Location Stats table starts collapsed and opens to its rows or its empty text; an
    // unknown tab falls back to Data.
    await page.getByRole('tab', { name: 'Installations' }).click();
    await page.getByRole('columnheader', { name: 'Site' }).waitFor();
    const locationStats = page.getByRole('button', { name: 'Location Stats' });
    await expect(locationStats.getAttribute('aria-expanded')).resolves.toBe('false');
    await locationStats.click();
    await expect(locationStats.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.getByRole('table', { name: 'Location Stats' }).or(page.getByText(NO_LOCATION_STATS)).waitFor();
    const url = new URL(page.url());
    url.searchParams.set('tab', 'Nonsense');
    await page.goto(url.toString());
    await page.getByRole('region', { name: 'CH4 chart' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a device's location stats on the map and in the collapsed table, and the empty text for a device without", async () => {
    // The seed's featured devices (printed at start) stand at a site with data history, where most devices report GPS
    // fixes; the operator works in their organization only.
    const featured = await startupDevices(suite, 'A year of one-minute data:');
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const { page, problems } = await newPage(context);
    const listed = page.waitForResponse((r) => r.url().includes('/api/device/deviceList/') && r.ok());
    await signIn(page, server.origin, 'operator@example.com', '/devices');
    const installed = ((await (await listed).json()) as { name: string; currentSiteName: string | null }[])
      .filter((d) => d.currentSiteName !== null)
      .map((d) => d.name);
    const table = page.getByRole('table', { name: 'Location Stats' });
    const empty = page.getByText(NO_LOCATION_STATS);
    let answer: { distanceFromDeviceInstallationInMeters: number; numberOfSatellites: number }[] = [];
    /** Opens the device's Installations tab and its Location Stats; true when it lists fixes. */
    const openStats = async (name: string) => {
      const fetched = page.waitForResponse((r) => r.url().includes('/api/device/deviceLocationStats/') && r.ok());
      await page.goto(`${server.origin}/device/${name}?tab=Installations`);
      answer = (await (await fetched).json()) as typeof answer;
      await page.getByRole('table', { name: 'Installations' }).waitFor();
      const disclosure = page.getByRole('button', { name: 'Location Stats' });
      await expect(disclosure.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(table.or(empty).count()).resolves.toBe(0);
      await disclosure.click();
      await table.or(empty).waitFor();
      return (await table.count()) > 0;
    };
    let withStats: string | undefined;
    for (const name of featured) if (!withStats && (await openStats(name))) withStats = name;
    expect(withStats).toBeDefined();
    for (const name of ['Time', 'Location', 'Satellites', 'Installation', 'Distance from installation (m)'])
      await table.getByRole('columnheader', { name, exact: true }).waitFor();
    // One row per fix of the answer (newest first), satellites as reported, distances in metres to one decimal.
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(answer.length);
    expect(answer.length).toBeGreaterThan(5);
    const first = await rows.first().locator('td').allInnerTexts();
    expect(first[1]).toMatch(/^-?\d+\.\d{5},-?\d+\.\d{5}$/);
    expect(first[2]).toBe(String(answer[0]!.numberOfSatellites));
    expect(first[4]).toBe(answer[0]!.distanceFromDeviceInstallationInMeters.toFixed(1));
    await page.getByRole('region', { name: 'Installations map' }).locator('canvas').first().waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${shots}/device-location-stats.png`, fullPage: true });
    await expectAccessible(page);

    // A device elsewhere reported none.
    let without: string | undefined;
    for (const name of installed
      .filter((n) => !featured.includes(n))
      .slice(-8)
      .reverse())
      if (!without && !(await openStats(name))) without = name;
    expect(without).toBeDefined();
    await empty.waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('charts a device that moved between seven sites over a year: wind per installation, five named and Other', async () => {
    const name = (await startupDevices(suite, 'Moved between seven sites'))[0]!;
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'operator@example.com', `/device/${name}`);
    const speed = page.getByRole('region', { name: 'Wind Speed chart' });
    await speed.locator('canvas').first().waitFor({ timeout: 30_000 });

    // A year, typed into the range dialog: a year before its To.
    await page.getByRole('group', { name: 'Time range' }).locator('button[aria-haspopup="dialog"]').click();
    const dialog = page.getByRole('dialog', { name: 'Choose a time range' });
    const to = await dialog.getByLabel('To').inputValue();
    await dialog
      .getByLabel('From')
      .fill(new Date(Date.parse(`${to}:00Z`) - 364 * 86_400_000).toISOString().slice(0, 16));
    const spanOf = (url: string) =>
      Date.parse(new URL(url).searchParams.get('endTime') ?? '') -
      Date.parse(new URL(url).searchParams.get('startTime') ?? '');
    const yearOfWind = page.waitForResponse(
      (r) => r.url().includes('/api/data/deviceWindData/') && spanOf(r.url()) > 360 * 86_400_000 && r.ok(),
    );
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => Math.round((rangeOf(page).end - rangeOf(page).start) / 86_400_000)).toBe(364);
    await yearOfWind;

    // Seven installations in range: five lines named by site, the other two as one 'Other' line, on both wind charts.
    for (const chart of [speed, page.getByRole('region', { name: 'Wind Direction chart' })]) {
      const labels = chart.locator('.u-legend .u-series .u-label');
      await expect.poll(() => labels.count(), { timeout: 30_000 }).toBe(1 + MAX_NAMED_SERIES + 1);
      const texts = await labels.allInnerTexts();
      expect(texts.at(-1)).toBe(OTHER_SERIES_LABEL);
      for (const text of texts.slice(1, -1)) expect(text).toMatch(/ \(from .+\)$/);
      // A year allows the 1-day average (directions as circular means) but not the 15-minute or hourly ones.
      await expect(chart.getByRole('button', { name: '15 Minutes' }).isDisabled()).resolves.toBe(true);
      await expect(chart.getByRole('button', { name: '1 Day' }).isDisabled()).resolves.toBe(false);
    }
    await expect
      .poll(() => page.getByRole('status', { name: /^(Loading|Refreshing) / }).count(), { timeout: 30_000 })
      .toBe(0);
    await page.screenshot({ path: `${shots}/device-dashboard-roaming.png`, fullPage: true });
    await expectAccessible(page);

    // The daily means per installation: still five named lines and Other. The direction chart may have asked for them
    // already (a year opens it on 1 Day), in which case the speed chart takes them from the query cache.
    await speed.getByRole('button', { name: '1 Day' }).click();
    await expect(speed.getByRole('button', { name: '1 Day' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect
      .poll(() => speed.locator('.u-legend .u-series .u-label').allInnerTexts())
      .toContain(OTHER_SERIES_LABEL);

    // A drag narrows every chart at once: the loaded series redraw over the new range before the new answers arrive.
    // The daily answer may redraw the chart; drag on the plot that is on screen once it has settled.
    const over = speed.locator('.u-over');
    const before = rangeOf(page);
    const narrowed = () => rangeOf(page).end - rangeOf(page).start < 0.2 * (before.end - before.start);
    // A drag that lands while the daily answer replaces the plot is lost with it (the user would drag again).
    for (let attempt = 0; attempt < 3 && !narrowed(); attempt++) {
      await expect.poll(async () => (await over.boundingBox())?.width ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
      const box = (await over.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.99, box.y + box.height / 2, { steps: 6 });
      await page.mouse.up();
      await expect
        .poll(narrowed, { timeout: 5_000 })
        .toBe(true)
        .catch(() => undefined);
    }
    expect(narrowed()).toBe(true);
    const ch4 = page.getByRole('region', { name: 'CH4 chart' });
    await ch4.locator('canvas').first().waitFor();
    await expect
      .poll(() => page.getByRole('status', { name: /^(Loading|Refreshing) / }).count(), { timeout: 30_000 })
      .toBe(0);
    expect(problems).toEqual([]);

    // Offline: a step back keeps the last good chart on screen, says so, and loads once the connection returns.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Step back' }).click();
    await ch4.getByRole('status').filter({ hasText: OFFLINE_MESSAGE }).waitFor({ timeout: 20_000 });
    await expect(ch4.locator('canvas').count()).resolves.toBeGreaterThan(0);
    await context.setOffline(false);
    await expect
      .poll(() => ch4.getByRole('status').filter({ hasText: OFFLINE_MESSAGE }).count(), { timeout: 20_000 })
      .toBe(0);
    await expect
      .poll(() => page.getByRole('status', { name: /^(Loading|Refreshing) / }).count(), { timeout: 30_000 })
      .toBe(0);

    // The server cannot be reached while the browser thinks it is online: the error with a Retry, which recovers.
    const refuse = (route: Route) => route.abort('connectionrefused');
    await page.route('**/api/data/**', refuse);
    await page.getByRole('button', { name: 'Step back' }).click();
    const failure = ch4.getByRole('alert');
    await expect(failure.innerText({ timeout: 20_000 })).resolves.toContain(NETWORK_ERROR_MESSAGE);
    await expect(ch4.locator('canvas').count()).resolves.toBeGreaterThan(0);
    await page.unroute('**/api/data/**', refuse);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => failure.count(), { timeout: 20_000 }).toBe(0);
    await expect
      .poll(() => page.getByRole('status', { name: /^(Loading|Refreshing) / }).count(), { timeout: 30_000 })
      .toBe(0);
    // The browser logs each refused request; nothing else went wrong.
    expect(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|ERR_FAILED/.test(p))).toEqual([]);
    await context.close();
  });

  it("opens the featured site's dashboard from Sites: widgets, a line per device, totals, emissions, events and the alarm panel", async () => {
    const featured = (await startupDevices(suite, 'A year of one-minute data:'))[0]!;
    const context = await browser.newContext({ viewport: { width: 1500, height: 1100 } });
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'operator@example.com', `/device/${featured}`);
    const at = (await page.getByText(/^at /).first().innerText()).replace(/^at /, '');
    // From the Sites page: the row's Dashboard link.
    const listed = page.waitForResponse((r) => r.url().includes('/api/site/siteList/') && r.ok());
    await page.getByRole('link', { name: 'Sites', exact: true }).click();
    await listed;
    await page.getByPlaceholder('Search sites').fill(at);
    await page
      .getByRole('link', { name: `Dashboard of ${at}` })
      .first()
      .click();
    await page.waitForURL(/\/site\/\d+/);
    await page.getByRole('heading', { name: `${at} Dashboard` }).waitFor();
    await expect(page.title()).resolves.toContain(`${at} Dashboard`);
    // The default widgets: Map, Emissions Timeline, CH4 Emission Rate; the right column's cards.
    await page.getByRole('region', { name: 'Map' }).locator('canvas').first().waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Emissions Timeline chart' }).waitFor();
    await page.getByRole('region', { name: 'CH4 Emission Rate chart' }).waitFor();
    await page.getByRole('region', { name: 'Site Emission Totals' }).waitFor();
    await page.getByRole('region', { name: 'Site Events' }).waitFor();
    // CH4 with a line per device at the site (five named at most, then Other).
    await page.getByRole('button', { name: 'Show/Hide Widgets' }).click();
    await page.getByRole('checkbox', { name: 'CH4', exact: true }).check();
    await page.keyboard.press('Escape');
    const ch4 = page.getByRole('region', { name: 'CH4 chart' });
    const labels = ch4.locator('.u-legend .u-series .u-label');
    await expect.poll(() => labels.count(), { timeout: 30_000 }).toBeGreaterThan(1);
    const names = (await labels.allInnerTexts()).slice(1);
    // The featured site has more than five devices reporting CH4: the five with the most readings in view, then Other.
    expect(names).toHaveLength(MAX_NAMED_SERIES + 1);
    expect(names.at(-1)).toBe(OTHER_SERIES_LABEL);
    for (const name of names.slice(0, -1)) expect(name).toMatch(/^[A-Z]+(-V3)?-\d+$/);
    // The choice is remembered.
    await page.reload();
    await page.getByRole('region', { name: 'CH4 chart' }).waitFor();
    // Emissions as a list; a row links to the dashboard around the emission.
    const emissions = page.getByRole('region', { name: 'CH4 Emissions' });
    await emissions.getByRole('tab', { name: 'List' }).click();
    await emissions
      .getByRole('table', { name: 'Emissions' })
      .or(emissions.getByText('No emissions for the selected time period'))
      .waitFor();
    await expect
      .poll(() => page.getByRole('status', { name: /^(Loading|Refreshing) / }).count(), { timeout: 30_000 })
      .toBe(0);
    await page.screenshot({ path: `${shots}/site-dashboard.png`, fullPage: true });
    await expectAccessible(page);
    // An alarm of the site opens the panel and puts alarmId in the address; Escape closes both.
    const alarms = page.getByRole('list', { name: 'Site alarms' });
    if ((await alarms.count()) > 0) {
      await alarms.getByRole('button').first().click();
      await expect.poll(() => new URL(page.url()).searchParams.get('alarmId')).not.toBeNull();
      await page.getByRole('button', { name: 'Close alarm' }).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Close alarm');
      await page.keyboard.press('Escape');
      await expect.poll(() => new URL(page.url()).searchParams.get('alarmId')).toBeNull();
    }
    // The site's inspections in the same table; one opens in its dialog.
    const events = page.getByRole('region', { name: 'Site Events' });
    await events.getByRole('tab', { name: 'Inspections' }).click();
    const inspections = events.getByRole('list', { name: 'Site inspections' });
    await inspections.or(events.getByText('No inspections for the selected time period')).waitFor();
    if ((await inspections.count()) > 0) {
      await inspections.getByRole('button').first().click();
      await page.getByRole('dialog', { name: /Inspection/ }).waitFor();
      await page.keyboard.press('Escape');
    }
    // Site details from the menu.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'View Site Details' }).click();
    await page.getByRole('dialog', { name: `${at} details` }).waitFor();
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends a deleted site, and a site of another organization, back to the landing page; its Sites row has no dashboard or deployment link', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const { page, problems } = await newPage(context);
    const listed = page.waitForResponse(
      (r) => r.url().includes('/api/site/siteList/') && r.url().includes('includeDeletedSites') && r.ok(),
    );
    await signIn(page, server.origin, 'provider.admin@example.com', '/sites');
    await page.getByLabel('Show Deleted').check();
    const sites = (await (await listed).json()) as { id: number; name: string; deletedAt: string | null }[];
    const deleted = sites.find((s) => s.deletedAt !== null);
    expect(deleted).toBeDefined();
    await page.getByPlaceholder('Search sites').fill(deleted!.name);
    await expect(
      page
        .getByRole('button', { name: `Dashboard of ${deleted!.name}: Not available` })
        .first()
        .isDisabled(),
    ).resolves.toBe(true);
    // A deleted site has no deployment to edit; a live one's row opens its edit screen on the Deployment Plan tab.
    await expect(page.getByRole('link', { name: `Edit deployment of ${deleted!.name}` }).count()).resolves.toBe(0);
    const live = sites.find((s) => s.deletedAt === null)!;
    await page.getByPlaceholder('Search sites').fill(live.name);
    await page
      .getByRole('link', { name: `Edit deployment of ${live.name}` })
      .first()
      .click();
    await page.waitForURL(
      (u) => u.pathname === `/site/${live.id}/edit` && u.searchParams.get('tab') === 'DeploymentPlan',
    );
    await page.getByRole('tab', { name: /Deployment Plan/, selected: true }).waitFor();
    await page.goto(`${server.origin}/site/${deleted!.id}`);
    await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/overview');
    // An unknown site is said so (issue 25: never a silent bounce); the spec's redirect stays for a deleted one.
    await page.goto(`${server.origin}/site/999999`);
    await page.getByRole('heading', { name: 'Not found or no access' }).waitFor();
    await page.getByText(/There is no site 999999, or it belongs to an organization/).waitFor();
    expect(problems.filter((p) => !/404|410/.test(p))).toEqual([]);
    await context.close();
  });

  it('says so for a device name that does not exist', async () => {
    const context = await browser.newContext();
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'org.admin@example.com', '/device/NO-SUCH-DEVICE');
    await page.getByText(/There is no device NO-SUCH-DEVICE, or it belongs to an organization/).waitFor();
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    await context.close();
  });
});
