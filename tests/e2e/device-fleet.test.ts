// The operator's device work in Chromium: filter the Device Health grid and open a 7-day trend, add a device through
// the form's validation, quarantine a running site's devices until its model stops, and the Devices page tiles.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { writeQrVideo } from './fake-camera';
import { browserSuite, expectAccessible, newPage, signIn, SHOTS } from './harness';

const rowsCount = async (page: Page) => {
  const text = (await page.getByText(/^Rows: \d+\/\d+$/).textContent()) ?? '';
  const [, shown, total] = /Rows: (\d+)\/(\d+)/.exec(text) ?? [];
  return { shown: Number(shown), total: Number(total) };
};

describe('device fleet in the browser', () => {
  const suite = browserSuite();
  const origin = () => suite.server().origin;
  const newContext = (...args: Parameters<Browser['newContext']>) => suite.browser().newContext(...args);

  it('filters the health grid, opens a trend from a reading and adds a device', async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'operator@example.com', '/deviceHealth');
    await page.getByRole('heading', { name: 'Device Health' }).waitFor();
    await expect.poll(async () => (await rowsCount(page)).total, { timeout: 20_000 }).toBeGreaterThan(10);
    const all = await rowsCount(page);
    await page.screenshot({ path: `${SHOTS}/device-health.png` });
    await expectAccessible(page);

    // Offline keeps only devices the device cloud reports offline.
    await page.getByRole('button', { name: 'Offline', exact: true }).click();
    await expect.poll(async () => (await rowsCount(page)).shown).toBeLessThan(all.total);
    const badges = await page.locator('tbody tr .badge:text-matches("^(Online|Offline|Unknown)$")').allTextContents();
    expect(badges.length).toBeGreaterThan(0);
    expect(new Set(badges)).toEqual(new Set(['Offline']));
    await page.getByRole('button', { name: 'Offline', exact: true }).click();
    await expect.poll(async () => (await rowsCount(page)).shown).toBe(all.total);

    // A CH4 reading opens its 7-day trend, drawn by the shared chart.
    await page
      .getByRole('button', { name: /^CH4 of .*open the 7-day trend$/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /CH4, last 7 days/ }).waitFor();
    await dialog.getByRole('region', { name: 'CH4 chart' }).locator('canvas').first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/device-health-trend.png` });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Add Device: the name format and serial prefix rules, then the saved device in the grid.
    await page.getByRole('button', { name: 'Manage Devices' }).click();
    await page.getByRole('button', { name: 'Add Device' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Name').fill('QUBE-1');
    await form.getByLabel('Third Party Serial Number').fill('XYZ-1');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText(/^The device name must be in the form of A-XXXX or AXON-V3-XXXX/).waitFor();
    await form.getByText('Third Party Id is required').waitFor();
    await form.getByText(/^Must start with one of these valid prefixes: ARNT, P034/).waitFor();
    await page.screenshot({ path: `${SHOTS}/device-add-errors.png` });
    await form.getByLabel('Name').fill('A-777001');
    await form.getByLabel('Third Party Id').fill('e00fce68ffffffffffff0001');
    await form.getByLabel('Third Party Serial Number').fill('P034-777001');
    await form.getByLabel('Anemometer', { exact: true }).selectOption({ index: 1 });
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Device added').waitFor();
    await page.getByPlaceholder('Search devices').fill('A-777001');
    await expect.poll(async () => (await rowsCount(page)).shown).toBe(1);
    await page.getByRole('row').filter({ hasText: 'A-777001' }).getByText('Not installed').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("quarantines a running site's devices until its model stops, with the warning first", async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'org.admin@example.com', '/siteHealth');
    await page.getByText(/^Rows: \d+\/\d+$/).waitFor();
    // A running site with devices and none quarantined.
    await page.getByRole('button', { name: 'Running', exact: true }).click();
    const candidates = page.getByRole('row').filter({ has: page.locator('summary[aria-label*=" devices at "]') });
    await candidates.first().waitFor();
    let siteName = '';
    for (let i = 0; i < (await candidates.count()) && !siteName; i++) {
      const cells = await candidates.nth(i).getByRole('cell').allTextContents();
      // A Qube or Qube Lite among its devices (cameras, C-…, are never the model's last active device).
      const gasDevices = (await candidates.nth(i).locator('details tbody tr td:first-child').allTextContents()).some(
        (name) => !name.trim().startsWith('C-'),
      );
      if (
        cells.includes('On') &&
        gasDevices &&
        !(await candidates.nth(i).locator('.badge-warning').filter({ hasText: /^\d+$/ }).count())
      )
        siteName = cells[0]!;
    }
    expect(siteName).not.toBe('');

    await page.goto(`${origin()}/deviceHealth`);
    await page.getByText(/^Rows: \d+\/\d+$/).waitFor();
    await page.getByPlaceholder('Search devices').fill(siteName);
    // The virtualised grid draws the filtered rows a frame later: wait for the site's devices before counting them.
    await page.getByRole('row').filter({ hasText: siteName }).first().waitFor();
    let warned = false;
    for (let round = 0; round < 20 && !warned; round++) {
      const row = page
        .getByRole('row')
        .filter({ hasText: siteName })
        .filter({ hasText: 'Unquarantined' })
        .filter({ has: page.locator('button[aria-label^="Change quarantine state"]:enabled') });
      if ((await row.count()) === 0) break;
      // The warning arrives with willQuarantineStopModellingPipeline (slower while the demo's models catch up).
      const willStop = page.waitForResponse(
        (r) => r.url().includes('/api/device/willQuarantineStopModellingPipeline/') && r.ok(),
      );
      await row
        .first()
        .getByRole('button', { name: /^Change quarantine state/ })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Change Quarantine State' }).waitFor();
      await dialog.getByLabel('New Installation Type').selectOption({ label: 'Quarantined' });
      await dialog.getByLabel('Notes').fill('Inlet blocked by debris');
      const warning = dialog.getByText(/Quarantining it will stop the site's modelling pipeline\.$/);
      if ((await (await willStop).json()) === true) await warning.waitFor();
      warned = await warning.isVisible();
      if (warned) await page.screenshot({ path: `${SHOTS}/device-quarantine-warning.png` });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Device quarantine state changed').first().waitFor();
      await expect.poll(() => dialog.isVisible()).toBe(false);
    }
    expect(warned, `the last active device at ${siteName}`).toBe(true);

    await page.goto(`${origin()}/siteHealth`);
    await page.getByText(/^Rows: \d+\/\d+$/).waitFor();
    await page.getByPlaceholder('Search sites').fill(siteName);
    const siteRow = page.getByRole('row').filter({ hasText: siteName });
    await expect
      .poll(async () => (await siteRow.first().getByRole('cell').allTextContents()).includes('Off'))
      .toBe(true);
    // Start it again: not from before what it processed, then from now.
    await siteRow
      .first()
      .getByRole('button', { name: `Start the model of ${siteName}` })
      .click();
    const startDialog = page.getByRole('dialog');
    await startDialog.getByLabel('Start date').fill('2020-01-01T00:00');
    await startDialog.getByRole('button', { name: 'Start Model' }).click();
    await startDialog.getByText(/^Start date can be no earlier than /).waitFor();
    await startDialog.getByRole('button', { name: 'Cancel' }).click();
    await siteRow
      .first()
      .getByRole('button', { name: `Start the model of ${siteName}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start Model' }).click();
    await page.getByText('Model started').waitFor();
    await expect
      .poll(async () => (await siteRow.first().getByRole('cell').allTextContents()).includes('On'))
      .toBe(true);

    await page.goto(`${origin()}/devices`);
    await page.getByRole('heading', { name: 'Devices', exact: true, level: 1 }).waitFor();
    await page.getByText(/^Rows: \d+\/\d+$/).waitFor();
    await expect
      .poll(
        async () => Number(await page.locator('.stat').filter({ hasText: 'Quarantined' }).locator('dd').textContent()),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/devices.png` });
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('pages through device events with the developer-codes filter and details, and shows a device in every dashboard tab', async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'operator@example.com', '/deviceEvents');
    await page.getByRole('heading', { name: 'Device Events' }).waitFor();
    await expect.poll(async () => (await rowsCount(page)).total, { timeout: 20_000 }).toBeGreaterThan(40);
    const all = await rowsCount(page);
    // Scrolling to the end loads further blocks of 40.
    const scroller = page.locator('[aria-label="Device events"]').locator('xpath=..');
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/device-events.png` });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Developer Codes' }).click();
    await expect.poll(async () => (await rowsCount(page)).total).toBeLessThan(all.total);
    const codes = await page.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(codes.filter((c) => c.trim() !== '').every((c) => Number(c) >= 900)).toBe(true);
    await page
      .getByRole('button', { name: /^Details of event/ })
      .first()
      .click();
    const details = page.getByRole('dialog');
    await details.getByRole('heading', { name: 'Device Event' }).waitFor();
    await details.getByText('Firmware Version').waitFor();
    await page.keyboard.press('Escape');

    // The first event's device: its dashboard's Detail, Installations and Events tabs.
    await page
      .getByRole('link', { name: /^Device dashboard of / })
      .first()
      .click();
    await page.waitForURL(/\/device\//);
    await page.getByRole('tab', { name: 'Detail' }).click();
    await page
      .getByRole('region', { name: 'Particle Status' })
      .getByText('Firmware Version', { exact: true })
      .waitFor();
    await page.getByRole('region', { name: 'Device Detail' }).getByText('Third Party Serial Number').waitFor();
    await page.screenshot({ path: `${SHOTS}/device-detail.png` });
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Installations' }).click();
    await page
      .getByRole('table', { name: 'Installations' })
      .getByRole('columnheader', { name: 'Installed By', exact: true })
      .waitFor();
    await page.getByRole('region', { name: 'Installations map' }).locator('canvas').first().waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${SHOTS}/device-installations.png` });
    await page.getByRole('tab', { name: 'Events' }).click();
    await expect.poll(async () => (await rowsCount(page)).total, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('Events');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("creates a support ticket for an installed device and reads it in the dashboard's Freshdesk tab", async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'operator@example.com', '/deviceHealth');
    await expect.poll(async () => (await rowsCount(page)).total, { timeout: 20_000 }).toBeGreaterThan(10);
    const ticketButton = page.locator('button[aria-label^="Create support ticket for "]:enabled').first();
    const deviceName = ((await ticketButton.getAttribute('aria-label')) ?? '').replace(
      'Create support ticket for ',
      '',
    );
    await ticketButton.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Create Support Ticket for ${deviceName}` }).waitFor();
    // Defaults: Open, Low, and Testing outside production; Resolved is not offered.
    expect(await dialog.getByLabel('Status').inputValue()).toBe('0');
    expect(await dialog.getByLabel('Priority').inputValue()).toBe('0');
    expect(await dialog.getByLabel('Ticket Source').inputValue()).toBe('2');
    expect(await dialog.getByLabel('Status').locator('option').allTextContents()).toEqual([
      'Open',
      'Pending',
      'Escalated',
      'Investigating',
      'Stalled',
    ]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Subject is required').waitFor();
    await dialog.getByLabel('Subject').fill('Battery not charging after storm');
    await dialog.getByLabel('Symptom Primary').selectOption({ label: 'Power' });
    await expect
      .poll(() => dialog.getByLabel('Symptom Secondary').locator('option').allTextContents())
      .toEqual(['—', 'Battery depleted', 'Solar not charging']);
    await dialog.getByLabel('Symptom Secondary').selectOption({ label: 'Solar not charging' });
    await dialog.getByLabel('Description').fill('Panel covered in debris.');
    await page.screenshot({ path: `${SHOTS}/ticket-create.png` });
    await dialog.getByRole('button', { name: 'Save' }).click();
    const toast = page.getByText(/^Freshdesk Ticket \d+ created$/);
    await toast.waitFor();
    const id = /(\d+)/.exec((await toast.textContent()) ?? '')![1]!;
    await page.getByRole('row').filter({ hasText: deviceName }).first().getByText(id, { exact: true }).waitFor();

    await page.goto(`${origin()}/device/${encodeURIComponent(deviceName)}?tab=Freshdesk`);
    await page.getByRole('navigation', { name: 'Tickets' }).getByText(`#${id}`).click();
    await page.getByRole('heading', { name: `#${id} Battery not charging after storm` }).waitFor();
    await page.getByText('Solar not charging').waitFor();
    await page.getByText('No conversations for this Freshdesk Ticket').waitFor();
    await page.screenshot({ path: `${SHOTS}/device-freshdesk.png` });
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows device uptime: the summary, the bars by period and a status strip per device', async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'operator@example.com', '/deviceUptime');
    await page.getByRole('heading', { name: 'Device Uptime' }).waitFor();
    const tile = page.getByRole('region', { name: 'Uptime summary' });
    await expect
      .poll(async () => (await tile.locator('.stat-value').textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/^\d+(\.\d)?%$/);
    await expect.poll(async () => (await rowsCount(page)).total, { timeout: 30_000 }).toBeGreaterThan(10);
    expect(
      await page
        .getByRole('img', { name: /six-hour periods$/ })
        .locator('rect')
        .count(),
    ).toBeGreaterThan(10);
    expect(await page.getByRole('img', { name: /periods up, \d+ down$/ }).count()).toBeGreaterThan(5);
    // Uptime rows are 30 px high (spec 2 §9).
    expect(Math.round((await page.locator('tbody tr[aria-rowindex]').first().boundingBox())!.height)).toBe(30);
    await page.screenshot({ path: `${SHOTS}/device-uptime.png` });
    await expectAccessible(page);
    // Longer than 90 days is not offered.
    await page.getByRole('group', { name: 'Time range' }).locator('button[aria-haspopup="dialog"]').click();
    expect(await page.getByRole('button', { name: 'Last 90 days' }).isDisabled()).toBe(false);
    await page.keyboard.press('Escape');
    // A site narrows the grid to its devices.
    await page.getByRole('button', { name: /^Sites:/ }).click();
    await page.getByRole('group', { name: 'Sites' }).locator('input[type=checkbox]').first().check();
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await rowsCount(page)).total, { timeout: 30_000 }).toBeLessThan(20);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('maps sites and devices: overlays, a 50 km trip circle, devices past zoom 15 and a device chart', async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'operator@example.com', '/deviceHealth?tab=Map');
    const map = page.getByRole('region', { name: 'Sites and devices map' });
    await map.locator('canvas').first().waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await page.getByText(/^\d+ sites, \d+ devices/).textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/zoom in past 15/);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${SHOTS}/device-map.png` });
    await page.getByRole('radio', { name: 'Model Status' }).click();
    await page.getByRole('list', { name: 'Legend' }).getByText('Model off').waitFor();

    // Find a site: the map flies past zoom 15, so its devices show; a 50 km trip from it lists it first at 0 km.
    const siteName = (await page.locator('#map-site-names option').first().getAttribute('value'))!;
    await page.getByLabel('Find a site').fill(siteName);
    const details = page.getByRole('region', { name: 'Site details' });
    await details.getByRole('heading', { name: siteName }).waitFor();
    await expect
      .poll(async () => (await page.getByText(/^\d+ sites, \d+ devices/).textContent()) ?? '', { timeout: 15_000 })
      .not.toMatch(/zoom in past 15/);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${SHOTS}/device-map-zoomed.png` });
    await details.getByRole('button', { name: 'Start a trip here' }).click();
    await page.getByLabel('Radius (max 1,000 km)').fill('5000'); // ignored: above 1,000 km
    await page.getByLabel('Radius (max 1,000 km)').fill('50');
    const trip = page.getByRole('region', { name: 'Trip' });
    await trip.getByText(/^\d+ sites and \d+ devices within 50 km$/).waitFor();
    const items = trip.getByRole('listitem');
    expect(await items.first().getByRole('button').textContent()).toBe(siteName);
    expect(await items.first().locator('span').textContent()).toBe('0.0 km');
    const distances = (await items.locator('span').allTextContents()).map((t) => Number(t.replace(' km', '')));
    expect(distances.every((d) => d <= 50)).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    await page.screenshot({ path: `${SHOTS}/device-map-trip.png` });
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('searches sites and devices in the pinned drawer, acts on a device, and remembers unpinning', async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'org.admin@example.com', '/devices');
    const drawer = page.getByRole('complementary', { name: 'Search', exact: true });
    // Under 1,800 px wide it starts closed (issue 25): opened, it is pinned beside the page.
    await page.getByRole('button', { name: 'Search sites and devices' }).waitFor();
    expect(await drawer.count()).toBe(0);
    await page.getByRole('button', { name: 'Search sites and devices' }).click();
    await drawer.waitFor();
    expect((await drawer.boundingBox())!.width).toBe(240);
    const sitesHeading = drawer.getByRole('heading', { name: /^Sites \d+\/\d+$/ });
    await expect.poll(async () => (await sitesHeading.textContent()) ?? '').toMatch(/^Sites (\d+)\/\1$/);
    const devicesHeading = drawer.getByRole('heading', { name: /^Devices \d+\/\d+$/ });
    await expect
      .poll(async () => Number(/\/(\d+)/.exec((await devicesHeading.textContent()) ?? '')?.[1] ?? 0))
      .toBeGreaterThan(10);
    const firstDevice = (await drawer
      .getByRole('region', { name: 'Devices found' })
      .locator('li .font-medium')
      .first()
      .textContent())!;
    await drawer.getByLabel('Find by name or group').fill(firstDevice);
    await expect
      .poll(async () => (await devicesHeading.textContent()) ?? '')
      .toMatch(new RegExp(`^Devices [1-9]\\d*/`));
    // The page behind has loaded too (its Export CSV button fades in when rows arrive; axe must not catch it mid-fade).
    await expect.poll(async () => (await rowsCount(page)).total, { timeout: 20_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/search-drawer.png` });
    await expectAccessible(page);
    await drawer.getByRole('region', { name: 'Devices found' }).getByRole('button', { name: '⋯' }).first().click();
    await drawer.getByRole('link', { name: 'Device Dashboard' }).click();
    await page.waitForURL(new RegExp(`/device/${firstDevice}`));

    // Unpinned, it overlays the page; closed, it stays closed after a reload.
    await drawer.getByRole('button', { name: 'Unpin the search drawer' }).click();
    await drawer.getByRole('button', { name: 'Pin the search drawer' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Search sites and devices' }).waitFor();
    expect(await drawer.count()).toBe(0);
    await page.getByRole('button', { name: 'Search sites and devices' }).click();
    await drawer.waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('bulk edits chosen devices from their template, reporting a bad row first', async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1000 }, acceptDownloads: true });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'operator@example.com', '/deviceHealth');
    await expect.poll(async () => (await rowsCount(page)).total, { timeout: 20_000 }).toBeGreaterThan(10);
    const boxes = page.locator('tbody input[type=checkbox]');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole('button', { name: 'Manage Devices' }).click();
    await page.getByRole('button', { name: 'Bulk Add/Edit Devices' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('The template holds the 2 chosen device(s).').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Template' }).click(),
    ]);
    const { readFileSync } = await import('node:fs');
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(3);
    const header = lines[0]!.split(',');
    const notes = header.indexOf('Production Notes');
    const edited = lines.slice(1).map((l) => {
      const cells = l.split(',');
      cells[notes] = 'Checked in bulk';
      return cells.join(',');
    });
    const input = dialog.locator('input[type=file]');
    await input.setInputFiles({
      name: 'devices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([lines[0], ...edited, ',Z-1,Qube,,tp,ARNT-9' + ','.repeat(header.length - 6)].join('\n')),
    });
    await dialog.getByText('3 row(s) ready to upload.').waitFor();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByText('1 row has problems; nothing was changed.').waitFor();
    await dialog.getByText(/^Row 4: Name: The device name must be in the form of A-XXXX/).waitFor();
    await page.screenshot({ path: `${SHOTS}/device-bulk-problems.png` });
    await input.setInputFiles({
      name: 'devices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([lines[0], ...edited].join('\n')),
    });
    await dialog.getByText('2 row(s) ready to upload.').waitFor();
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('2 device(s) successfully changed').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('calls a cloud function on an online Qube with its parameter, and lists it in the history', async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'org.admin@example.com', '/deviceHealth');
    await expect.poll(async () => (await rowsCount(page)).total, { timeout: 20_000 }).toBeGreaterThan(10);
    const row = page
      .locator('tbody tr')
      .filter({ has: page.locator('td', { hasText: /^Qube$/ }) })
      .filter({ has: page.locator('.badge', { hasText: /^Online$/ }) })
      .first();
    const name = (await row.locator('td a').first().textContent())!;
    await page.goto(`${origin()}/device/${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: 'Cloud Functions', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Function', { exact: true }).selectOption('setSampleInterval');
    await dialog.getByText('Seconds between measurements, 10 to 3600.').waitFor();
    await dialog.getByRole('button', { name: 'Call' }).click();
    await dialog.getByText('Parameter is required').waitFor();
    await dialog.getByLabel('Parameter', { exact: true }).fill('5');
    await dialog.getByRole('button', { name: 'Call' }).click();
    await dialog.getByText("Invalid argument 'seconds=5': seconds must be between 10 and 3600").waitFor();
    await dialog.getByLabel('Parameter', { exact: true }).fill('60');
    await dialog.getByText('Argument sent: seconds=60').waitFor();
    await dialog.getByRole('button', { name: 'Call' }).click();
    await page.getByText('Successfully called Cloud Function setSampleInterval: seconds=60').waitFor();
    await dialog.getByRole('tab', { name: 'History' }).click();
    const history = dialog.getByRole('table', { name: 'Cloud function history' });
    await history.waitFor();
    expect(await history.locator('tbody tr').count()).toBe(2);
    await page.screenshot({ path: `${SHOTS}/cloud-functions.png` });
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('installs a device through the wizard on a phone: nearest site, pin rules, save and live diagnostics', async () => {
    const context = await newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      geolocation: { latitude: 31.6, longitude: -103.7 },
      permissions: ['geolocation'],
    });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'operator@example.com', '/devices/config?name=B-does-not-exist');
    await page.getByRole('heading', { name: 'Select Device' }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('24px');
    await page.screenshot({ path: `${SHOTS}/wizard-start.png` });
    await page
      .getByText(
        'The device named B-does-not-exist is not currently available for installation, please contact support',
      )
      .waitFor();
    // No camera here: the scanner says so instead of failing silently.
    await page.getByRole('button', { name: 'Scan QR code' }).click();
    await page.getByText(/^The camera could not be opened|^This browser cannot use the camera/).waitFor();
    expect(await page.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    const options = await page.getByLabel('Device', { exact: true }).locator('option').allTextContents();
    const lite = options.find((o) => o.endsWith('(Qube Lite)'))!;
    await page.getByLabel('Device', { exact: true }).selectOption({ label: lite });
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Select Site' }).waitFor();
    // The nearest site to the phone is already chosen.
    await expect.poll(() => page.getByLabel('Site', { exact: true }).inputValue()).not.toBe('');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Set Device Location' }).waitFor();
    await page.getByRole('region', { name: 'Device location map' }).locator('canvas').first().waitFor();
    const centre = await page.getByLabel('Location', { exact: true }).inputValue();
    await page.getByText('Move the map so that the pin is on the device location').waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    const [lat, lng] = centre.split(',').map(Number) as [number, number];
    await page.getByLabel('Location', { exact: true }).fill(`${(lat + 0.02).toFixed(6)},${lng.toFixed(6)}`);
    await page.getByText(/^Cannot install a device more than 1 km from site centre/).waitFor();
    await page.getByLabel('Location', { exact: true }).fill(`${(lat + 0.0002).toFixed(6)},${lng.toFixed(6)}`);
    await page.getByLabel('Height').fill('2.555');
    await page.getByText('Maximum 2 decimal places allowed').waitFor();
    await page.getByLabel('Height').fill('2.5');
    await page.screenshot({ path: `${SHOTS}/wizard-location.png` });
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Confirm Installation' }).waitFor();
    await page.getByText('2.5 m').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Device installation successful, starting diagnostics').waitFor();
    await page.getByRole('heading', { name: 'Diagnostics' }).waitFor();
    await page.getByRole('region', { name: 'Live diagnostics' }).waitFor();
    expect(await page.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `${SHOTS}/wizard-diagnostics.png` });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'Select Device' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
  it('configures a sensor, uploads coefficients in bulk and loads them onto an online Qube', async () => {
    const context = await newContext({ viewport: { width: 1500, height: 1000 }, acceptDownloads: true });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'org.admin@example.com', '/sensorConfigurations');
    await page.getByRole('heading', { name: 'Sensor Configurations' }).waitFor();
    await expect.poll(async () => (await rowsCount(page)).total, { timeout: 20_000 }).toBeGreaterThan(5);
    const all = await rowsCount(page);
    await page.locator('tbody tr .badge').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/sensor-configurations.png` });
    await expectAccessible(page);

    // A Qube whose sensor has no configuration: configure it, through the coefficients rule.
    await page.getByRole('button', { name: 'Devices Not Configured', exact: true }).click();
    await expect.poll(async () => (await rowsCount(page)).shown).toBeLessThan(all.total);
    const bare = page.locator('tbody tr').first();
    const serial = (await bare.locator('td').nth(1).textContent())!.trim();
    expect(serial).toMatch(/^\d{8}$/);
    await bare.getByRole('button', { name: /^Edit configuration of / }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('heading', { name: 'Add Sensor Configuration' }).waitFor();
    expect(await form.getByLabel('Sensor Serial Number').inputValue()).toBe(serial);
    await form.getByLabel('Coefficients').fill('1.02, zero');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Coefficients must be numbers separated by commas').waitFor();
    await form.getByLabel('Coefficients').fill('1.02, -0.003, 2e-5');
    await form.getByText('3 coefficient(s), in order').waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sensor configuration added').waitFor();
    await page.getByRole('button', { name: 'Devices Not Configured', exact: true }).click();

    // Add: the serial must be 8 digits.
    await page.getByRole('button', { name: 'Add Sensor Configuration' }).click();
    await form.getByLabel('Sensor Serial Number').fill('1234');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Must be 8 digits long').waitFor();
    await form.getByText('Coefficients are required').waitFor();
    await page.keyboard.press('Escape');

    // Bulk upload: the template's columns, a new version for the configured sensor, and the count.
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const bulk = page.getByRole('dialog');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      bulk.getByRole('button', { name: 'Template' }).click(),
    ]);
    const { readFileSync } = await import('node:fs');
    const header = readFileSync((await download.path())!, 'utf8').trim();
    expect(header).toBe('Sensor Serial Number,Coefficients');
    const input = bulk.locator('input[type=file]');
    await input.setInputFiles({ name: 'sensors.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
    await bulk.getByText('The file must be in CSV file format').waitFor();
    await input.setInputFiles({
      name: 'sensors.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\n${serial},"1.03, -0.003, 2e-5"\n`),
    });
    await bulk.getByText('1 row(s) ready to upload.').waitFor();
    await bulk.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('1 sensor configuration(s) updated').waitFor();

    // The sensor's history lists both versions, newest first.
    await page.getByPlaceholder('Search sensors and devices').fill(serial);
    await expect.poll(async () => (await rowsCount(page)).shown).toBe(1);
    await page.getByRole('button', { name: /^Sensor history of / }).click();
    const history = page.getByRole('table', { name: `Sensor History: ${serial}` });
    await expect
      .poll(async () =>
        (await history.locator('tbody tr').allTextContents()).map((t) =>
          t.includes('1.03, -0.003, 2e-5') ? 'new' : t.includes('1.02, -0.003, 2e-5') ? 'old' : '?',
        ),
      )
      .toEqual(['new', 'old']);
    await page.keyboard.press('Escape');

    // Load the coefficients onto an online Qube through the device cloud.
    await page.getByPlaceholder('Search sensors and devices').fill('');
    await page.locator('button[aria-label^="Set RMX coefficients on "]:not([disabled])').first().click();
    const rmx = page.getByRole('dialog');
    await rmx.getByRole('heading', { name: 'Set RMX Coefficients' }).waitFor();
    await rmx.getByRole('button', { name: 'Load Coefficients' }).click();
    await page.getByText('Coefficients loaded onto 1 device(s)').waitFor();
    await page.screenshot({ path: `${SHOTS}/sensor-configurations-loaded.png` });
    expect(problems).toEqual([]);
    await context.close();
  });
  it("scans a device's QR label with the phone's camera in the wizard", async () => {
    // Find a device the wizard offers, then show its label to a browser whose camera films it.
    const lookup = await newContext({ viewport: { width: 390, height: 844 } });
    const { page: first } = await newPage(lookup);
    await signIn(first, origin(), 'operator@example.com', '/devices/config');
    await first.getByRole('heading', { name: 'Select Device' }).waitFor();
    await expect
      .poll(async () => await first.getByLabel('Device', { exact: true }).locator('option').count())
      .toBeGreaterThan(1);
    const label = (await first.getByLabel('Device', { exact: true }).locator('option').allTextContents()).find((o) =>
      o.endsWith('(Qube Lite)'),
    )!;
    const name = label.replace(/ \(.*$/, '');
    await lookup.close();
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const video = `${mkdtempSync(`${tmpdir()}/qr-`)}/label.y4m`;
    await writeQrVideo(`QUBE:${name}`, video);
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        permissions: ['camera', 'geolocation'],
        geolocation: { latitude: 31.6, longitude: -103.7 },
      });
      const { page, problems } = await newPage(context);
      await signIn(page, origin(), 'operator@example.com', '/devices/config');
      await page.getByRole('heading', { name: 'Select Device' }).waitFor();
      await page.getByRole('button', { name: 'Scan QR code' }).click();
      await expect
        .poll(() => page.getByLabel('Device', { exact: true }).locator('option:checked').textContent(), {
          timeout: 20_000,
        })
        .toBe(label);
      await page.getByRole('button', { name: 'Scan QR code' }).waitFor();
      expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(false);
      await page.screenshot({ path: `${SHOTS}/wizard-scanned.png` });
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
