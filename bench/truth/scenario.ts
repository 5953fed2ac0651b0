// createScenario: the site, its releases and the neighbour's episodes, fully fixed by (layout, seed, siteIndex,
// start, days). The hidden meteorology is rebuilt from the same inputs by the world.
import type { LayoutName, Scenario } from './types';
import { Rng } from './rng';
import { buildSite } from './layouts';
import { designOffsite, designReleases } from './releases';
import { streamSeed } from './seeds';
import { generateWeather, type HourWeather } from './weather';

const DAY = 86_400_000;

export function siteRoughness(layout: LayoutName, seed: number, siteIndex: number): number {
  return new Rng(streamSeed(layout, seed, siteIndex, 'roughness')).range(0.03, 0.3);
}

/** The hidden hourly weather of a scenario (one extra hour so that interpolation reaches the end). */
export function scenarioWeather(scenario: Scenario): HourWeather[] {
  const { layout, seed, siteIndex, start, end, site } = scenario;
  const hours = Math.round((end - start) / 3_600_000) + 1;
  return generateWeather(streamSeed(layout, seed, siteIndex, 'weather', start), start, hours, {
    latitude: site.origin.latitude,
    longitude: site.origin.longitude,
    elevationM: site.elevationM,
    z0: siteRoughness(layout, seed, siteIndex),
  });
}

export function createScenario(
  layout: LayoutName,
  seed: number,
  siteIndex: number,
  start: number,
  days: number,
): Scenario {
  if (!Number.isInteger(days) || days < 1) throw new Error(`days must be a positive integer, got ${days}`);
  if (start % DAY !== 0) throw new Error('start must be UTC-midnight aligned');
  const site = buildSite(layout, new Rng(streamSeed(layout, seed, siteIndex, 'site')));
  const base: Scenario = {
    layout,
    seed,
    siteIndex,
    site,
    start,
    end: start + days * DAY,
    truth: { releases: [], offsite: [] },
  };
  const releases = designReleases(new Rng(streamSeed(layout, seed, siteIndex, 'releases', start)), site, start, days);
  const offsite = designOffsite(
    new Rng(streamSeed(layout, seed, siteIndex, 'offsite', start)),
    site,
    scenarioWeather(base),
    start,
    days,
  );
  return { ...base, truth: { releases, offsite } };
}
