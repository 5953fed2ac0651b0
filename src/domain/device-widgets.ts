// Device Dashboard widgets (spec 2 §2 'Data tab'): one chart per measurement type, in groups; the defaults; the
// disabled text for types the device has no data for.
import { GAS_ORDER } from './enums';
import { MEASUREMENT_TYPES, WIND_TYPES } from './measurement-type';

export const WIDGET_UNAVAILABLE = 'Data type is unavailable for this device';
export const DEFAULT_WIDGETS: readonly number[] = [1, ...WIND_TYPES];
export const WIDGETS_STORAGE_KEY = 'console.deviceDashboardWidgets';

export interface WidgetGroup {
  name: string;
  typeIds: number[];
  /** Status and CH4 sub-groups fold away (spec 2 §2). */
  collapsible: boolean;
}

const gasIds = GAS_ORDER.map((g) => MEASUREMENT_TYPES.find((m) => m.gas === g && m.unitKind === 'concentration')!.id);

export const WIDGET_GROUPS: readonly WidgetGroup[] = [
  { name: 'Gases', typeIds: gasIds, collapsible: false },
  { name: 'Wind', typeIds: [...WIND_TYPES], collapsible: false },
  { name: 'Status', typeIds: [12, 13, 14, 17, 18, 21, 22, 23, 24], collapsible: true },
  { name: 'CH4 sensor', typeIds: [10, 11, 27, 49], collapsible: true },
  { name: 'Environment', typeIds: [9], collapsible: false },
  { name: 'Diagnostics', typeIds: [25, 26, 52, 53, 54, 55, 56], collapsible: true },
];

/** The remembered selection, or the defaults; ids that are not widgets are dropped. */
export function readWidgetSelection(stored: string | null): number[] {
  const known = new Set(WIDGET_GROUPS.flatMap((g) => g.typeIds));
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    if (Array.isArray(parsed)) return parsed.filter((x): x is number => typeof x === 'number' && known.has(x));
  } catch {
    // fall through to the defaults
  }
  return [...DEFAULT_WIDGETS];
}

export const DASHBOARD_TABS = ['Data', 'Detail', 'Installations', 'Freshdesk', 'Events'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
/** Unknown tab values fall back to Data. */
export const dashboardTab = (value: string | null): DashboardTab =>
  (DASHBOARD_TABS as readonly string[]).includes(value ?? '') ? (value as DashboardTab) : 'Data';
