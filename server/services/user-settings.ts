// userSettings of the current user (spec 1 §3): stored choices over defaults.
import type { UserSettings } from '@/contracts/current-user';
import {
  DEFAULT_UNIT_CONFIGURATION,
  unitConfigurationSchema,
  unitLabelsFor,
  type UnitConfiguration,
} from '@/domain/units';

function readGridVisibility(value: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!value || typeof value !== 'object') return out;
  for (const [key, hidden] of Object.entries(value)) {
    if (Array.isArray(hidden)) out[key] = hidden.filter((h): h is string => typeof h === 'string');
  }
  return out;
}

/** The stored unit choices, or the defaults when none (or an outdated set) are stored. */
export function storedUnitConfiguration(stored: Record<string, unknown>): UnitConfiguration {
  const parsed = unitConfigurationSchema.safeParse(stored.unitConfiguration);
  return parsed.success ? parsed.data : DEFAULT_UNIT_CONFIGURATION;
}

export function defaultUserSettings(stored: Record<string, unknown>, ianaTimezoneId: string): UserSettings {
  const limits = (stored.limits ?? {}) as Partial<UserSettings['limits']>;
  const unitConfiguration = storedUnitConfiguration(stored);
  return {
    limits: { ch4MaxVolumePerDay: limits.ch4MaxVolumePerDay ?? null, maxWindSpeed: limits.maxWindSpeed ?? null },
    unitLabels: unitLabelsFor(unitConfiguration),
    unitConfiguration,
    ianaTimezoneId,
    timeFormat: stored.timeFormat === '24-hr' ? '24-hr' : '12-hr',
    gridColumnVisibility: readGridVisibility(stored.gridColumnVisibility),
  };
}
