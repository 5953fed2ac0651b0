// Device Health rules (spec 2 §2, §4): data-freshness colours and the quick filters.
import { DeviceInstallationType } from './enums';
import { isQuarantined } from './device-form';

export type DataFreshness = 'success' | 'warning' | 'error' | 'disabled';

/** The spec names the colours, not the ages: under 1 hour success, under 24 hours warning, older or none error (README). */
export const FRESH_WARNING_HOURS = 1;
export const FRESH_ERROR_HOURS = 24;

/** Colour for the age of a device's latest reading; disabled for quarantined or unknown-status devices. */
export function dataFreshness(
  latest: string | null,
  device: { quarantinedAt: string | null; deviceInstallationType: number | null; particleOnlineStatus: boolean | null },
  now: number = Date.now(),
): DataFreshness {
  if (device.particleOnlineStatus === null || isQuarantined(device)) return 'disabled';
  if (latest === null) return 'error';
  const hours = (now - new Date(latest).getTime()) / 3_600_000;
  if (hours < FRESH_WARNING_HOURS) return 'success';
  if (hours < FRESH_ERROR_HOURS) return 'warning';
  return 'error';
}

export const DEVICE_HEALTH_QUICK_FILTERS = ['No Tickets', 'Offline', 'Wind Quarantined', 'Non-Qube'] as const;
export type DeviceHealthQuickFilter = (typeof DEVICE_HEALTH_QUICK_FILTERS)[number];

export interface DeviceHealthFacts {
  deviceType: string;
  particleOnlineStatus: boolean | null;
  deviceInstallationType: number | null;
  quarantinedAt: string | null;
  ticketCount: number;
}

export function matchesDeviceHealthFilter(filter: DeviceHealthQuickFilter, d: DeviceHealthFacts): boolean {
  switch (filter) {
    case 'No Tickets':
      return d.ticketCount === 0;
    case 'Offline':
      return d.particleOnlineStatus === false;
    case 'Wind Quarantined':
      return d.quarantinedAt !== null && d.deviceInstallationType === DeviceInstallationType.values.QuarantineWind;
    case 'Non-Qube':
      return d.deviceType !== 'Qube';
  }
}

/** The persistent stale-data prompt (spec 2 §2, §9). */
export const STALE_AFTER_MS = 3_600_000;
export const STALE_MESSAGE = 'Data on this page may be stale, please reload for the latest data';

/** Quarantine badge colour: full quarantine warning, wind-only info (spec 2 §4). */
export function quarantineTone(d: {
  quarantinedAt: string | null;
  deviceInstallationType: number | null;
}): 'warning' | 'info' | null {
  if (d.quarantinedAt === null) return null;
  return d.deviceInstallationType === DeviceInstallationType.values.QuarantineWind ? 'info' : 'warning';
}
