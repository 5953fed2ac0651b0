// The widgets of the site dashboard a user may choose and the ones shown (spec 3 §2 'Show/Hide Widgets'): the Camera
// widget only where a camera stood, diagnostic groups for device administrators, measurement widgets for those who may
// see devices; a measurement widget is available when a device at the site reports its type.
import type { SiteDeviceStay } from '@/contracts/site-dashboard';
import { measurementType } from '@/domain/measurement-type';
import {
  CONTENT_WIDGET_LABELS,
  siteWidgetGroups,
  type SiteWidget,
  type SiteWidgetGroup,
} from '@/domain/site-dashboard';

/** The groups the chooser offers. */
export function chooserGroups(
  stays: readonly SiteDeviceStay[],
  may: { isDeviceAdmin: boolean; canSeeDevices: boolean },
): SiteWidgetGroup[] {
  const hasCamera = stays.some((s) => s.deviceType === 'QubeCamera');
  return siteWidgetGroups(hasCamera)
    .filter((g) => (g.diagnostic ? may.isDeviceAdmin : true))
    .filter((g) => g.widgets.every((x) => typeof x === 'string') || may.canSeeDevices);
}

/** Whether the site has data for a widget: a content widget always, a measurement type when a stay reports it. */
export function widgetAvailability(stays: readonly SiteDeviceStay[]): (x: SiteWidget) => boolean {
  const reported = new Set(stays.flatMap((s) => s.measurementTypeIds));
  return (x) => typeof x === 'string' || reported.has(x);
}

/** The widgets shown, in the chooser's order: chosen and available. */
export function shownWidgets(
  groups: readonly SiteWidgetGroup[],
  selected: readonly SiteWidget[],
  available: (x: SiteWidget) => boolean,
): SiteWidget[] {
  return groups.flatMap((g) => g.widgets).filter((x) => selected.includes(x) && available(x));
}

/** The selection with a widget ticked or unticked (a ticked one goes last). */
export function toggleWidget(selected: readonly SiteWidget[], x: SiteWidget, on: boolean): SiteWidget[] {
  return on ? [...selected, x] : selected.filter((y) => y !== x);
}

export const widgetLabel = (x: SiteWidget): string =>
  typeof x === 'string' ? CONTENT_WIDGET_LABELS[x] : measurementType(x).label;
