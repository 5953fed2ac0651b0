// The truth simulator and the DLQ port are written by others at the same time; they are loaded at run time so the
// harness type-checks and runs its own parts before they land, and says clearly which one is missing.
import type { DlqEmission, DlqInput } from './dlq/types';
import type { LayoutName, Scenario, TruthWorld } from '../truth/types';

export interface TruthEngine {
  createScenario(layout: LayoutName, seed: number, siteIndex: number, start: number, days: number): Scenario;
  createWorld(scenario: Scenario, options?: { physics?: Record<string, boolean> }): TruthWorld;
}

export type RunDlq = (input: DlqInput) => DlqEmission[];

// Paths held in variables so the type checker does not resolve modules that may not exist yet.
const TRUTH_SCENARIO = '../truth/scenario.ts';
const TRUTH_WORLD = '../truth/world.ts';
const DLQ_RUN = './dlq/run.ts';

async function load(spec: string, what: string): Promise<Record<string, unknown>> {
  try {
    return (await import(new URL(spec, import.meta.url).href)) as Record<string, unknown>;
  } catch (e) {
    throw new Error(`${what} (${spec}) could not be loaded: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export async function loadTruth(): Promise<TruthEngine> {
  const scenario = await load(TRUTH_SCENARIO, 'the truth simulator');
  const world = await load(TRUTH_WORLD, 'the truth simulator');
  if (typeof scenario.createScenario !== 'function' || typeof world.createWorld !== 'function') {
    throw new Error(
      'the truth simulator does not export createScenario(layout, seed, siteIndex, start, days) and createWorld(scenario)',
    );
  }
  return {
    createScenario: scenario.createScenario as TruthEngine['createScenario'],
    createWorld: world.createWorld as TruthEngine['createWorld'],
  };
}

export async function loadDlq(): Promise<RunDlq> {
  const mod = await load(DLQ_RUN, 'the DLQ port');
  if (typeof mod.runDlq !== 'function') throw new Error('the DLQ port does not export runDlq(input)');
  return mod.runDlq as RunDlq;
}
