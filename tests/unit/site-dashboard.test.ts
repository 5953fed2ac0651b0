import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SITE_WIDGETS,
  emissionLinkRange,
  readSiteWidgetSelection,
  siteWidgetGroups,
  SITE_WIDGET_GROUPS,
  siteDashboardTitle,
  timelineSources,
  TIMELINE_SOURCES_SHOWN,
} from '@/domain/site-dashboard';
import { siteDashboardPath } from '@/entities/site/site-links';

const HOUR = 3_600_000;

describe('single-site dashboard rules (spec 3 §2)', () => {
  it('titles the page with the site name plus Dashboard', () => {
    expect(siteDashboardTitle('Hawk Well 002')).toBe('Hawk Well 002 Dashboard');
  });

  it('remembers the widget choice, falls back to Map, Emissions timeline and CH4 rate, and drops unknown widgets', () => {
    expect(DEFAULT_SITE_WIDGETS).toEqual(['map', 'timeline', 'rate']);
    expect(readSiteWidgetSelection(null)).toEqual(['map', 'timeline', 'rate']);
    expect(readSiteWidgetSelection('not json')).toEqual(['map', 'timeline', 'rate']);
    expect(readSiteWidgetSelection(JSON.stringify(['map', 1, 999, 'camera', 'radar', 16]))).toEqual([
      'map',
      1,
      'camera',
      16,
    ]);
    expect(readSiteWidgetSelection('[]')).toEqual([]);
  });

  it('offers the Camera widget in group 0 only at a site with cameras', () => {
    expect(siteWidgetGroups(true)[0]!.widgets).toEqual(['map', 'camera', 'inspections', 'timeline', 'rate']);
    expect(siteWidgetGroups(false)[0]!.widgets).toEqual(['map', 'inspections', 'timeline', 'rate']);
    expect(siteWidgetGroups(false).slice(1)).toEqual(siteWidgetGroups(true).slice(1));
  });

  it('groups one widget per gas and the wind, then the diagnostics, with no widget twice', () => {
    const all = SITE_WIDGET_GROUPS.flatMap((g) => g.widgets);
    expect(new Set(all).size).toBe(all.length);
    expect(SITE_WIDGET_GROUPS.find((g) => g.name === 'Gases')!.widgets).toEqual(
      expect.arrayContaining([1, 2, 3, 4, 5, 6, 7, 8, 12]),
    );
    expect(SITE_WIDGET_GROUPS.find((g) => g.name === 'Wind')!.widgets).toEqual([15, 16]);
    expect(SITE_WIDGET_GROUPS.filter((g) => !g.diagnostic).map((g) => g.name)).toEqual(['Site', 'Gases', 'Wind']);
  });

  it('shows the first five sources of the timeline until all are asked for', () => {
    const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(timelineSources(seven, false)).toHaveLength(TIMELINE_SOURCES_SHOWN);
    expect(timelineSources(seven, true)).toEqual(seven);
  });

  it('links an emission to the dashboard two hours either side of it, a processing one up to now', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    expect(
      emissionLinkRange(
        { startTime: new Date(now - 10 * HOUR).toISOString(), endTime: new Date(now - 8 * HOUR).toISOString() },
        now,
      ),
    ).toEqual({ start: now - 12 * HOUR, end: now - 6 * HOUR });
    expect(emissionLinkRange({ startTime: new Date(now - 3 * HOUR).toISOString(), endTime: null }, now)).toEqual({
      start: now - 5 * HOUR,
      end: now,
    });
  });

  it('opens the dashboard over at most the last year of a longer period', () => {
    const end = Date.UTC(2026, 10, 1);
    const url = new URL(`http://x${siteDashboardPath(7, { start: end - 730 * 24 * HOUR, end })}`);
    expect(url.pathname).toBe('/site/7');
    expect(Date.parse(url.searchParams.get('end')!) - Date.parse(url.searchParams.get('start')!)).toBe(365 * 24 * HOUR);
    expect(siteDashboardPath(7)).toBe('/site/7');
  });
});
