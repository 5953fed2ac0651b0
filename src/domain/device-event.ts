// Device event codes (spec 2 §3 'Device event'). The spec does not list codes; ours are in the README: operational
// codes below 900, developer (firmware diagnostic) codes from 900, which the 'Developer Codes' quick filter shows.
export const DEVELOPER_CODE_MIN = 900;
export const isDeveloperCode = (code: number) => code >= DEVELOPER_CODE_MIN;

export interface DeviceEventKind {
  code: number;
  message: string;
  /** Parameters text from a random number in [0, 1), for the demo data. */
  parameters?: (x: number) => string;
}

export const DEVICE_EVENT_CATALOG: readonly DeviceEventKind[] = [
  { code: 100, message: 'Device booted', parameters: (x) => `reason=${x < 0.5 ? 'power_on' : 'ota'}` },
  { code: 101, message: 'Cellular connected', parameters: (x) => `rssi=${-60 - Math.round(x * 40)}` },
  { code: 102, message: 'Cellular disconnected' },
  { code: 110, message: 'Firmware update started', parameters: () => 'target=6.3.2' },
  { code: 111, message: 'Firmware update completed', parameters: () => 'version=6.3.2' },
  { code: 120, message: 'Battery low', parameters: (x) => `soc=${Math.round(5 + x * 15)}` },
  { code: 121, message: 'Solar charging resumed' },
  { code: 130, message: 'Sensor warm-up complete', parameters: (x) => `seconds=${Math.round(60 + x * 240)}` },
  { code: 140, message: 'Anemometer not responding' },
  { code: 150, message: 'Inlet pump fault', parameters: (x) => `current_ma=${Math.round(x * 30)}` },
  { code: 900, message: 'Watchdog reset', parameters: (x) => `task=${x < 0.5 ? 'publish' : 'sample'}` },
  { code: 901, message: 'Stack high-water mark', parameters: (x) => `bytes=${Math.round(200 + x * 800)}` },
  { code: 902, message: 'Publish queue overflow', parameters: (x) => `dropped=${1 + Math.round(x * 20)}` },
  { code: 903, message: 'Assertion failed', parameters: () => 'file=sensor.cpp line=212' },
];
