// The carry between steps (ModelCarry.data): longer-horizon state the 90-minute window cannot hold. Parsed
// defensively: the service stores it as JSON, and a malformed or foreign carry must restart cleanly, not crash.
import type { ModelCarry } from './contract';
import type { BackgroundCarry } from './background';
import type { EmissionState } from './emissions';
import { freshDirectionOffset, parseDirectionOffset, type DirectionOffsetCarry } from './direction-offset';

export const CARRY_VERSION = 1;

export interface CarryData {
  background: BackgroundCarry;
  /** Per-anemometer direction bias (degrees) by device id. */
  windBias: Record<string, number>;
  /** Emission state by source id. */
  emissions: Record<string, EmissionState>;
  /** Last step processed (ms), to notice gaps. */
  lastStep: number | null;
  /** The site's wind-direction offset learnt from its plumes (direction-offset.ts). */
  direction: DirectionOffsetCarry;
}

export function freshCarry(): CarryData {
  return {
    background: { offsets: {}, noise: {}, lows: {}, lost: {}, tempFit: {}, stale: {} },
    windBias: {},
    emissions: {},
    lastStep: null,
    direction: freshDirectionOffset(),
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function numberRecord(v: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!isRecord(v)) return out;
  for (const [k, x] of Object.entries(v)) if (typeof x === 'number' && Number.isFinite(x)) out[k] = x;
  return out;
}

function arrayRecord(v: unknown): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  if (!isRecord(v)) return out;
  for (const [k, x] of Object.entries(v))
    if (Array.isArray(x)) out[k] = x.filter((n): n is number => typeof n === 'number' && Number.isFinite(n));
  return out;
}

function emissionState(v: unknown): EmissionState | null {
  if (!isRecord(v)) return null;
  const num = (o: Record<string, unknown>, k: string) =>
    typeof o[k] === 'number' && Number.isFinite(o[k]) ? (o[k] as number) : Number.NaN;
  const p = isRecord(v.pending) ? v.pending : null;
  const o = isRecord(v.open) ? v.open : null;
  const pending = p
    ? {
        start: num(p, 'start'),
        rate: num(p, 'rate'),
        lower: num(p, 'lower'),
        upper: num(p, 'upper'),
        probability: num(p, 'probability'),
        misses: typeof p.misses === 'number' ? p.misses : 0,
        // The on-steps gathered and their summed P(on): dropping them read every pending start as one step of
        // evidence 1, so any second on-step opened an emission whatever the first one's P(on) was.
        ...(typeof p.n === 'number' && Number.isFinite(p.n) && p.n >= 1 ? { n: p.n } : {}),
        ...(typeof p.evidence === 'number' && Number.isFinite(p.evidence) && p.evidence >= 0
          ? { evidence: p.evidence }
          : {}),
      }
    : null;
  const open = o
    ? {
        start: num(o, 'start'),
        lastEnd: num(o, 'lastEnd'),
        steps: num(o, 'steps'),
        sumRate: num(o, 'sumRate'),
        sumLower: num(o, 'sumLower'),
        sumUpper: num(o, 'sumUpper'),
        onSteps: num(o, 'onSteps'),
        sumProbability: num(o, 'sumProbability'),
        offSteps: num(o, 'offSteps'),
        ...(typeof o.lastOnEnd === 'number' && Number.isFinite(o.lastOnEnd) ? { lastOnEnd: o.lastOnEnd } : {}),
        ...(typeof o.volumeSteps === 'number' && Number.isFinite(o.volumeSteps) && o.volumeSteps >= 0
          ? { volumeSteps: o.volumeSteps }
          : {}),
      }
    : null;
  if (pending && Object.values(pending).some((x) => Number.isNaN(x))) return null;
  if (open && (Object.values(open).some((x) => Number.isNaN(x)) || open.steps < 1)) return null;
  return { pending, open };
}

export function parseCarry(carry: ModelCarry | null): CarryData {
  const fresh = freshCarry();
  if (!carry || carry.version !== CARRY_VERSION || !isRecord(carry.data)) return fresh;
  const d = carry.data;
  const bg = isRecord(d.background) ? d.background : {};
  const emissions: Record<string, EmissionState> = {};
  if (isRecord(d.emissions)) {
    for (const [k, v] of Object.entries(d.emissions)) {
      const s = emissionState(v);
      if (s) emissions[k] = s;
    }
  }
  return {
    background: {
      offsets: numberRecord(bg.offsets),
      noise: arrayRecord(bg.noise),
      lows: arrayRecord(bg.lows),
      lost: numberRecord(bg.lost),
      tempFit: arrayRecord(bg.tempFit),
      stale: numberRecord(bg.stale),
    },
    windBias: numberRecord(d.windBias),
    emissions,
    lastStep: typeof d.lastStep === 'number' && Number.isFinite(d.lastStep) ? d.lastStep : null,
    direction: parseDirectionOffset(d.direction),
  };
}

export function toCarry(data: CarryData): ModelCarry {
  return { version: CARRY_VERSION, data: JSON.parse(JSON.stringify(data)) as Record<string, unknown> };
}
