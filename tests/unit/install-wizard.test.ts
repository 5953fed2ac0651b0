import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readBarcodes, setZXingModuleOverrides, writeBarcode } from 'zxing-wasm/full';
import {
  azimuthProblem,
  heightProblem,
  LOCATION_REQUIRED,
  locationProblem,
  nearestSite,
  parseQubeQr,
  PIN_ON_CENTRE,
  PIN_TOO_FAR,
  pinAlert,
  showsAzimuth,
  showsHeight,
} from '@/domain/install-wizard';

const require = createRequire(import.meta.url);
setZXingModuleOverrides({
  wasmBinary: readFileSync(require.resolve('zxing-wasm/full/zxing_full.wasm')) as unknown as ArrayBuffer,
});

describe('install wizard rules', () => {
  it('reads a Qube label QR code, printed and scanned by the same library the browser uses', async () => {
    const printed = await writeBarcode('QUBE:A-1001', { format: 'QRCode', scale: 4 });
    const [read] = await readBarcodes(printed.image!, { formats: ['QRCode'] });
    expect(parseQubeQr(read!.text)).toBe('A-1001');
    expect(parseQubeQr('https://example.com/A-1001')).toBeNull();
    expect(parseQubeQr('QUBE:')).toBeNull();
    expect(parseQubeQr('QUBE:A-1001; DROP')).toBeNull();
  });

  it('checks the pin against the site centre, and the location text', () => {
    const centre = { lat: 31.5, lng: -103.9 };
    expect(pinAlert(centre, centre)).toBe(PIN_ON_CENTRE);
    expect(pinAlert({ lat: 31.5002, lng: -103.9 }, centre)).toBeNull();
    expect(pinAlert({ lat: 31.51, lng: -103.9 }, centre)).toBe(PIN_TOO_FAR);
    expect(locationProblem('31.5,-103.9')).toBeNull();
    expect(locationProblem('somewhere')).toBe(LOCATION_REQUIRED);
  });

  it('validates height for Qube Lite and azimuth for Qube Camera with the spec messages', () => {
    expect([
      showsHeight('QubeLite'),
      showsHeight('Qube'),
      showsAzimuth('QubeCamera'),
      showsAzimuth('QubeLite'),
    ]).toEqual([true, false, true, false]);
    expect(['', '2.5', 'x', '2.555', '0', '10000.01'].map(heightProblem)).toEqual([
      null,
      null,
      'Please enter a valid number',
      'Maximum 2 decimal places allowed',
      'Height must be greater than 0',
      'Height must be less than or equal to 10,000',
    ]);
    expect(['359.99', '-1', '360'].map(azimuthProblem)).toEqual([
      null,
      'Azimuth must be greater than or equal to 0',
      'Azimuth must be less than 360',
    ]);
  });

  it('chooses the nearest site', () => {
    const sites = [
      { id: 1, location: { lat: 31, lng: -103 } },
      { id: 2, location: { lat: 32, lng: -102 } },
    ];
    expect(nearestSite(sites, { lat: 31.9, lng: -102.1 })?.id).toBe(2);
    expect(nearestSite([], { lat: 0, lng: 0 })).toBeNull();
  });
});
