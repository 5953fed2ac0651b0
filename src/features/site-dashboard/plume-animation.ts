// The simulated plumes layer's state (spec 3 §2 'simulated plumes'): the toggle (remembered in this browser like the
// other map layers), the frames of the range, the frame shown (the one nearest the dashboard's time — its focused
// date, else the range's end — until played or scrubbed), play/pause stepping through the frame times, and the bitmaps
// of the frames at the shown time.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PlumeFrame } from '@/contracts/plume';
import type { SiteEmission } from '@/contracts/site-dashboard';
import { plumeAlert, PlumeStatus } from '@/domain/plume';
import { plumeLayers, type PlumeBitmap } from '@/entities/site/plume-layers';
import type { SiteWindow } from './api';
import { useFrameSheets, usePlumeFrames } from './plume-api';

export const PLUME_LAYER_STORAGE_KEY = 'console.siteMapPlumes';
/** One frame (a simulated minute) every 200 ms while playing. */
export const PLUME_STEP_MS = 200;

export function usePlumeToggle(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => window.localStorage.getItem(PLUME_LAYER_STORAGE_KEY) === 'true');
  const set = useCallback((next: boolean) => {
    setOn(next);
    window.localStorage.setItem(PLUME_LAYER_STORAGE_KEY, String(next));
  }, []);
  return [on, set];
}

/** Index of the time nearest `t` in ascending `times` (0 when empty). */
export function nearestIndex(times: readonly number[], t: number): number {
  let best = 0;
  for (let i = 1; i < times.length; i++) if (Math.abs(times[i]! - t) < Math.abs(times[best]! - t)) best = i;
  return best;
}

/** Frames grouped by their time, times ascending. */
export function framesByTime(frames: readonly PlumeFrame[]): { times: number[]; at: Map<number, PlumeFrame[]> } {
  const at = new Map<number, PlumeFrame[]>();
  for (const f of frames) {
    const t = Date.parse(f.time);
    const list = at.get(t);
    if (list) list.push(f);
    else at.set(t, [f]);
  }
  return { times: [...at.keys()].sort((a, b) => a - b), at };
}

export interface PlumeAnimation {
  on: boolean;
  setOn: (on: boolean) => void;
  layers: ReturnType<typeof plumeLayers>;
  times: number[];
  index: number;
  setIndex: (i: number) => void;
  playing: boolean;
  setPlaying: (playing: boolean) => void;
  loading: boolean;
  error: Error | null;
  alert: ReturnType<typeof plumeAlert>;
  empty: boolean;
}

export function usePlumeAnimation(
  w: SiteWindow,
  emissions: readonly SiteEmission[],
  focusTime: number | null = null,
): PlumeAnimation {
  const [on, setOn] = usePlumeToggle();
  const [playing, setPlaying] = useState(false);
  const [index, setIndex] = useState(0);
  // The saved plumes of the range: a newly saved one asks for the frames again (within the throttle).
  const version = emissions
    .filter((e) => e.plumeStatus === PlumeStatus.values.Saved)
    .map((e) => e.id)
    .join(',');
  const frames = usePlumeFrames(w, version, on);
  const sheets = useFrameSheets(frames.data, on);
  const { times, at } = useMemo(() => framesByTime(frames.data ?? []), [frames.data]);
  const timesKey = `${times[0] ?? ''}:${times.length}:${times.at(-1) ?? ''}`;

  // New frames or a new focused date: show the frame nearest the dashboard's time, paused.
  const dashboardTime = focusTime ?? w.range.end;
  useEffect(() => {
    setPlaying(false);
    setIndex(nearestIndex(times, dashboardTime));
    // times is described by timesKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timesKey, dashboardTime]);
  useEffect(() => {
    if (!playing || times.length < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % times.length), PLUME_STEP_MS);
    return () => window.clearInterval(timer);
  }, [playing, times.length]);

  const layers = useMemo(() => {
    if (!on) return [];
    const bitmaps: PlumeBitmap[] = (at.get(times[index] ?? NaN) ?? []).flatMap((f) => {
      const image = sheets.sheets.get(f.imageUrl)?.images[f.sheetIndex];
      if (!image) return [];
      const { southWest: sw, northEast: ne } = f.bounds;
      return [{ key: String(f.plumeId), image, bounds: [sw.lng, sw.lat, ne.lng, ne.lat] }];
    });
    return plumeLayers('site-plume', bitmaps);
  }, [on, at, times, index, sheets.sheets]);

  return {
    on,
    setOn,
    layers,
    times,
    index: Math.min(index, Math.max(0, times.length - 1)),
    setIndex: (i) => {
      setPlaying(false);
      setIndex(i);
    },
    playing,
    setPlaying,
    loading: on && (frames.isFetching || sheets.pending),
    error: frames.error ?? sheets.error,
    alert: plumeAlert(emissions.map((e) => e.plumeStatus)),
    empty: on && frames.isSuccess && times.length === 0,
  };
}
