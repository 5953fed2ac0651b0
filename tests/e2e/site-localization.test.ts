// Localization in the browser (issue 22 item 4): on the featured site, once the pipeline has written emissions, the
// emission list's source reads 'Source · 78 %'; choosing it focuses the emission (the address keeps it), the map's
// Localization toggle draws its candidate sources and hovering the most likely one names it with its probability;
// the toggle is remembered; the rate chart's source view draws each source's rate over a band of its bounds; before
// the model's start the layer and the source view say there is no model output.
import { describe, expect, it } from 'vitest';
import type { EmissionLocalization, SiteEmission, SiteRateAverage, SiteSource } from '@/contracts/site-dashboard';
import { SITE_MAP_LAYERS_STORAGE_KEY } from '@/domain/site-map';
import { formatProbability } from '@/entities/site/localization-layers';
import { NO_SOURCE_RATES } from '../../src/features/site-dashboard/source-rate-series';
import { browserSuite, expectAccessible, findFeaturedSite, newPage, settledMapView, signIn, SHOTS } from './harness';

const DAY_MS = 86_400_000;
const PROBABILITY = /· (\d+|< 1|> 99) %$/;

describe('localization in the browser', () => {
  // The featured site is modelled over the seed's days: the pipeline writes its own emissions (with a probability)
  // as it catches up in the background, a few minutes after the server starts.
  const suite = browserSuite();

  it("focuses an emission, draws its candidate sources with their probability, and the source view's bands", async () => {
    const { siteName, siteId, organizationId } = await findFeaturedSite(suite);
    const context = await suite.browser().newContext({ viewport: { width: 1500, height: 1200 } });
    const { page, problems } = await newPage(context);
    const now = Date.now();
    const range = { start: new Date(now - 8 * DAY_MS).toISOString(), end: new Date(now).toISOString() };
    const path = `/site/${siteId}?${new URLSearchParams({ organizationId: String(organizationId), ...range })}`;
    const emissionsAnswer = () =>
      page
        .waitForResponse((r) => r.url().includes('/api/emissions/siteEmissions/') && r.ok())
        .then(async (r) => (await r.json()) as SiteEmission[]);
    const sourcesLoaded = page.waitForResponse((r) => r.url().includes('/api/site/siteSources/') && r.ok());
    let loaded = emissionsAnswer();
    await signIn(page, suite.server().origin, 'org.admin@example.com', path);
    await page.getByRole('heading', { name: `${siteName} Dashboard` }).waitFor();
    const sources = (await (await sourcesLoaded).json()) as SiteSource[];
    // The pipeline catches up in the background: read the list again until it has written an emission.
    let emissions = await loaded;
    await expect
      .poll(
        async () => {
          if (emissions.some((e) => e.probability !== null)) return true;
          loaded = emissionsAnswer();
          await page.reload();
          emissions = await loaded;
          return emissions.some((e) => e.probability !== null);
        },
        { timeout: 420_000, interval: 15_000 },
      )
      .toBe(true);
    const modelled = emissions.filter((e) => e.probability !== null && sources.some((s) => s.id === e.sourceId));
    const target = modelled.at(-1)!;

    // The row: the source with its probability; choosing it focuses the emission.
    const card = page.getByRole('region', { name: 'CH4 Emissions', exact: true });
    await card.getByRole('tab', { name: 'List' }).click();
    const label = `${target.sourceName} · ${formatProbability(target.probability)}`;
    expect(label).toMatch(PROBABILITY);
    const cell = card.getByRole('button', { name: label, exact: true }).first();
    await cell.waitFor();
    await expect(cell.getAttribute('aria-pressed')).resolves.toBe('false');

    const map = page.getByRole('region', { name: 'Map', exact: true });
    const controls = map.getByRole('group', { name: 'Map layers' });
    await controls.getByLabel('Localization').check();
    // Unfocused: each emitting source of the range with its mean probability.
    await map
      .getByRole('status', { name: 'Localization' })
      .getByText(/^Each emitting source/)
      .waitFor();

    const candidatesLoaded = page.waitForResponse(
      (r) => r.url().includes('/api/emissions/emissionLocalization/') && r.url().includes(`emissionId=${target.id}`),
    );
    // Rows of the same source and probability look alike: the newest (first in the list) is the one chosen.
    await card
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: label, exact: true }) })
      .first()
      .getByRole('button', { name: label, exact: true })
      .click();
    const answer = await candidatesLoaded;
    expect(answer.status()).toBe(200);
    const localization = (await answer.json()) as EmissionLocalization;
    const focusedId = Number(new URL(page.url()).searchParams.get('emission'));
    const focused = emissions.find((e) => e.id === focusedId)!;
    expect(localization.emissionId).toBe(focusedId);
    const best = localization.candidates.find((c) => c.mostLikely)!;
    expect(best.sourceId).toBe(focused.sourceId);
    // The pipeline may still be extending the emission, so its probability can move between the two reads.
    expect(best.probability).toBeGreaterThan(0);
    expect(best.probability).toBeLessThanOrEqual(1);
    await expect(
      card.getByRole('button', { name: label, exact: true, pressed: true }).first().isVisible(),
    ).resolves.toBe(true);
    await map
      .getByRole('status', { name: 'Localization' })
      .getByText(/^Candidate sources of the focused emission/)
      .waitFor();

    // Hover the most likely candidate where the settled map draws it: the tooltip names it with its probability.
    const region = map.getByLabel(/^Map of /);
    const at = (await settledMapView(page, region)).pixel(best.location);
    await page.mouse.move(at.x, at.y);
    const tooltip = map.getByRole('tooltip');
    await expect.poll(() => tooltip.count()).toBe(1);
    const hovered = await tooltip.innerText();
    expect(hovered.startsWith(`${best.sourceName} · `), hovered).toBe(true);
    expect(hovered.slice(best.sourceName.length)).toMatch(/^ · (\d+|< 1|> 99) % \(most likely\)$/);
    await region.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/site-localization-map.png` });
    await expectAccessible(page);
    await expect
      .poll(() => page.evaluate((k) => window.localStorage.getItem(k), SITE_MAP_LAYERS_STORAGE_KEY))
      .toContain('"localization":true');

    // Source view: each source's rate over a band of its bounds, a legend per source.
    const averages = page.waitForResponse((r) => r.url().includes('/api/data/siteRateAverage/') && r.ok());
    await page.getByRole('checkbox', { name: 'Source view' }).check();
    const rates = (await (await averages).json()) as SiteRateAverage;
    const drawn = rates.sources.filter((s) => s.averageSourceRates.some((p) => p.averageRate > 0));
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.some((s) => s.averageSourceRates.some((p) => p.averageUpper > p.averageLower))).toBe(true);
    const chart = page.getByRole('region', { name: 'CH4 Emission Rate by Source (1 hour average) chart' });
    await chart.locator('canvas').first().waitFor();
    const legend = chart.getByRole('list', { name: 'Sources' });
    await expect(legend.getByRole('listitem').first().innerText()).resolves.toBe(
      [...drawn].sort(
        (a, b) =>
          b.averageSourceRates.reduce((s, p) => s + p.averageRate, 0) / b.averageSourceRates.length -
          a.averageSourceRates.reduce((s, p) => s + p.averageRate, 0) / a.averageSourceRates.length,
      )[0]!.sourceName,
    );
    await expect(chart.locator('[data-bands]').getAttribute('data-bands')).resolves.toBe(
      String(Math.min(5, drawn.length)),
    );
    await chart.scrollIntoViewIfNeeded();
    await chart.screenshot({ path: `${SHOTS}/site-localization-source-view.png` });
    await expectAccessible(page);

    // Before the model's start the site has no model output: the rows name their source alone, the layer and the
    // source view say why they show nothing.
    const before = { start: new Date(now - 20 * DAY_MS).toISOString(), end: new Date(now - 10 * DAY_MS).toISOString() };
    loaded = emissionsAnswer();
    await page.goto(
      `${suite.server().origin}/site/${siteId}?${new URLSearchParams({ organizationId: String(organizationId), ...before })}`,
    );
    const old = await loaded;
    expect(old.every((e) => e.probability === null)).toBe(true);
    await map
      .getByRole('status', { name: 'Localization' })
      .getByText(/^No localization in this range/)
      .waitFor();
    await chart.getByText(NO_SOURCE_RATES).waitFor();
    const named = old.find((e) => e.sourceName !== null);
    if (named) {
      await card.getByRole('tab', { name: 'List' }).click();
      await card.getByRole('button', { name: named.sourceName!, exact: true }).first().waitFor();
    }
    await page.getByRole('checkbox', { name: 'Source view' }).uncheck();
    expect(problems).toEqual([]);
    await context.close();
  }, 600_000);
});
