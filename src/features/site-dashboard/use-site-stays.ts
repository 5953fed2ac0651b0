// The devices that stood at the site over the dashboard's range, and the menu's Show/Hide Quarantined Data: the stays,
// the quarantined ones and the stays each chart kind draws.
import { useMemo, useState } from 'react';
import { useSiteDevices, type SiteWindow } from './api';
import { chartStays, quarantinedStays } from './site-stays';

export function useSiteStays(w: SiteWindow) {
  const devices = useSiteDevices(w);
  const [showQuarantined, setShowQuarantined] = useState(false);
  const stays = useMemo(() => devices.data ?? [], [devices.data]);
  // Kept stable, so the charts' loaders change only with the stays.
  const { gasStays, windStays } = useMemo(() => chartStays(stays, showQuarantined), [stays, showQuarantined]);
  return {
    devices,
    stays,
    quarantined: quarantinedStays(stays),
    gasStays,
    windStays,
    showQuarantined,
    toggleQuarantined: () => setShowQuarantined((v) => !v),
  };
}
