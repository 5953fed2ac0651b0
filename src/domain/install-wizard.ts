// Mobile Install Wizard rules (spec 2 §2, §4 'Wizard', §5 'Wizard location step', §8, §9).
import { parseLatLng, type LatLng } from './coordinates';
import type { DeviceKind } from './device-form';
import { distanceKm } from './map';

export const WIZARD_STEPS = [
  'Select Device',
  'Select Site',
  'Set Device Location',
  'Confirm Installation',
  'Diagnostics',
] as const;
export const WIZARD_BASE_FONT_PX = 24;
export const DIAGNOSTICS_POLL_MS = 5000;
export const PIN_MAX_METRES = 1000;
export const FAR_USER_METRES = 5000;
/** Measurement types the diagnostics step charts: CH4, battery, cell signal, temperature. */
export const DIAGNOSTIC_TYPES = [1, 12, 13, 9] as const;

export const NOT_A_QUBE_QR = 'Not a valid Qube device QR code';
export const unavailableDevice = (name: string) =>
  `The device named ${name} is not currently available for installation, please contact support`;
export const LOCATION_REQUIRED = 'Device Install Location is a required field';
export const PIN_TOO_FAR =
  'Cannot install a device more than 1 km from site centre. Please reposition the pin closer to the site and try again';
export const PIN_ON_CENTRE = 'Move the map so that the pin is on the device location';
export const FAR_FROM_SITE = 'It seems like you are far from the selected site, is it correct?';
export const INSTALL_SAVED = 'Device installation successful, starting diagnostics';
export const INSTALL_FAILED = 'There was an error saving the device installation. Please try again.';
export const LIVE_DATA_LOADING =
  'Loading live device data, this may take a moment. To skip this, press the Done button below.';
export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported';

/** The device name in a Qube QR code ('QUBE:<name>', as printed on the PCB label), or null. */
export function parseQubeQr(text: string): string | null {
  const m = /^QUBE:([A-Za-z0-9][\w-]{1,63})$/.exec(text.trim());
  return m ? m[1]! : null;
}

export const metresBetween = (a: LatLng, b: LatLng) => distanceKm(a, b) * 1000;

export function nearestSite<T extends { location: LatLng }>(sites: readonly T[], at: LatLng): T | null {
  let best: T | null = null;
  let bestM = Infinity;
  for (const s of sites) {
    const m = metresBetween(s.location, at);
    if (m < bestM) [best, bestM] = [s, m];
  }
  return best;
}

/** The map alert for a pin, or null when it may be saved. */
export function pinAlert(pin: LatLng, siteCentre: LatLng): string | null {
  const m = metresBetween(pin, siteCentre);
  if (m > PIN_MAX_METRES) return PIN_TOO_FAR;
  if (m < 0.001) return PIN_ON_CENTRE;
  return null;
}

function decimalProblem(text: string): string | null {
  if (!/^-?\d+(\.\d+)?$/.test(text.trim())) return 'Please enter a valid number';
  if (/\.\d{3,}$/.test(text.trim())) return 'Maximum 2 decimal places allowed';
  return null;
}

/** Height (Qube Lite only) and azimuth (Qube Camera only), each optional. */
export function heightProblem(text: string): string | null {
  if (text.trim() === '') return null;
  const p = decimalProblem(text);
  if (p) return p;
  const v = Number(text);
  if (v <= 0) return 'Height must be greater than 0';
  if (v > 10000) return 'Height must be less than or equal to 10,000';
  return null;
}

export function azimuthProblem(text: string): string | null {
  if (text.trim() === '') return null;
  const p = decimalProblem(text);
  if (p) return p;
  const v = Number(text);
  if (v < 0) return 'Azimuth must be greater than or equal to 0';
  if (v >= 360) return 'Azimuth must be less than 360';
  return null;
}

export const showsHeight = (kind: DeviceKind) => kind === 'QubeLite';
export const showsAzimuth = (kind: DeviceKind) => kind === 'QubeCamera';

export function locationProblem(text: string): string | null {
  return parseLatLng(text) ? null : LOCATION_REQUIRED;
}
