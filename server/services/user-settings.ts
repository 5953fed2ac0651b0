// userSettings of the current user (spec 1 §3): stored choices over defaults.
import type { UserSettings } from '@/contracts/current-user';

const GASES = ['ch4', 'co', 'co2', 'h2s', 'nh3', 'no2', 'so2', 'voc'] as const;

export function defaultUnitLabels(): Record<string, string> {
  const labels: Record<string, string> = {
    angle: '°',
    density: 'kg/m³',
    humidity: '%',
    pressure: 'kPa',
    speed: 'km/h',
    temperature: '°C',
    voltage: 'V',
  };
  for (const gas of GASES) {
    labels[`${gas}Concentration`] = 'ppm';
    labels[`${gas}Rate`] = 'kg/h';
    labels[`${gas}Volume`] = 'kg';
  }
  return labels;
}

function readGridVisibility(value: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!value || typeof value !== 'object') return out;
  for (const [key, hidden] of Object.entries(value)) {
    if (Array.isArray(hidden)) out[key] = hidden.filter((h): h is string => typeof h === 'string');
  }
  return out;
}

export function defaultUserSettings(stored: Record<string, unknown>, ianaTimezoneId: string): UserSettings {
  const limits = (stored.limits ?? {}) as Partial<UserSettings['limits']>;
  const unitLabels = (stored.unitLabels ?? {}) as Record<string, string>;
  return {
    limits: { ch4MaxVolumePerDay: limits.ch4MaxVolumePerDay ?? null, maxWindSpeed: limits.maxWindSpeed ?? null },
    unitLabels: { ...defaultUnitLabels(), ...unitLabels },
    ianaTimezoneId,
    timeFormat: stored.timeFormat === '24-hr' ? '24-hr' : '12-hr',
    gridColumnVisibility: readGridVisibility(stored.gridColumnVisibility),
  };
}
