// `node --import tsx bench/science/bias.ts --layouts metec --seeds 101,202 --days 7 --start 2026-11-17 [--clean]`:
// where the pipeline's rates go wrong, step by step, on development seeds. Every step whose 30-minute inversion window
// holds exactly one releasing equipment group is compared with the truth (the release's mean rate over the window),
// and the ratio estimate / truth is tabulated by wind speed, day or night, σθ, distance from the source to the
// sensors downwind, sensors the plume reaches, position within the release, and right or wrong group.
//
// Columns: the group's rate (the draws' median), its nominal fit (diagnostics.nominalRate: the quantification's
// footprint on every minute, no resampling), its mass rate (Σ plume / Σ footprint over the window's rows, which needs
// no alignment of the model's plume with the sensors) and the sum over every group, each over the truth.
//
// The true enhancement at each sensor is read by simulating the same scenario twice, with and without its releases
// (every random stream of the measurement layer draws the same numbers either way), so the table also says how much
// of the plume the background stage kept. `--clean` replays the pipeline on background + true enhancement only (no
// noise, offsets, drift or artefacts): what the forward model and the inversion do alone.
import { ArgError, tuningOptions } from './args';
import { loadTruth } from './engines';
import { Feeder, MINUTE_MS, type PostedSeries } from './feed';
import { replayGeometry, replayWindow } from './replay';
import { scenarioStart } from './run';
import { STEP_MS, type ModelCarry } from '../../server/services/modelling/contract';
import { loadPuffKernel, setPuffKernel } from '../../server/services/modelling/puff-kernel';
import { runStep } from '../../server/services/modelling/step';
import { solarElevationDeg } from '../../server/services/modelling/physics';
import { TUNING } from '../../server/services/modelling/tuning';
import type { Scenario } from '../truth/types';

interface Row {
  seed: number;
  ratio: number;
  siteRatio: number;
  /** The nominal member's fit / truth. */
  nominal: number;
  /** Σ plume / Σ footprint over the window's rows (no alignment needed) / truth. */
  mass: number;
  truth: number;
  speed: number;
  day: boolean;
  sigmaTheta: number;
  distance: number;
  seen: number;
  position: 'first' | 'inside' | 'last';
  right: boolean;
  on: boolean;
}

function feed(truth: Awaited<ReturnType<typeof loadTruth>>, scenario: Scenario, batchMin: number): PostedSeries {
  const world = truth.createWorld(scenario, truthPhysics());
  const minutes = Math.round((scenario.end - scenario.start) / MINUTE_MS);
  const feeder = new Feeder(
    scenario.start,
    minutes,
    scenario.site.sensors.map((_, i) => i + 1),
  );
  const batchMs = batchMin * MINUTE_MS;
  for (let clock = scenario.start + batchMs; ; clock += batchMs) {
    const now = Math.min(clock, scenario.end);
    feeder.take(world.advance(now), now);
    if (now >= scenario.end) break;
  }
  return feeder.posted;
}

/**
 * `BENCH_TRUTH_PHYSICS='{"obstacles":false}'` switches parts of the truth's physics off (diagnosis: which part of the
 * true plume the model misses). The truth module takes it as its second argument.
 */
function truthPhysics(): { physics: Record<string, boolean> } | undefined {
  const raw = process.env.BENCH_TRUTH_PHYSICS;
  return raw ? { physics: JSON.parse(raw) as Record<string, boolean> } : undefined;
}

function median(xs: number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * One sensor over one 30-minute window of a single-source release that covers the whole window: the model's plume
 * there (footprint × true rate, nominal member and the members' mean) against the true enhancement (ppm·min).
 */
interface SensorRow {
  distance: number;
  /** Source height minus sensor height (m). */
  dz: number;
  /** Bearing from the source to the sensor minus the direction the wind blows toward (degrees, −180..180). */
  offset: number;
  sigmaTheta: number;
  speed: number;
  day: boolean;
  truth: number;
  nominal: number;
  mean: number;
  /** Largest minute of each (ppm), for the plume's peak against its spread. */
  truthPeak: number;
  nominalPeak: number;
  /** Minutes with a true enhancement ≥ 0.05 ppm, and those where the model has one too. */
  truthMinutes: number;
  bothMinutes: number;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2).filter((a) => a !== '--');
  const clean = argv.includes('--clean');
  const sensorsMode = argv.includes('--sensors');
  const opts = tuningOptions(
    argv.filter((a) => a !== '--clean' && a !== '--sensors'),
    'bias.ts tunes',
  );
  if (process.env.BENCH_TUNING) Object.assign(TUNING, JSON.parse(process.env.BENCH_TUNING) as Partial<typeof TUNING>);
  try {
    setPuffKernel(await loadPuffKernel());
  } catch {
    // the TypeScript twin
  }
  const truth = await loadTruth();
  const start = opts.start ?? scenarioStart(opts.days);
  const rows: Row[] = [];
  const sensorRows: SensorRow[] = [];
  for (const layout of opts.layouts)
    for (const seed of opts.seeds) {
      const scenario = truth.createScenario(layout, seed, 0, start, opts.days);
      const posted = feed(truth, scenario, opts.batchMin);
      const quiet = feed(truth, { ...scenario, truth: { ...scenario.truth, releases: [] } }, opts.batchMin);
      const R = scenario.site.sensors.length;
      // True enhancement (ppm) at each sensor and minute, as the devices' gain applies it.
      const plume = posted.ch4Ppm.map((a, i) => a.map((v, m) => v - quiet.ch4Ppm[i]![m]!));
      const input: PostedSeries = clean
        ? { ...posted, ch4Ppm: plume.map((a) => a.map((v) => (Number.isFinite(v) ? 2 + v : Number.NaN))) }
        : posted;
      const geometry = replayGeometry(scenario);
      const groupOf = scenario.site.sources.map((s) => s.group);
      const srcIndex = new Map(scenario.site.sources.map((s, i) => [s.key, i]));
      let carry: ModelCarry | null = null;
      const minuteOf = (t: number) => Math.round((t - posted.start) / MINUTE_MS);
      for (let t = scenario.start; t + STEP_MS <= scenario.end; t += STEP_MS) {
        const window = replayWindow(input, t);
        const res = runStep({ geometry, stepStart: t, window, carry, keepFootprint: sensorsMode });
        carry = res.carry;
        const d = res.diagnostics;
        if (!d) continue;
        // The inversion window: the 30 minutes stamped in (t − 15 min, t + 15 min].
        const w0 = t - 15 * MINUTE_MS;
        const w1 = t + 15 * MINUTE_MS;
        const rels = scenario.truth.releases.filter((r) => r.start < w1 && r.end > w0);
        const groups = new Set(rels.map((r) => groupOf[srcIndex.get(r.sourceKey)!]!));
        if (groups.size !== 1) continue;
        const offsite = scenario.truth.offsite.some((o) => o.start < w1 && o.end > w0);
        if (offsite) continue;
        const group = [...groups][0]!;
        let mass = 0;
        for (const r of rels) mass += r.rateKgH * (Math.min(w1, r.end) - Math.max(w0, r.start));
        const truthRate = mass / (w1 - w0);
        const full = rels.every((r) => r.start <= w0 && r.end >= w1);
        const first = rels.some((r) => r.start > w0);
        const memberIds = scenario.site.sources.flatMap((s, i) => (s.group === group ? [i + 1] : []));
        const g = d.groups.find((x) => x.sourceIds.some((id) => memberIds.includes(id)));
        if (!g) continue; // unobservable in this step
        const siteSum = d.groups.reduce((a, x) => a + x.rate, 0);
        let lead = d.groups[0]!;
        for (const x of d.groups) if (x.rate > lead.rate) lead = x;
        // Conditions over the window: median speed across anemometers, σθ of the directions, daylight.
        const m0 = minuteOf(w0) + 1;
        const m1 = minuteOf(w1) + 1;
        const speeds: number[] = [];
        let sx = 0;
        let sy = 0;
        let nd = 0;
        for (let m = m0; m < m1; m++) {
          const col: number[] = [];
          for (let i = 0; i < R; i++) {
            const v = posted.windSpeedKmh[i]![m];
            if (v !== undefined && Number.isFinite(v)) col.push(v / 3.6);
            const dir = posted.windDirectionDeg[i]![m];
            if (dir !== undefined && Number.isFinite(dir)) {
              sx += Math.sin((dir * Math.PI) / 180);
              sy += Math.cos((dir * Math.PI) / 180);
              nd++;
            }
          }
          if (col.length) speeds.push(median(col));
        }
        const eps = nd > 0 ? Math.sqrt(Math.max(0, 1 - (sx / nd) ** 2 - (sy / nd) ** 2)) : Number.NaN;
        const sigmaTheta = (Math.asin(Math.min(1, eps)) * (1 + 0.1547 * eps ** 3) * 180) / Math.PI;
        const fromDeg = (Math.atan2(sx, sy) * 180) / Math.PI;
        // Sensors the plume reaches (true mean enhancement ≥ 0.1 ppm over the window) and the nearest one downwind.
        let seen = 0;
        for (let i = 0; i < R; i++) {
          let s = 0;
          let n = 0;
          for (let m = m0; m < m1; m++) {
            const v = plume[i]![m];
            if (v !== undefined && Number.isFinite(v)) {
              s += v;
              n++;
            }
          }
          if (n > 0 && s / n >= 0.1) seen++;
        }
        const src = scenario.site.sources.find((s) => s.group === group)!;
        const toward = ((fromDeg + 180) * Math.PI) / 180;
        let distance = Infinity;
        for (const sn of scenario.site.sensors) {
          const dx = sn.east - src.east;
          const dy = sn.north - src.north;
          const bearing = Math.atan2(dx, dy);
          const off = Math.abs(((((bearing - toward) * 180) / Math.PI + 540) % 360) - 180);
          if (off <= 30) distance = Math.min(distance, Math.hypot(dx, dy));
        }
        const fp = d.footprint;
        if (sensorsMode && fp && full && rels.length === 1) {
          // Per sensor: the nominal and mean footprints of the releasing source × its rate against the true plume.
          const srcIdx = srcIndex.get(rels[0]!.sourceKey)!;
          const s0 = fp.sourceIds.indexOf(srcIdx + 1);
          const ss = scenario.site.sources[srcIdx]!;
          const mth = [...fp.sigmaThetaDeg].sort((a, b) => a - b)[fp.sigmaThetaDeg.length >> 1]!;
          const towardDeg = fromDeg + 180;
          if (s0 >= 0)
            scenario.site.sensors.forEach((sn, i) => {
              const r: SensorRow = {
                distance: Math.hypot(sn.east - ss.east, sn.north - ss.north),
                dz: ss.height - sn.height,
                offset:
                  (((((Math.atan2(sn.east - ss.east, sn.north - ss.north) * 180) / Math.PI - towardDeg) % 360) + 540) %
                    360) -
                  180,
                sigmaTheta: mth,
                speed: median(speeds),
                day: solarElevationDeg(t, scenario.site.origin.latitude, scenario.site.origin.longitude) > 0,
                truth: 0,
                nominal: 0,
                mean: 0,
                truthPeak: 0,
                nominalPeak: 0,
                truthMinutes: 0,
                bothMinutes: 0,
              };
              for (let k = 0; k < fp.T; k++) {
                // Footprint minute k is window minute outFrom + k, i.e. posted minute minuteOf(w0) + k (replayWindow).
                const v = plume[i]![m0 - 1 + k];
                if (v === undefined || !Number.isFinite(v)) continue;
                const q = (s0 * fp.R + i) * fp.T + k;
                const nom = fp.nominal[q]! * rels[0]!.rateKgH;
                r.truth += v;
                r.nominal += nom;
                r.mean += fp.mean[q]! * rels[0]!.rateKgH;
                r.truthPeak = Math.max(r.truthPeak, v);
                r.nominalPeak = Math.max(r.nominalPeak, nom);
                if (v >= 0.05) {
                  r.truthMinutes++;
                  if (nom >= 0.05) r.bothMinutes++;
                }
              }
              sensorRows.push(r);
            });
        }
        rows.push({
          seed,
          ratio: g.rate / truthRate,
          siteRatio: siteSum / truthRate,
          nominal: (g.nominalRate ?? Number.NaN) / truthRate,
          mass: (g.massRate ?? Number.NaN) / truthRate,
          truth: truthRate,
          speed: median(speeds),
          day: solarElevationDeg(t, scenario.site.origin.latitude, scenario.site.origin.longitude) > 0,
          sigmaTheta,
          distance,
          seen,
          position: full ? 'inside' : first ? 'first' : 'last',
          right: lead === g,
          on: g.on,
        });
      }
      process.stderr.write(`[${layout} ${seed}] ${rows.filter((r) => r.seed === seed).length} single-group steps\n`);
    }

  const table = (title: string, key: (r: Row) => string | null) => {
    const bins = new Map<string, Row[]>();
    for (const r of rows) {
      const k = key(r);
      if (k === null) continue;
      bins.set(k, [...(bins.get(k) ?? []), r]);
    }
    process.stdout.write(
      `\n${title}\n  bin                n   median est/true  median mass/true  median nominal/true  median site/true  mean log10  share on\n`,
    );
    for (const [k, rs] of [...bins].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const lg = rs.map((r) => Math.log10(Math.max(r.ratio, 0.01)));
      process.stdout.write(
        `  ${k.padEnd(16)} ${String(rs.length).padStart(4)}   ${median(rs.map((r) => r.ratio))
          .toFixed(2)
          .padStart(14)}  ${median(rs.map((r) => r.mass))
          .toFixed(2)
          .padStart(16)}  ${median(rs.map((r) => r.nominal))
          .toFixed(2)
          .padStart(19)}  ${median(rs.map((r) => r.siteRatio))
          .toFixed(2)
          .padStart(16)}  ${(lg.reduce((a, b) => a + b, 0) / lg.length).toFixed(2).padStart(10)}  ${(
          rs.filter((r) => r.on).length / rs.length
        ).toFixed(2)}\n`,
      );
    }
  };
  if (sensorsMode) {
    sensorTables(sensorRows);
    return;
  }
  const big = (r: Row) => r.truth >= 1;
  process.stdout.write(`${clean ? 'CLEAN readings (background + true enhancement)' : 'posted readings'}\n`);
  table('all single-group steps by true rate', (r) =>
    r.truth < 0.3 ? 'a <0.3' : r.truth < 1 ? 'b 0.3-1' : r.truth < 3 ? 'c 1-3' : r.truth < 10 ? 'd 3-10' : 'e ≥10',
  );
  table('≥1 kg/h by wind speed (m/s)', (r) =>
    !big(r)
      ? null
      : r.speed < 1
        ? 'a <1'
        : r.speed < 2
          ? 'b 1-2'
          : r.speed < 4
            ? 'c 2-4'
            : r.speed < 6
              ? 'd 4-6'
              : 'e ≥6',
  );
  table('≥1 kg/h by day/night', (r) => (!big(r) ? null : r.day ? 'day' : 'night'));
  table('≥1 kg/h by σθ of the 1-min directions (deg)', (r) =>
    !big(r) ? null : r.sigmaTheta < 5 ? 'a <5' : r.sigmaTheta < 10 ? 'b 5-10' : r.sigmaTheta < 20 ? 'c 10-20' : 'd ≥20',
  );
  table('≥1 kg/h by distance to the nearest sensor within ±30° downwind (m)', (r) =>
    !big(r)
      ? null
      : !Number.isFinite(r.distance)
        ? 'e none'
        : r.distance < 20
          ? 'a <20'
          : r.distance < 40
            ? 'b 20-40'
            : r.distance < 60
              ? 'c 40-60'
              : 'd ≥60',
  );
  table('≥1 kg/h by sensors with true mean enhancement ≥ 0.1 ppm', (r) =>
    !big(r) ? null : r.seen >= 4 ? '4+' : String(r.seen),
  );
  table('≥1 kg/h by position in the release', (r) => (!big(r) ? null : r.position));
  table('≥1 kg/h, right group leads or not', (r) => (!big(r) ? null : r.right ? 'leads' : 'other leads'));
  table('≥1 kg/h by seed', (r) => (!big(r) ? null : String(r.seed)));
}

/**
 * `--sensors`: where the model's plume lands against the true one, per sensor and window. Σ model / Σ truth over the
 * sensors a plume reaches (either one ≥ 1 ppm·min), peak ratios, and the share of true plume minutes the model also
 * puts a plume on, by distance, offset from the wind's direction (crosswind profile), σθ and day or night.
 */
function sensorTables(rows: SensorRow[]): void {
  const reached = rows.filter((r) => r.truth >= 1 || r.nominal >= 1);
  const table = (title: string, key: (r: SensorRow) => string | null) => {
    const bins = new Map<string, SensorRow[]>();
    for (const r of reached) {
      const k = key(r);
      if (k !== null) bins.set(k, [...(bins.get(k) ?? []), r]);
    }
    process.stdout.write(
      `\n${title}\n  bin                n   Σnominal/Σtrue  Σmean/Σtrue  median nominal/true  median peak ratio  true minutes also modelled  truth-only / model-only rows\n`,
    );
    for (const [k, rs] of [...bins].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const sum = (f: (r: SensorRow) => number) => rs.reduce((a, r) => a + f(r), 0);
      const both = rs.filter((r) => r.truth >= 1 && r.nominal >= 1);
      const truthOnly = rs.filter((r) => r.truth >= 1 && r.nominal < 0.3 * r.truth).length;
      const modelOnly = rs.filter((r) => r.nominal >= 1 && r.truth < 0.3 * r.nominal).length;
      process.stdout.write(
        `  ${k.padEnd(16)} ${String(rs.length).padStart(4)}   ${(sum((r) => r.nominal) / sum((r) => r.truth)).toFixed(2).padStart(14)}  ${(
          sum((r) => r.mean) / sum((r) => r.truth)
        )
          .toFixed(2)
          .padStart(11)}  ${median(both.map((r) => r.nominal / r.truth))
          .toFixed(2)
          .padStart(19)}  ${median(both.map((r) => r.nominalPeak / r.truthPeak))
          .toFixed(2)
          .padStart(17)}  ${(
          sum((r) => r.bothMinutes) /
          Math.max(
            1,
            sum((r) => r.truthMinutes),
          )
        )
          .toFixed(2)
          .padStart(27)}  ${truthOnly} / ${modelOnly}\n`,
      );
    }
  };
  process.stdout.write(
    `${rows.length} sensor-windows of single-source releases covering the window, ${reached.length} reached\n`,
  );
  table('by distance source → sensor (m)', (r) =>
    r.distance < 20
      ? 'a <20'
      : r.distance < 40
        ? 'b 20-40'
        : r.distance < 60
          ? 'c 40-60'
          : r.distance < 80
            ? 'd 60-80'
            : 'e ≥80',
  );
  table('by the sensor’s offset from the mean wind direction (deg)', (r) => {
    const o = r.offset;
    return o < -30
      ? 'a < -30'
      : o < -10
        ? 'b -30..-10'
        : o < 0
          ? 'c -10..0'
          : o < 10
            ? 'd 0..10'
            : o < 30
              ? 'e 10..30'
              : 'f ≥ 30';
  });
  table('by |offset| within 40-60 m (deg)', (r) =>
    r.distance < 40 || r.distance >= 60
      ? null
      : Math.abs(r.offset) < 10
        ? 'a <10'
        : Math.abs(r.offset) < 20
          ? 'b 10-20'
          : Math.abs(r.offset) < 40
            ? 'c 20-40'
            : 'd ≥40',
  );
  table(
    'by source height above the sensor (m) and distance (m)',
    (r) =>
      `${r.dz < 0 ? 'below' : r.dz < 1 ? '0-1' : '≥1'} ${r.distance < 40 ? '<40' : r.distance < 60 ? '40-60' : '≥60'}`,
  );
  table('by the model’s σθ (deg, median of the window)', (r) =>
    r.sigmaTheta < 12 ? 'a <12' : r.sigmaTheta < 16 ? 'b 12-16' : r.sigmaTheta < 22 ? 'c 16-22' : 'd ≥22',
  );
  table('by wind speed (m/s)', (r) => (r.speed < 2 ? 'a <2' : r.speed < 4 ? 'b 2-4' : 'c ≥4'));
  table('by day / night', (r) => (r.day ? 'day' : 'night'));
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(e instanceof ArgError ? 2 : 1);
});
