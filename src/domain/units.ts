// Display units (spec 2 §2 'Unit Configuration', §3 'Unit configuration'): six choices per user, each unit in a
// unit group with its conversion from the stored unit. Stored values are kg/h, kg, ppm, kPa, km/h and °C.
import { z } from 'zod';

export const UNIT_GROUPS = {
  ch4Rate: 1,
  ch4Volume: 2,
  concentration: 3,
  pressure: 4,
  speed: 5,
  temperature: 6,
} as const;
export type UnitGroupName = keyof typeof UNIT_GROUPS;

export interface DisplayUnit {
  id: number;
  unitGroupId: number;
  name: string;
  label: string;
  /** Display value = stored × factor + offset. */
  factor: number;
  offset?: number;
}

// Methane at 15 °C and 101.325 kPa weighs 0.6785 kg/m³ and 0.04236 lb/ft³ (standard conditions of the gas industry).
const M3_PER_KG_CH4 = 1 / 0.6785;
const SCF_PER_KG_CH4 = 2.204623 / 0.04236;

export const UNITS: readonly DisplayUnit[] = [
  { id: 1, unitGroupId: UNIT_GROUPS.ch4Rate, name: 'Kilograms per hour', label: 'kg/h', factor: 1 },
  { id: 2, unitGroupId: UNIT_GROUPS.ch4Rate, name: 'Pounds per hour', label: 'lb/h', factor: 2.204623 },
  {
    id: 3,
    unitGroupId: UNIT_GROUPS.ch4Rate,
    name: 'Standard cubic feet per hour',
    label: 'scf/h',
    factor: SCF_PER_KG_CH4,
  },
  { id: 4, unitGroupId: UNIT_GROUPS.ch4Rate, name: 'Cubic metres per hour', label: 'm³/h', factor: M3_PER_KG_CH4 },
  { id: 5, unitGroupId: UNIT_GROUPS.ch4Rate, name: 'Tonnes per year', label: 't/yr', factor: 8.76 },
  { id: 11, unitGroupId: UNIT_GROUPS.ch4Volume, name: 'Kilograms', label: 'kg', factor: 1 },
  { id: 12, unitGroupId: UNIT_GROUPS.ch4Volume, name: 'Tonnes', label: 't', factor: 0.001 },
  { id: 13, unitGroupId: UNIT_GROUPS.ch4Volume, name: 'Pounds', label: 'lb', factor: 2.204623 },
  {
    id: 14,
    unitGroupId: UNIT_GROUPS.ch4Volume,
    name: 'Thousand standard cubic feet',
    label: 'Mscf',
    factor: SCF_PER_KG_CH4 / 1000,
  },
  { id: 15, unitGroupId: UNIT_GROUPS.ch4Volume, name: 'Cubic metres', label: 'm³', factor: M3_PER_KG_CH4 },
  { id: 21, unitGroupId: UNIT_GROUPS.concentration, name: 'Parts per million', label: 'ppm', factor: 1 },
  { id: 22, unitGroupId: UNIT_GROUPS.concentration, name: 'Parts per billion', label: 'ppb', factor: 1000 },
  { id: 23, unitGroupId: UNIT_GROUPS.concentration, name: 'Percent by volume', label: '%', factor: 0.0001 },
  { id: 31, unitGroupId: UNIT_GROUPS.pressure, name: 'Kilopascals', label: 'kPa', factor: 1 },
  { id: 32, unitGroupId: UNIT_GROUPS.pressure, name: 'Hectopascals', label: 'hPa', factor: 10 },
  { id: 33, unitGroupId: UNIT_GROUPS.pressure, name: 'Pounds per square inch', label: 'psi', factor: 0.1450377 },
  { id: 34, unitGroupId: UNIT_GROUPS.pressure, name: 'Inches of mercury', label: 'inHg', factor: 0.2952998 },
  { id: 41, unitGroupId: UNIT_GROUPS.speed, name: 'Kilometres per hour', label: 'km/h', factor: 1 },
  { id: 42, unitGroupId: UNIT_GROUPS.speed, name: 'Metres per second', label: 'm/s', factor: 1 / 3.6 },
  { id: 43, unitGroupId: UNIT_GROUPS.speed, name: 'Miles per hour', label: 'mph', factor: 0.6213712 },
  { id: 44, unitGroupId: UNIT_GROUPS.speed, name: 'Knots', label: 'kn', factor: 0.5399568 },
  { id: 51, unitGroupId: UNIT_GROUPS.temperature, name: 'Degrees Celsius', label: '°C', factor: 1 },
  { id: 52, unitGroupId: UNIT_GROUPS.temperature, name: 'Degrees Fahrenheit', label: '°F', factor: 1.8, offset: 32 },
  { id: 53, unitGroupId: UNIT_GROUPS.temperature, name: 'Kelvin', label: 'K', factor: 1, offset: 273.15 },
];

const UNIT_BY_ID = new Map(UNITS.map((u) => [u.id, u]));
export const unitById = (id: number): DisplayUnit | undefined => UNIT_BY_ID.get(id);

export const unitConfigurationSchema = z
  .object({
    ch4RateDisplayUnitId: z.number({ error: 'CH4 rate unit is required' }).int(),
    ch4VolumeDisplayUnitId: z.number({ error: 'CH4 volume unit is required' }).int(),
    concentrationDisplayUnitId: z.number({ error: 'Concentration unit is required' }).int(),
    pressureDisplayUnitId: z.number({ error: 'Pressure unit is required' }).int(),
    speedDisplayUnitId: z.number({ error: 'Speed unit is required' }).int(),
    temperatureDisplayUnitId: z.number({ error: 'Temperature unit is required' }).int(),
  })
  .superRefine((c, ctx) => {
    for (const [field, group] of UNIT_FIELDS) {
      if (unitById(c[field])?.unitGroupId !== UNIT_GROUPS[group])
        ctx.addIssue({ code: 'custom', path: [field], message: 'Choose one of the units offered' });
    }
  });
export type UnitConfiguration = z.infer<typeof unitConfigurationSchema>;

export const UNIT_FIELDS = [
  ['ch4RateDisplayUnitId', 'ch4Rate'],
  ['ch4VolumeDisplayUnitId', 'ch4Volume'],
  ['concentrationDisplayUnitId', 'concentration'],
  ['pressureDisplayUnitId', 'pressure'],
  ['speedDisplayUnitId', 'speed'],
  ['temperatureDisplayUnitId', 'temperature'],
] as const satisfies readonly (readonly [keyof UnitConfiguration, UnitGroupName])[];

export const UNIT_FIELD_LABELS: Record<keyof UnitConfiguration, string> = {
  ch4RateDisplayUnitId: 'CH4 rate',
  ch4VolumeDisplayUnitId: 'CH4 volume',
  concentrationDisplayUnitId: 'Concentration',
  pressureDisplayUnitId: 'Pressure',
  speedDisplayUnitId: 'Speed',
  temperatureDisplayUnitId: 'Temperature',
};

export const DEFAULT_UNIT_CONFIGURATION: UnitConfiguration = {
  ch4RateDisplayUnitId: 1,
  ch4VolumeDisplayUnitId: 11,
  concentrationDisplayUnitId: 21,
  pressureDisplayUnitId: 31,
  speedDisplayUnitId: 41,
  temperatureDisplayUnitId: 51,
};

export const UNITS_EDITED = 'Units edited';

/** A stored value in the chosen display unit. */
export function toDisplayUnit(value: number, unitId: number): number {
  const unit = unitById(unitId);
  if (!unit) throw new Error(`Unit ${unitId} is not configured`);
  return value * unit.factor + (unit.offset ?? 0);
}

/** A value typed in a display unit back to the stored unit (thresholds, limits). */
export function fromDisplayUnit(value: number, unitId: number): number {
  const unit = unitById(unitId);
  if (!unit) throw new Error(`Unit ${unitId} is not configured`);
  return (value - (unit.offset ?? 0)) / unit.factor;
}

const GASES = ['ch4', 'co', 'co2', 'h2s', 'nh3', 'no2', 'so2', 'voc'] as const;

/** userSettings.unitLabels (spec 1 §3) for a configuration: the six choices, spread over every gas's concentration. */
export function unitLabelsFor(c: UnitConfiguration): Record<string, string> {
  const label = (id: number) => unitById(id)?.label ?? '';
  const labels: Record<string, string> = {
    angle: '°',
    density: 'kg/m³',
    humidity: '%',
    pressure: label(c.pressureDisplayUnitId),
    speed: label(c.speedDisplayUnitId),
    temperature: label(c.temperatureDisplayUnitId),
    voltage: 'V',
  };
  for (const gas of GASES) {
    labels[`${gas}Concentration`] = label(c.concentrationDisplayUnitId);
    // Rates and volumes of other gases stay in mass units; the CH4 choices apply to CH4 (spec 2 §3).
    labels[`${gas}Rate`] = gas === 'ch4' ? label(c.ch4RateDisplayUnitId) : 'kg/h';
    labels[`${gas}Volume`] = gas === 'ch4' ? label(c.ch4VolumeDisplayUnitId) : 'kg';
  }
  return labels;
}

const GROUP_FIELD: Record<UnitGroupName, keyof UnitConfiguration> = {
  ch4Rate: 'ch4RateDisplayUnitId',
  ch4Volume: 'ch4VolumeDisplayUnitId',
  concentration: 'concentrationDisplayUnitId',
  pressure: 'pressureDisplayUnitId',
  speed: 'speedDisplayUnitId',
  temperature: 'temperatureDisplayUnitId',
};

/** The unit a user sees a quantity in. */
export const displayUnitFor = (group: UnitGroupName, c: UnitConfiguration): DisplayUnit =>
  unitById(c[GROUP_FIELD[group]])!;

/** A stored quantity converted to the user's unit, as number and label (format it with formatNumber). */
export function inDisplayUnit(
  value: number,
  group: UnitGroupName,
  c: UnitConfiguration,
): { value: number; label: string } {
  const unit = displayUnitFor(group, c);
  return { value: value * unit.factor + (unit.offset ?? 0), label: unit.label };
}

/** Measurement kinds (measurement-types unitKind) that follow a unit group; the others keep one fixed unit. */
export const MEASUREMENT_UNIT_GROUP: Readonly<Record<string, UnitGroupName>> = {
  concentration: 'concentration',
  temperature: 'temperature',
  pressure: 'pressure',
  speed: 'speed',
};
const FIXED_MEASUREMENT_UNITS: Readonly<Record<string, string>> = {
  angle: '°',
  humidity: '%',
  percent: '%',
  voltage: 'V',
  bytes: 'B',
};

/** A stored measurement in the user's unit, with the unit's label ('' for counts and raw values). */
export function measurementInDisplayUnit(
  value: number,
  unitKind: string,
  c: UnitConfiguration,
): { value: number; label: string } {
  const group = MEASUREMENT_UNIT_GROUP[unitKind];
  return group ? inDisplayUnit(value, group, c) : { value, label: FIXED_MEASUREMENT_UNITS[unitKind] ?? '' };
}
