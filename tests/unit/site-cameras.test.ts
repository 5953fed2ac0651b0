// Cameras on the site dashboard (issue 22 item 5; spec 3 §9): the cone's geometry (100°, 20 m, dashed), the popup's
// anchor by the azimuth's 45° sector, and the Camera Timeline's rows and steps.
import { describe, expect, it } from 'vitest';
import type { CameraEvent, CameraInstallation } from '@/contracts/camera';
import { compassSector } from '@/domain/camera';
import { cameraTimelineRows, nearestEvent, stepEvent, tickFraction } from '@/entities/site/camera-events';
import {
  anchorPoint,
  cameraConeRing,
  cameraPopupAnchor,
  dashedPaths,
  dataUrlResponse,
} from '@/entities/site/camera-layers';

const AT = { lat: 31.9, lng: -102.1 };
const K = 111_320;
/** Metres east and north of AT. */
const local = ([lng, lat]: [number, number]) => ({
  east: (lng - AT.lng) * K * Math.cos((AT.lat * Math.PI) / 180),
  north: (lat - AT.lat) * K,
});
const bearing = (p: { east: number; north: number }) => ((Math.atan2(p.east, p.north) * 180) / Math.PI + 360) % 360;

describe('camera cone', () => {
  it('spans 100° centred on the azimuth at a 20 m radius, closed at the camera', () => {
    const ring = cameraConeRing({ location: AT, azimuth: 90 });
    expect(ring[0]).toEqual([AT.lng, AT.lat]);
    expect(ring.at(-1)).toEqual([AT.lng, AT.lat]);
    const arc = ring.slice(1, -1).map(local);
    for (const p of arc) expect(Math.hypot(p.east, p.north)).toBeCloseTo(20, 3);
    expect(bearing(arc[0]!)).toBeCloseTo(40, 3);
    expect(bearing(arc.at(-1)!)).toBeCloseTo(140, 3);
    expect(bearing(arc[arc.length >> 1]!)).toBeCloseTo(90, 3);
  });

  it('wraps through north', () => {
    const arc = cameraConeRing({ location: AT, azimuth: 350 }).slice(1, -1).map(local);
    expect(bearing(arc[0]!)).toBeCloseTo(300, 3);
    expect(bearing(arc.at(-1)!)).toBeCloseTo(40, 3);
  });

  it('cuts the outline into dashes of the given length with gaps, running on across corners', () => {
    // An L of 10 m east then 10 m north: dash 3, gap 1.
    const east = AT.lng + 10 / (K * Math.cos((AT.lat * Math.PI) / 180));
    const path: [number, number][] = [
      [AT.lng, AT.lat],
      [east, AT.lat],
      [east, AT.lat + 10 / K],
    ];
    const dashes = dashedPaths(path, 3, 1);
    const length = (d: [number, number][]) =>
      d.slice(1).reduce((sum, p, i) => {
        const [a, b] = [local(d[i]!), local(p)];
        return sum + Math.hypot(b.east - a.east, b.north - a.north);
      }, 0);
    expect(dashes.map((d) => Number(length(d).toFixed(6)))).toEqual([3, 3, 3, 3, 3]);
    // The dash from 8 to 11 m turns the corner: three points.
    expect(dashes.map((d) => d.length)).toEqual([2, 2, 3, 2, 2]);
    expect(local(dashes[3]![0]!).north).toBeCloseTo(2, 6);
  });
});

describe('camera popup anchor', () => {
  it('is one of 8 compass sectors of 45°, centred on N, NE, …', () => {
    expect([0, 22.4, 22.5, 67.4, 67.5, 180, 337.4, 337.5, 359.9, 360, -10, 725].map(compassSector)).toEqual([
      'N',
      'N',
      'NE',
      'NE',
      'E',
      'S',
      'NW',
      'N',
      'N',
      'N',
      'N',
      'N',
    ]);
  });

  it('sits on the side away from where the camera looks', () => {
    expect(cameraPopupAnchor(0)).toEqual({ sector: 'N', anchor: 'top' });
    expect(cameraPopupAnchor(45)).toEqual({ sector: 'NE', anchor: 'top-right' });
    expect(cameraPopupAnchor(90)).toEqual({ sector: 'E', anchor: 'right' });
    expect(cameraPopupAnchor(160)).toEqual({ sector: 'S', anchor: 'bottom' });
    expect(cameraPopupAnchor(250)).toEqual({ sector: 'W', anchor: 'left' });
    expect(cameraPopupAnchor(320)).toEqual({ sector: 'NW', anchor: 'top-left' });
    // No azimuth: as if it looked north.
    expect(cameraPopupAnchor(null).anchor).toBe('top');
    expect(anchorPoint('top', 140, 120)).toEqual([70, 0]);
    expect(anchorPoint('bottom-right', 140, 120)).toEqual([140, 120]);
    expect(anchorPoint('left', 140, 120)).toEqual([0, 60]);
  });

  it("hands the map the popup's bytes without a fetch (the CSP allows no data: fetch)", async () => {
    const bytes = [0x89, 0x50, 0x4e, 0x47, 1, 2, 255];
    const url = `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`;
    const response = dataUrlResponse(url);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual(bytes);
    expect(() => dataUrlResponse('https://example.com/x.png')).toThrow('PNG data URL');
  });
});

const install = (deviceId: number, name: string, startTime: string, enabled = true): CameraInstallation => ({
  deviceInstallationId: deviceId * 10 + Date.parse(startTime) / 1e12,
  deviceId,
  cameraName: name,
  enabled,
  azimuth: 90,
  location: AT,
  startTime,
  endTime: enabled ? null : '2026-01-02T00:00:00Z',
});
const event = (id: number, cameraId: number, time: string): CameraEvent => ({
  id,
  cameraId,
  deviceInstallationId: cameraId * 10,
  time,
  snapshotType: 'Detection',
  filename: `${id}.png`,
  width: 256,
  height: 192,
  imageUrl: `/api/camera/cameraImage/?organizationId=1&id=${id}`,
});

describe('camera timeline', () => {
  const events = [
    event(3, 2, '2026-01-01T12:00:00Z'),
    event(1, 1, '2026-01-01T10:00:00Z'),
    event(2, 1, '2026-01-01T08:00:00Z'),
    event(4, 9, '2026-01-01T09:00:00Z'),
  ];
  const rows = cameraTimelineRows(
    [
      install(2, 'C-B', '2026-01-01T00:00:00Z'),
      install(1, 'C-A', '2025-12-01T00:00:00Z', false),
      install(1, 'C-A', '2026-01-02T00:00:00Z'),
    ],
    events,
  );

  it('has one row per camera by name, stays merged, events oldest first, unknown cameras kept', () => {
    expect(rows.map((r) => [r.name, r.events.map((e) => e.id)])).toEqual([
      ['C-A', [2, 1]],
      ['C-B', [3]],
      ['Camera 9', [4]],
    ]);
    expect(rows[0]!.installation!.startTime).toBe('2026-01-02T00:00:00Z');
    expect(rows[2]!.installation).toBeNull();
  });

  it('steps to the previous and next picture within the row, and finds the nearest', () => {
    const a = rows[0]!.events;
    expect(stepEvent(a, 2, 1)!.id).toBe(1);
    expect(stepEvent(a, 1, 1)!.id).toBe(1);
    expect(stepEvent(a, 1, -1)!.id).toBe(2);
    expect(stepEvent(a, 2, -1)!.id).toBe(2);
    expect(nearestEvent(a, Date.parse('2026-01-01T08:59:00Z'))!.id).toBe(2);
    expect(nearestEvent(a, Date.parse('2026-01-01T09:00:00Z'))!.id).toBe(2);
    expect(nearestEvent(a, Date.parse('2026-01-01T09:01:00Z'))!.id).toBe(1);
    expect(nearestEvent([], 0)).toBeNull();
  });

  it('places ticks across the range, clamped to its ends', () => {
    const range = { start: Date.parse('2026-01-01T00:00:00Z'), end: Date.parse('2026-01-02T00:00:00Z') };
    expect(tickFraction('2026-01-01T06:00:00Z', range)).toBeCloseTo(0.25, 9);
    expect(tickFraction('2025-12-31T00:00:00Z', range)).toBe(0);
    expect(tickFraction('2026-01-03T00:00:00Z', range)).toBe(1);
  });
});
