// Cameras in the browser (issue 22 items 5 and 7): on the featured site, whose demo cameras posted pictures of the
// seed's plumes, the Camera widget shows each camera's latest picture; the Camera Timeline opens the Camera Events
// dialog, ArrowLeft and ArrowRight step through the camera's pictures, a thumbnail switches camera, Escape closes; the
// map's 'Camera events' toggle shows the popups and says which pictures they are. Axe clean; screenshots kept.
import { describe, expect, it } from 'vitest';
import type { CameraEvent } from '@/contracts/camera';
import { browserSuite, expectAccessible, findFeaturedSite, newPage, signIn, SHOTS } from './harness';

describe('cameras in the browser', () => {
  const suite = browserSuite();

  it('shows the Camera widget, steps through pictures with the keyboard, switches camera and shows map popups', async () => {
    const { siteName, siteId, organizationId } = await findFeaturedSite(suite);
    const context = await suite.browser().newContext({ viewport: { width: 1500, height: 1300 } });
    const { page, problems } = await newPage(context);
    const eventsAnswer = page
      .waitForResponse((r) => r.url().includes('/api/camera/cameraEvents/') && r.ok())
      .then(async (r) => (await r.json()) as CameraEvent[]);
    await signIn(
      page,
      suite.server().origin,
      'org.admin@example.com',
      `/site/${siteId}?organizationId=${organizationId}`,
    );
    await page.getByRole('heading', { name: `${siteName} Dashboard` }).waitFor();

    // The chooser offers Camera at this site; it is not a default.
    await page.getByRole('button', { name: 'Show/Hide Widgets' }).click();
    await page.getByRole('checkbox', { name: 'Camera', exact: true }).check();
    await page.keyboard.press('Escape');
    const widget = page.getByRole('region', { name: 'Camera', exact: true });
    await widget.waitFor();
    const events = await eventsAnswer;
    expect(events.length).toBeGreaterThan(1);
    // Each camera's latest picture, loaded (an <img> with its name and time).
    const latest = widget.getByRole('img', { name: /^C-OGI\d+[AB] at / });
    await expect.poll(() => latest.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => latest.first().evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await widget.screenshot({ path: `${SHOTS}/site-cameras-widget.png` });

    // The timeline row of the camera with the most pictures; the keyboard opens it on its latest.
    const perCamera = new Map<number, number>();
    for (const e of events) perCamera.set(e.cameraId, (perCamera.get(e.cameraId) ?? 0) + 1);
    const most = Math.max(...perCamera.values());
    expect(most).toBeGreaterThan(1);
    const row = widget.getByRole('button', { name: new RegExp(`: ${most} camera events in the range`) }).first();
    const cameraName = /^(C-OGI\d+[AB]):/.exec((await row.getAttribute('aria-label')) ?? '')![1]!;
    await row.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Camera Events: ${cameraName}` });
    await dialog.waitFor();
    const caption = dialog.locator('figcaption');
    await expect.poll(() => caption.textContent()).toContain(`picture ${most} of ${most}`);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => caption.textContent()).toContain(`picture ${most - 1} of ${most}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => caption.textContent()).toContain(`picture ${most - 1} of ${most}`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => caption.textContent()).toContain(`picture ${most} of ${most}`);
    const big = dialog.getByRole('img', { name: new RegExp(`^${cameraName} at `) });
    await expect
      .poll(() => big.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/site-cameras-dialog.png` });

    // A thumbnail of the other camera switches to it.
    const other = dialog.getByRole('button', { name: /^Switch to C-OGI\d+[AB] / });
    if (perCamera.size > 1) {
      const otherName = /^Switch to (C-OGI\d+[AB]) /.exec((await other.first().getAttribute('aria-label')) ?? '')![1]!;
      expect(otherName).not.toBe(cameraName);
      await other.first().click();
      await page.getByRole('dialog', { name: `Camera Events: ${otherName}` }).waitFor();
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // The map: the toggle (offered at a site with cameras) shows a popup per camera with its nearest picture.
    const map = page.getByRole('region', { name: 'Map', exact: true }).first();
    // The map key explains the cameras' marks (marker and dashed cone).
    await map.getByText('Camera (dashed cone: its field of view)', { exact: true }).waitFor();
    await map.getByRole('group', { name: 'Map layers' }).getByLabel('Camera events').check();
    const status = map.getByRole('status', { name: 'Camera events' });
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Camera pictures: C-OGI\d+[AB] · /);
    // Popups are composed from the pictures, then drawn by the map; give it a moment before the screenshot.
    await page.waitForTimeout(1500);
    await map.screenshot({ path: `${SHOTS}/site-cameras-map.png` });
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);
});
