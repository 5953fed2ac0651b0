// Layout (issue 25): popovers are in the top layer and inside the viewport — Export Data's Sites multi-select can be
// used over the cards below it, the site dashboard's Show/Hide Widgets stays on screen at 1440 px with its diagnostic
// groups folded — and the search drawer starts closed under 1,800 px, open above, remembered per user.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, expectAccessible, findFeaturedSite, newPage, signIn, SHOTS } from './harness';

const insideViewport = async (page: Page, selector: string) => {
  const box = (await page.locator(selector).boundingBox())!;
  const vp = page.viewportSize()!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= vp.width && box.y + box.height <= vp.height;
};

describe('popovers and the search drawer', () => {
  const suite = browserSuite();

  it('picks sites on Export Data through the popover, over the cards below it', async () => {
    const context = await suite.browser().newContext({ viewport: { width: 1440, height: 900 } });
    const { page, problems } = await newPage(context);
    await signIn(page, suite.server().origin, 'org.admin@example.com', '/export');
    const sitesButton = page.getByRole('button', { name: /^Sites:/ }).first();
    await sitesButton.click();
    const group = page.getByRole('group', { name: 'Sites' }).first();
    await group.waitFor();
    expect(await page.locator('[popover]:popover-open').count()).toBe(1);
    expect(await insideViewport(page, '[popover]:popover-open')).toBe(true);
    // A real click (not a forced one) on the last option: nothing may cover it.
    const boxes = group.getByRole('checkbox');
    await expect.poll(() => boxes.count(), { timeout: 20_000 }).toBeGreaterThan(3);
    const last = boxes.nth((await boxes.count()) - 1);
    await last.scrollIntoViewIfNeeded();
    await last.click();
    await expect(last.isChecked()).resolves.toBe(true);
    await boxes.nth(0).click();
    await expect.poll(async () => (await sitesButton.textContent()) ?? '').toMatch(/2 chosen/);
    await page.screenshot({ path: `${SHOTS}/export-sites-popover.png` });
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    expect(await page.locator('[popover]:popover-open').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps Show/Hide Widgets inside the viewport at 1440 px with collapsible diagnostic groups', async () => {
    const { siteId, organizationId, siteName } = await findFeaturedSite(suite);
    const context = await suite.browser().newContext({ viewport: { width: 1440, height: 900 } });
    const { page, problems } = await newPage(context);
    await signIn(
      page,
      suite.server().origin,
      'org.admin@example.com',
      `/site/${siteId}?organizationId=${organizationId}`,
    );
    await page.getByRole('heading', { name: `${siteName} Dashboard` }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Show/Hide Widgets' }).click();
    const panel = page.locator('[popover]:popover-open');
    await panel.waitFor();
    expect(await insideViewport(page, '[popover]:popover-open')).toBe(true);
    // Diagnostic groups start folded; a group opens on a click and its widgets can be chosen.
    const groups = panel.locator('details');
    expect(await groups.count()).toBeGreaterThan(0);
    const first = groups.first();
    expect(await first.getAttribute('open')).toBeNull();
    await first.locator('summary').click();
    await expect.poll(() => first.getAttribute('open')).not.toBeNull();
    await expect(first.getByRole('checkbox').first().isVisible()).resolves.toBe(true);
    expect(await insideViewport(page, '[popover]:popover-open')).toBe(true);
    await page.screenshot({ path: `${SHOTS}/site-widgets-popover.png` });
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens the search drawer by default only at 1,800 px and wider, and remembers the choice per user', async () => {
    const wide = await suite.browser().newContext({ viewport: { width: 1920, height: 1000 } });
    const { page } = await newPage(wide);
    await signIn(page, suite.server().origin, 'viewer@example.com', '/');
    const drawer = page.getByRole('complementary', { name: 'Search', exact: true });
    await drawer.waitFor();
    await page.getByRole('button', { name: 'Close search' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Search sites and devices' }).waitFor();
    expect(await drawer.count()).toBe(0);
    await wide.close();

    const narrow = await suite.browser().newContext({ viewport: { width: 1440, height: 900 } });
    const { page: small } = await newPage(narrow);
    await signIn(small, suite.server().origin, 'viewer@example.com', '/');
    await small.getByRole('button', { name: 'Search sites and devices' }).waitFor();
    expect(await small.getByRole('complementary', { name: 'Search', exact: true }).count()).toBe(0);
    await narrow.close();
  });
});
