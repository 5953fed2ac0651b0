// The site dashboard's widget selection (spec 3 §2 'Show/Hide Widgets'): remembered in the browser, offered by the
// user's permissions and the site's devices, shown when chosen and available.
import { useState } from 'react';
import type { SiteDeviceStay } from '@/contracts/site-dashboard';
import { Permission } from '@/domain/permissions';
import { readSiteWidgetSelection, SITE_WIDGETS_STORAGE_KEY, type SiteWidget } from '@/domain/site-dashboard';
import { useHasPermission } from '@/ui/session-context';
import { chooserGroups, shownWidgets, widgetAvailability } from './site-widget-choice';

export function useSiteWidgets(stays: readonly SiteDeviceStay[]) {
  const canSeeDevices = useHasPermission(Permission.DeviceView, Permission.DeviceAdministration);
  const isDeviceAdmin = useHasPermission(Permission.DeviceAdministration);
  const [selected, setSelected] = useState<SiteWidget[]>(() =>
    readSiteWidgetSelection(window.localStorage.getItem(SITE_WIDGETS_STORAGE_KEY)),
  );
  const choose = (next: SiteWidget[]) => {
    setSelected(next);
    window.localStorage.setItem(SITE_WIDGETS_STORAGE_KEY, JSON.stringify(next));
  };
  const groups = chooserGroups(stays, { isDeviceAdmin, canSeeDevices });
  const available = widgetAvailability(stays);
  return { groups, selected, available, shown: shownWidgets(groups, selected, available), choose };
}
