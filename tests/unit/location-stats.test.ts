// The distance a location stat carries (haversine, src/domain/map.ts) and the demo seed's GPS fixes around an
// installation.
import { describe, expect, it } from 'vitest';
import { distanceKm } from '@/domain/map';
import { gpsFix } from '../../server/seed/location-stats';
import { createRandom } from '../../server/seed/random';

describe('distanceKm', () => {
  it('is zero for one point and symmetric', () => {
    const a = { lat: 31.9, lng: -102.1 };
    const b = { lat: 31.9003, lng: -102.0996 };
    expect(distanceKm(a, a)).toBe(0);
    expect(distanceKm(a, b)).toBe(distanceKm(b, a));
  });

  it('measures great-circle distances on the mean Earth radius', () => {
    // One degree of latitude, and of longitude on the equator: 6371.0088 km × π / 180.
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.1951, 4);
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111.1951, 4);
    // A degree of longitude shrinks with the cosine of the latitude.
    expect(distanceKm({ lat: 60, lng: 10 }, { lat: 60, lng: 11 })).toBeCloseTo(55.5975, 2);
    // Across the antimeridian, and half the globe.
    expect(distanceKm({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(111.1951, 4);
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(20015.1, 1);
    // Calgary to Edmonton, about 280 km.
    expect(distanceKm({ lat: 51.0447, lng: -114.0719 }, { lat: 53.5461, lng: -113.4938 })).toBeCloseTo(280.9, 0);
  });

  it('resolves the few metres of GPS scatter', () => {
    // 0.000027° of latitude is 3.0 m; 0.00001° of longitude at 31.9° N is 0.94 m.
    expect(distanceKm({ lat: 31.9, lng: -102.1 }, { lat: 31.900027, lng: -102.1 }) * 1000).toBeCloseTo(3.0, 2);
    expect(distanceKm({ lat: 31.9, lng: -102.1 }, { lat: 31.9, lng: -102.09999 }) * 1000).toBeCloseTo(0.944, 3);
  });
});

describe('demo GPS fixes', () => {
  const at = { lat: 31.9, lng: -102.1 };
  const fixes = (seed: number, n: number) => {
    const r = createRandom(seed);
    return Array.from({ length: n }, () => gpsFix(r, at));
  };

  it('scatter a few metres with 6–14 satellites, and now and then land tens of metres off with 4–5', () => {
    const all = fixes(3, 2000).map((f) => ({ ...f, metres: distanceKm(at, f.location) * 1000 }));
    const good = all.filter((f) => f.satellites >= 6);
    const poor = all.filter((f) => f.satellites < 6);
    expect(Math.min(...all.map((f) => f.satellites))).toBe(4);
    expect(Math.max(...all.map((f) => f.satellites))).toBe(14);
    expect(poor.length / all.length).toBeGreaterThan(0.02);
    expect(poor.length / all.length).toBeLessThan(0.07);
    const median = good.map((f) => f.metres).sort((a, b) => a - b)[Math.floor(good.length / 2)]!;
    expect(median).toBeGreaterThan(1.5);
    expect(median).toBeLessThan(5);
    expect(Math.max(...good.map((f) => f.metres))).toBeLessThan(20);
    for (const f of poor) {
      expect(f.metres).toBeGreaterThan(19.5);
      expect(f.metres).toBeLessThan(80.5);
    }
  });

  it('are stored to six decimals and depend only on the seed', () => {
    const a = fixes(9, 50);
    expect(fixes(9, 50)).toEqual(a);
    expect(fixes(10, 50)).not.toEqual(a);
    for (const f of a) {
      expect(Number(f.location.lat.toFixed(6))).toBe(f.location.lat);
      expect(Number(f.location.lng.toFixed(6))).toBe(f.location.lng);
    }
  });
});
