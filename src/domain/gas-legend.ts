// Gas legend thresholds (spec 3 §9): low, mid and high bound the rose chart's 3 severity intervals.
export interface GasThresholds {
  low: number;
  mid: number;
  high: number;
  unit: string;
}

export const GAS_LEGEND_THRESHOLDS: Readonly<
  Record<'CH4' | 'CO' | 'CO2' | 'H2S' | 'NH3' | 'NO2' | 'PM2' | 'SO2' | 'VOC', GasThresholds>
> = {
  CH4: { low: 5, mid: 25, high: 125, unit: 'ppm' },
  CO: { low: 1, mid: 25, high: 50, unit: 'ppm' },
  CO2: { low: 500, mid: 1000, high: 2500, unit: 'ppm' },
  H2S: { low: 0.1, mid: 1, high: 5, unit: 'ppm' },
  NH3: { low: 1, mid: 5, high: 25, unit: 'ppm' },
  NO2: { low: 100, mid: 1000, high: 2000, unit: 'ppb' },
  PM2: { low: 10, mid: 25, high: 50, unit: 'µg/m³' },
  SO2: { low: 100, mid: 2000, high: 5000, unit: 'ppb' },
  VOC: { low: 1, mid: 2.5, high: 12.5, unit: 'ppm' },
};

/** Wind field limits (spec 3 §9). */
export const WIND_FIELD = { overviewGridSpacing: 25, siteMaxCells: 24, loopMs: 1500, maxSpeedKmh: 30 } as const;
