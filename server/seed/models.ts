// Starts the demo's models: the featured and history sites are modelled by the pipeline from their model start (the
// scheduler in the server catches up in the background), through the same Start Model state change as the API.
import type { Database } from '../db/client';
import { startModel } from '../services/modelling/service/control';

export async function startDemoModels(database: Database, starts: ReadonlyMap<number, number>): Promise<void> {
  for (const [siteId, start] of [...starts].sort((a, b) => a[0] - b[0])) {
    await database.transaction((tx) => startModel(tx, siteId, start, null));
  }
}
