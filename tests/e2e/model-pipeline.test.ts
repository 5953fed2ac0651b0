// The site health administrator stops and starts a site's model from the site dashboard's menu: Stop asks for
// confirmation and toasts 'Model stopped'; Start refuses a date before what the model processed ('Start date can be
// no earlier than {date}.') and then toasts 'Model started' (spec 3 §4, §5, §8). The rate chart's source view toggle too.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SiteDetail } from '@/contracts/site-dashboard';
import { MODEL_STARTED, MODEL_STOPPED } from '@/domain/model-pipeline';
import { browserSuite, expectAccessible, findFeaturedSite, newPage, signIn, SHOTS } from './harness';

const DAY_MS = 86_400_000;

describe('start and stop the model in the browser', () => {
  const suite = browserSuite();

  it('stops the model after a confirmation and starts it from a date no earlier than it processed', async () => {
    const { siteName, siteId, organizationId } = await findFeaturedSite(suite);
    const context = await suite.browser().newContext({ viewport: { width: 1400, height: 1000 } });
    const { page, problems } = await newPage(context);
    const detail = () =>
      page
        .waitForResponse((r) => r.url().includes('/api/site/siteDetail/') && r.ok())
        .then(async (r) => (await r.json()) as SiteDetail);
    let loaded = detail();
    await signIn(
      page,
      suite.server().origin,
      'org.admin@example.com',
      `/site/${siteId}?organizationId=${organizationId}`,
    );
    await page.getByRole('heading', { name: `${siteName} Dashboard` }).waitFor();
    let site = await loaded;

    const openMenuItem = async (p: Page, name: string) => {
      await p.getByRole('button', { name: 'Menu' }).click();
      await p.getByRole('menuitem', { name }).click();
    };
    const startDialog = page.getByRole('dialog', { name: `Start the model of ${siteName}` });

    if (!site.modellingPipelineIsOn) {
      // Off in the demo data: start it from the date the dialog offers first.
      loaded = detail();
      await openMenuItem(page, 'Start Model');
      await startDialog.getByRole('button', { name: 'Start Model' }).click();
      await page.getByText(MODEL_STARTED, { exact: true }).waitFor();
      site = await loaded;
    }

    // Stop: a confirmation naming the site, then the toast; the menu now offers Start Model.
    loaded = detail();
    await openMenuItem(page, 'Stop Model');
    const stopDialog = page.getByRole('dialog', { name: `Stop the model of ${siteName}` });
    await stopDialog.getByText(`Stop the modelling pipeline of ${siteName}?`, { exact: false }).waitFor();
    await expectAccessible(page);
    await stopDialog.getByRole('button', { name: 'Stop Model' }).click();
    await page.getByText(MODEL_STOPPED, { exact: true }).waitFor();
    await expect.poll(() => stopDialog.count()).toBe(0);
    site = await loaded;
    expect(site.modellingPipelineIsOn).toBe(false);
    expect(site.modelProcessedUpTo).not.toBeNull();

    // Start from two days before what the model processed: refused with the spec's message.
    await openMenuItem(page, 'Start Model');
    await startDialog.waitFor();
    const date = startDialog.getByLabel('Start date');
    const offered = await date.inputValue();
    await date.fill(new Date(Date.parse(site.modelProcessedUpTo!) - 2 * DAY_MS).toISOString().slice(0, 16));
    await startDialog.getByRole('button', { name: 'Start Model' }).click();
    await startDialog.getByText(/^Start date can be no earlier than .+\.$/).waitFor();
    await expectAccessible(page);
    await startDialog.screenshot({ path: `${SHOTS}/model-start-too-early.png` });

    // The date the dialog offered (now, or what was processed if later) starts it.
    loaded = detail();
    await date.fill(offered);
    await startDialog.getByRole('button', { name: 'Start Model' }).click();
    await page.getByText(MODEL_STARTED, { exact: true }).waitFor();
    site = await loaded;
    expect(site.modellingPipelineIsOn).toBe(true);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Stop Model' }).waitFor();
    await page.keyboard.press('Escape');

    // The rate chart's source view asks for each source's rates, and is remembered in this browser.
    const averages = page.waitForResponse((r) => r.url().includes('/api/data/siteRateAverage/') && r.ok());
    await page.getByRole('checkbox', { name: 'Source view' }).check();
    await averages;
    await page.getByText('CH4 Emission Rate by Source (1 hour average)').first().waitFor();
    await expectAccessible(page);
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('console.siteRateSourceView')))
      .toBe('true');
    await page.getByRole('checkbox', { name: 'Source view' }).uncheck();
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);

  it('confirms Stop and Start Model on Site Health as soon as the server answers, before the grid refetches', async () => {
    const { siteName, organizationId } = await findFeaturedSite(suite);
    const context = await suite.browser().newContext({ viewport: { width: 1600, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, suite.server().origin, 'org.admin@example.com', `/siteHealth?organizationId=${organizationId}`);
    await page.getByPlaceholder('Search sites').fill(siteName);
    const toggle = page.getByRole('button', { name: new RegExp(`^(Start|Stop) the model of ${siteName}$`) });
    await toggle.waitFor({ timeout: 30_000 });
    // From here on the grid's refetches are held back 5 s: the confirmation must not wait for them.
    let held = 0;
    await page.route('**/api/siteHealth/siteHealth/**', async (route) => {
      held++;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      await route.continue().catch(() => undefined);
    });
    for (const round of [0, 1]) {
      const stopping = (await toggle.getAttribute('aria-label'))!.startsWith('Stop');
      await toggle.click();
      const dialog = page.getByRole('dialog', { name: `${stopping ? 'Stop' : 'Start'} the model of ${siteName}` });
      const answered = page.waitForResponse(
        (r) => /\/api\/site\/(start|stop)ModellingPipeline\//.test(r.url()) && r.ok(),
      );
      await dialog.getByRole('button', { name: stopping ? 'Stop Model' : 'Start Model' }).click();
      await answered;
      const t0 = Date.now();
      await page
        .getByText(stopping ? MODEL_STOPPED : MODEL_STARTED, { exact: true })
        .first()
        .waitFor({ timeout: 2_000 });
      await expect.poll(() => dialog.count(), { timeout: 2_000 }).toBe(0);
      // The row says so at once, while the grid's refetch is still held back.
      await expect
        .poll(() => toggle.getAttribute('aria-label'), { timeout: 2_000 })
        .toBe(`${stopping ? 'Start' : 'Stop'} the model of ${siteName}`);
      expect(Date.now() - t0, `round ${round}`).toBeLessThan(2_000);
    }
    expect(held).toBeGreaterThan(0);
    await page.unroute('**/api/siteHealth/siteHealth/**');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
