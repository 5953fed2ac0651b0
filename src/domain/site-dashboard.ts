// The single-site dashboard (spec 3 §2 'Single-site dashboard', §9): its widgets and groups, the defaults, the texts
// and the small rules the page follows.
import { WIDGET_GROUPS } from './device-widgets';
import { MEASUREMENT_TYPES } from './measurement-type';

export const SITE_WIDGET_UNAVAILABLE = 'Data type is unavailable for this site';
export const NO_QUARANTINED_DEVICES = 'This site does not have any quarantined devices';
export const SITE_WIDGETS_STORAGE_KEY = 'console.siteDashboardWidgets';
/** The timeline shows this many sources before 'Show More Sources'. */
export const TIMELINE_SOURCES_SHOWN = 5;
/** An emission row of the list links to the dashboard over the emission padded by this much either side (hours). */
export const EMISSION_LINK_PADDING_HOURS = 2;

export const siteDashboardTitle = (siteName: string) => `${siteName} Dashboard`;

/** Widgets that are not a measurement type. */
export type ContentWidget = 'map' | 'camera' | 'inspections' | 'timeline' | 'rate';
export type SiteWidget = ContentWidget | number;

export interface SiteWidgetGroup {
  name: string;
  widgets: SiteWidget[];
  /** Diagnostic groups fold away and show only with DeviceAdministration. */
  diagnostic: boolean;
}

export const CONTENT_WIDGET_LABELS: Record<ContentWidget, string> = {
  map: 'Map',
  camera: 'Camera',
  inspections: 'Inspections Timeline',
  timeline: 'Emissions Timeline',
  rate: 'CH4 Emission Rate',
};

// Group 1: one widget per gas, plus the state of charge (spec 3 §2).
const GAS_WIDGETS = [...MEASUREMENT_TYPES.filter((m) => m.unitKind === 'concentration').map((m) => m.id), 12];
const WIND_WIDGETS = [15, 16];
const shown = new Set([...GAS_WIDGETS, ...WIND_WIDGETS]);

export const SITE_WIDGET_GROUPS: readonly SiteWidgetGroup[] = [
  // Group 0 in the spec's order; Camera and Inspections are not defaults.
  { name: 'Site', widgets: ['map', 'camera', 'inspections', 'timeline', 'rate'] as SiteWidget[], diagnostic: false },
  { name: 'Gases', widgets: GAS_WIDGETS as SiteWidget[], diagnostic: false },
  { name: 'Wind', widgets: WIND_WIDGETS as SiteWidget[], diagnostic: false },
  // The device dashboard's status and diagnostic groups, less what the groups above already hold.
  ...WIDGET_GROUPS.filter((g) => g.name !== 'Gases' && g.name !== 'Wind').map((g): SiteWidgetGroup => ({
    name: g.name,
    widgets: g.typeIds.filter((id) => !shown.has(id)),
    diagnostic: true,
  })),
].filter((g) => g.widgets.length > 0);

export const DEFAULT_SITE_WIDGETS: readonly SiteWidget[] = ['map', 'timeline', 'rate'];

/** The groups a site offers: the Camera widget only where a camera stands or stood in the range (spec 3 §2). */
export function siteWidgetGroups(hasCamera: boolean): readonly SiteWidgetGroup[] {
  return hasCamera
    ? SITE_WIDGET_GROUPS
    : SITE_WIDGET_GROUPS.map((g) => ({ ...g, widgets: g.widgets.filter((x) => x !== 'camera') }));
}

/** The remembered selection, or the defaults; unknown widgets are dropped. */
export function readSiteWidgetSelection(stored: string | null): SiteWidget[] {
  const known = new Set<SiteWidget>(SITE_WIDGET_GROUPS.flatMap((g) => g.widgets));
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    if (Array.isArray(parsed))
      return parsed.filter(
        (x): x is SiteWidget => (typeof x === 'number' || typeof x === 'string') && known.has(x as SiteWidget),
      );
  } catch {
    // fall through to the defaults
  }
  return [...DEFAULT_SITE_WIDGETS];
}

/** The rows of the emission timeline: the first five sources, or all of them when asked. */
export function timelineSources<T>(sources: readonly T[], showAll: boolean): T[] {
  return showAll ? [...sources] : sources.slice(0, TIMELINE_SOURCES_SHOWN);
}

/** The range an emission's row links to: the emission (to now while processing) padded either side. */
export function emissionLinkRange(
  e: { startTime: string; endTime: string | null },
  now: number,
): { start: number; end: number } {
  const pad = EMISSION_LINK_PADDING_HOURS * 3_600_000;
  const start = Date.parse(e.startTime) - pad;
  const end = Math.min(now, (e.endTime ? Date.parse(e.endTime) : now) + pad);
  return { start, end: Math.max(end, start + 3_600_000) };
}
