// Measurement types, numbered as the device charts number them (spec 2 §3) — the canonical reading here.
import type { Gas } from './enums';

export type UnitKind =
  | 'concentration'
  | 'temperature'
  | 'pressure'
  | 'humidity'
  | 'speed'
  | 'angle'
  | 'voltage'
  | 'percent'
  | 'count'
  | 'signal'
  | 'bytes'
  | 'raw';

export interface MeasurementType {
  id: number;
  key: string;
  label: string;
  unitKind: UnitKind;
  gas: Gas | null;
}

const m = (id: number, key: string, label: string, unitKind: UnitKind, gas: Gas | null = null): MeasurementType => ({
  id,
  key,
  label,
  unitKind,
  gas,
});

export const MEASUREMENT_TYPES: readonly MeasurementType[] = [
  m(1, 'CH4', 'CH4', 'concentration', 'CH4'),
  m(2, 'CO', 'CO', 'concentration', 'CO'),
  m(3, 'CO2', 'CO2', 'concentration', 'CO2'),
  m(4, 'H2S', 'H2S', 'concentration', 'H2S'),
  m(5, 'NO2', 'NO2', 'concentration', 'NO2'),
  m(6, 'PM2', 'PM2.5', 'concentration', 'PM2.5'),
  m(7, 'SO2', 'SO2', 'concentration', 'SO2'),
  m(8, 'VOC', 'VOC', 'concentration', 'VOC'),
  m(9, 'Temperature', 'Temperature', 'temperature'),
  m(10, 'CH4Pressure', 'CH4 Pressure', 'pressure'),
  m(11, 'CH4Humidity', 'CH4 Humidity', 'humidity'),
  m(12, 'SOC', 'State of Charge', 'percent'),
  m(13, 'CellSignalStrength', 'Cell Signal Strength', 'signal'),
  m(14, 'CellSignalQuality', 'Cell Signal Quality', 'signal'),
  m(15, 'WindDirection', 'Wind Direction', 'angle'),
  m(16, 'WindSpeed', 'Wind Speed', 'speed'),
  m(17, 'BQAC', 'Battery Average Current', 'raw'),
  m(18, 'BQSOC', 'Battery Gauge State of Charge', 'percent'),
  m(19, 'PSOC', 'PSOC', 'percent'),
  m(20, 'VSOC', 'VSOC', 'percent'),
  m(21, 'Disconnects', 'Disconnects', 'count'),
  m(22, 'PubRetry', 'Publish Retries', 'count'),
  m(23, 'PubFails', 'Publish Failures', 'count'),
  m(24, 'FifoSize', 'FIFO Size', 'count'),
  m(25, 'VSense', 'VSense', 'voltage'),
  m(26, 'VHeat', 'VHeat', 'voltage'),
  m(27, 'CH4Temperature', 'CH4 Temperature', 'temperature'),
  m(28, 'NH3', 'NH3', 'concentration', 'NH3'),
  m(29, 'COTemperature', 'CO Temperature', 'temperature'),
  m(30, 'COHumidity', 'CO Humidity', 'humidity'),
  m(31, 'CORaw', 'CO Raw', 'raw'),
  m(32, 'CO2Temperature', 'CO2 Temperature', 'temperature'),
  m(33, 'CO2Humidity', 'CO2 Humidity', 'humidity'),
  m(34, 'CO2Pressure', 'CO2 Pressure', 'pressure'),
  m(35, 'CO2Raw', 'CO2 Raw', 'raw'),
  m(36, 'H2STemperature', 'H2S Temperature', 'temperature'),
  m(37, 'H2SHumidity', 'H2S Humidity', 'humidity'),
  m(38, 'H2SRaw', 'H2S Raw', 'raw'),
  m(39, 'NO2Temperature', 'NO2 Temperature', 'temperature'),
  m(40, 'NO2Humidity', 'NO2 Humidity', 'humidity'),
  m(41, 'NO2Raw', 'NO2 Raw', 'raw'),
  m(42, 'SO2Temperature', 'SO2 Temperature', 'temperature'),
  m(43, 'SO2Humidity', 'SO2 Humidity', 'humidity'),
  m(44, 'SO2Raw', 'SO2 Raw', 'raw'),
  m(45, 'VOCTemperature', 'VOC Temperature', 'temperature'),
  m(46, 'VOCHumidity', 'VOC Humidity', 'humidity'),
  m(47, 'VOCRaw', 'VOC Raw', 'raw'),
  m(49, 'CH4Raw', 'CH4 Raw', 'raw'),
  m(50, 'NH3Temperature', 'NH3 Temperature', 'temperature'),
  m(51, 'NH3Humidity', 'NH3 Humidity', 'humidity'),
  m(52, 'BatteryDieTemperature', 'Battery Die Temperature', 'temperature'),
  m(53, 'CPUTemperature', 'CPU Temperature', 'temperature'),
  m(54, 'SolarVoltage', 'Solar Voltage', 'voltage'),
  m(55, 'MemoryFree', 'Free Memory', 'bytes'),
  m(56, 'MemoryFrag', 'Memory Fragmentation', 'percent'),
];

/** The wind's two measurements, which the charts, maps, exports and the model read as a pair. */
export const WIND_DIRECTION_TYPE = 15;
export const WIND_SPEED_TYPE = 16;
export const WIND_TYPES = [WIND_DIRECTION_TYPE, WIND_SPEED_TYPE] as const;
export type WindTypeId = (typeof WIND_TYPES)[number];
export const isWindType = (id: number): id is WindTypeId => id === WIND_DIRECTION_TYPE || id === WIND_SPEED_TYPE;

export function measurementType(id: number): MeasurementType {
  const t = MEASUREMENT_TYPES.find((x) => x.id === id);
  if (!t) throw new Error(`Unconfigured MeasurementType value: ${id}`);
  return t;
}
