// The devices that stood at the site over the range, as the dashboard reads them (spec 3 §2): which are quarantined, which
// the charts draw, what the quarantine notice says.
import type { SiteDeviceStay } from '@/contracts/site-dashboard';
import { DeviceInstallationType } from '@/domain/enums';

/** The stays quarantined by something other than the active installation. */
export function quarantinedStays(stays: readonly SiteDeviceStay[]): SiteDeviceStay[] {
  return stays.filter(
    (s) => s.quarantinedAt !== null && s.deviceInstallationType !== DeviceInstallationType.values.Active,
  );
}

/**
 * The stays the gas and the wind charts draw: quarantined stays leave the charts unless asked for; a wind quarantine
 * only leaves the wind charts.
 */
export function chartStays(
  stays: readonly SiteDeviceStay[],
  showQuarantined: boolean,
): { gasStays: readonly SiteDeviceStay[]; windStays: readonly SiteDeviceStay[] } {
  const { Active, QuarantineWind } = DeviceInstallationType.values;
  const keep = (wind: boolean): readonly SiteDeviceStay[] =>
    showQuarantined
      ? stays
      : stays.filter(
          (s) => s.deviceInstallationType === Active || (!wind && s.deviceInstallationType === QuarantineWind),
        );
  return { gasStays: keep(false), windStays: keep(true) };
}

/** The notice above the widgets while devices at the site are quarantined: each device once, and what the charts do. */
export function quarantineNotice(quarantined: readonly SiteDeviceStay[], showQuarantined: boolean): string {
  const names = [...new Set(quarantined.map((s) => s.deviceName))].join(', ');
  return `Quarantined at this site: ${names}. ${showQuarantined ? 'Their data is shown.' : 'Their data is left out of the charts.'}`;
}
