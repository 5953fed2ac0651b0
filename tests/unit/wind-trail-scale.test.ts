import { describe, expect, it } from 'vitest';
import { windTrail, type WindSample } from '@/entities/site/wind-trail';
import { fitTrails, trailReachM, trailScaleNote, TRAIL_MAX_REACH_PX } from '@/features/site-dashboard/wind-trail-scale';

const AT = { lat: 31.9, lng: -102.1 };
const MIN = 60_000;
const T = Date.UTC(2026, 5, 1, 12);
/** 40 one-minute samples of a steady wind up to T. */
const steady = (kmh: number, from: number): WindSample[] =>
  Array.from({ length: 40 }, (_, i) => ({ time: T - (39 - i) * MIN, windDirection: from, windSpeed: kmh }));
const trailOf = (kmh: number, from = 270, at = AT) => ({ trail: windTrail(at, steady(kmh, from), T, MIN)! });

describe('wind trails fitted to the map', () => {
  it('measures a trail by how far it gets from its device', () => {
    // 30 km/h for 40 minutes is 20 km.
    expect(trailReachM(trailOf(30).trail)).toBeCloseTo(20_000, -1);
  });

  it('shrinks all trails by one factor so the longest reaches the fixed share of the view, and says so', () => {
    const mpp = 2.4; // about zoom 16 at this latitude
    const fit = fitTrails([trailOf(30), trailOf(6, 180, { lat: 31.901, lng: -102.1 })], mpp);
    const [long, short] = fit.trails.map((t) => trailReachM(t.trail));
    expect(long!).toBeCloseTo(TRAIL_MAX_REACH_PX * mpp, 0);
    // Relative lengths kept: 6 km/h against 30 km/h stays a fifth.
    expect(short! / long!).toBeCloseTo(0.2, 3);
    // Heads stay on their devices, direction kept (air from the west lies west of the device).
    expect(fit.trails[0]!.trail.path[0]).toEqual([AT.lng, AT.lat]);
    expect(fit.trails[0]!.trail.path.at(-1)![0]).toBeLessThan(AT.lng);
    expect(fit.longestM).toBeCloseTo(20_000, -1);
    expect(fit.scale).toBeCloseTo((TRAIL_MAX_REACH_PX * mpp) / 20_000, 6);
    expect(trailScaleNote(fit)).toBe('drawn shrunk 69× to fit the map: the longest reaches 20.0 km from its device');
  });

  it('draws trails that fit at their true length, with nothing to say', () => {
    // 120 px at 2.4 m/px is 288 m: 0.5 km/h over 40 minutes (333 m) does not fit, 0.3 km/h (200 m) does.
    const fit = fitTrails([trailOf(0.5)], 2.4);
    expect(fit.scale).toBeLessThan(1);
    const slow = trailOf(0.3);
    const calm = fitTrails([slow], 2.4);
    expect(calm.scale).toBe(1);
    expect(calm.trails[0]!.trail.path).toEqual(slow.trail.path);
    expect(trailScaleNote(calm)).toBeNull();
    expect(trailScaleNote(fit)).toMatch(/^drawn shrunk 1\.2× to fit the map: the longest reaches 333 m/);
    expect(fitTrails([], 2.4)).toEqual({ trails: [], scale: 1, longestM: 0 });
  });
});
