// CH4 emission targets (spec 3 §2 'CH4 Emission Targets dialog', §5 'Emission target upload', §8): the CSV the
// dialog's template and upload share, a row's rules, and the dialog's texts.
import type { CsvColumn } from './csv-column';

export const EMISSION_TARGET_COLUMNS: readonly CsvColumn[] = [
  { key: 'name', header: 'Site Name', required: true, aliases: ['name', 'Site'] },
  { key: 'alias', header: 'Alias', aliases: ['alias'] },
  { key: 'effectiveFrom', header: 'Effective From', aliases: ['effectiveFrom'] },
  {
    key: 'targetVolumePerMonth',
    header: 'Target Volume Per Month (kg)',
    aliases: ['targetVolumePerMonth', 'Target Volume Per Month'],
  },
];
export const EMISSION_TARGET_MAX_ROWS = 5000;

export const EMISSION_TARGET_MESSAGES = {
  deleteConfirm: 'Are you sure you you want to remove this Emission Target?',
  deleted: 'Emission Target deleted',
  changed: (n: number) => `${n} row(s) successfully changed`,
  unknownSite: (name: string) => `No site named '${name}' in this organization.`,
  ambiguousSite: (name: string) => `More than one site is named '${name}'.`,
  badVolume: 'Target Volume Per Month must be a number of at least 0',
  badDate: 'Effective From must be a date (YYYY-MM-DD)',
  dateWithoutVolume: 'Effective From needs a Target Volume Per Month',
  duplicate: (row: number) => `The same site is also on row ${row}.`,
  problems: 'The file has problems; nothing was changed.',
  empty: 'The file has no emission target rows.',
} as const;

export const HAS_TARGET = 'Has Target';
export const NO_TARGET = 'No Target';

/** A row's volume and effective date, or its problems. A row with neither leaves the site's target as it is. */
export function readTargetRow(
  values: { effectiveFrom?: string; targetVolumePerMonth?: string },
  today: string,
): { skip: true } | { volume: number; effectiveFrom: string } | { problems: string[] } {
  const volumeText = (values.targetVolumePerMonth ?? '').trim();
  const dateText = (values.effectiveFrom ?? '').trim();
  if (!volumeText && !dateText) return { skip: true };
  const problems: string[] = [];
  const volume = Number(volumeText);
  if (!volumeText) problems.push(EMISSION_TARGET_MESSAGES.dateWithoutVolume);
  else if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(volumeText) || !Number.isFinite(volume) || volume < 0)
    problems.push(EMISSION_TARGET_MESSAGES.badVolume);
  const effectiveFrom = dateText || today;
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(effectiveFrom) ||
    Number.isNaN(Date.parse(`${effectiveFrom}T00:00:00Z`)) ||
    new Date(`${effectiveFrom}T00:00:00Z`).toISOString().slice(0, 10) !== effectiveFrom
  ) {
    problems.push(EMISSION_TARGET_MESSAGES.badDate);
  }
  return problems.length ? { problems } : { volume, effectiveFrom };
}
