// userSettings of the current user (spec 1 §3): stored choices over defaults.
import type { UserSettings } from '@/contracts/current-user';
import type { Queryable } from '../db/client';
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

/** Saves one grid's hidden columns; jsonb_set on one key, so saves of different grids never overwrite each other. */
export async function saveGridColumnVisibility(
  db: Queryable,
  userId: number,
  gridKey: string,
  hiddenColumns: readonly string[],
): Promise<Record<string, string[]>> {
  const [row] = await db.query<{ grids: Record<string, string[]> }>(
    `UPDATE users
        SET settings = jsonb_set(
              CASE WHEN jsonb_typeof(settings -> 'gridColumnVisibility') = 'object' THEN settings
                   ELSE jsonb_set(coalesce(settings, '{}'::jsonb), '{gridColumnVisibility}', '{}'::jsonb) END,
              ARRAY['gridColumnVisibility', $2::text], $3::jsonb)
      WHERE id = $1
      RETURNING settings -> 'gridColumnVisibility' AS grids`,
    [userId, gridKey, JSON.stringify([...new Set(hiddenColumns)])],
  );
  return row?.grids ?? {};
}

export async function loadUnitConfiguration(db: Queryable, userId: number): Promise<UnitConfiguration> {
  const [row] = await db.query<{ settings: Record<string, unknown> }>('SELECT settings FROM users WHERE id = $1', [
    userId,
  ]);
  return storedUnitConfiguration(row?.settings ?? {});
}

export async function saveUnitConfiguration(db: Queryable, userId: number, units: UnitConfiguration): Promise<void> {
  await db.query(
    "UPDATE users SET settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{unitConfiguration}', $2::jsonb) WHERE id = $1",
    [userId, JSON.stringify(units)],
  );
}
