// The one ingestion path (the API, the live simulator): store the samples, evaluate the alarms of the sites the
// devices stand at over the batch's time span, and queue the instantaneous mails for the alarms raised.
import type { Database } from '../db/client';
import { evaluateAlarms, sitesOfDevices } from './alarm-engine/run';
import { ingestSamples, type Sample } from './measurement-store';
import { notifyRaisedAlarms } from './notifications/alarm-mails';

export async function ingestAndEvaluate(database: Database, samples: readonly Sample[], publicUrl: string): Promise<{ chunks: number; alarmsRaised: number[] }> {
  const chunks = await database.transaction((tx) => ingestSamples(tx, samples));
  let from = Infinity;
  let to = -Infinity;
  for (const s of samples) {
    if (s.time < from) from = s.time;
    if (s.time > to) to = s.time;
  }
  if (!(to >= from)) return { chunks, alarmsRaised: [] };
  const deviceIds = [...new Set(samples.map((s) => s.deviceId))];
  const raised = await evaluateAlarms(database, await sitesOfDevices(database, deviceIds, from, to + 1), from, to + 1);
  await notifyRaisedAlarms(database, raised, publicUrl);
  return { chunks, alarmsRaised: raised };
}
