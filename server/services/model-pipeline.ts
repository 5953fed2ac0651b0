// A site's modelling pipeline as the console controls it (spec 2 §7 modellingPipelineStatusModel/,
// startModellingPipeline/, stopModellingPipeline/; spec 3 §4, §5): its state, a start from a date no earlier than
// what was processed, a stop — each recorded in the site's history.
import type { ModelStatus } from '@/contracts/model-pipeline';
import { startDateProblem } from '@/domain/model-pipeline';
import type { Database, Queryable } from '../db/client';
import { recordAudit } from './audit';
import { DomainError } from './errors';
import { afterModelStart, startModel } from './modelling/service/control';
import { MODEL_STATUS_SELECT, toModelStatus, type ModelStatusRow } from './modelling/service/state';
import type { SiteRef } from './site';

async function status(db: Queryable, { organizationId, siteId }: SiteRef, lock = false): Promise<ModelStatus> {
  const [s] = await db.query<ModelStatusRow>(
    `${MODEL_STATUS_SELECT} WHERE s.id = $1 AND s.organization_id = $2 AND s.deleted_at IS NULL ${lock ? 'FOR UPDATE OF s' : ''}`,
    [siteId, organizationId],
  );
  if (!s) throw new DomainError('NotFound', 'Site not found');
  return toModelStatus(s);
}

export function modelStatus(db: Queryable, site: SiteRef): Promise<ModelStatus> {
  return status(db, site);
}

/** Starts the pipeline from startDate (not earlier than what it processed), then wakes the modelling worker. */
export async function startModelPipeline(
  database: Database,
  site: SiteRef,
  startDate: string | null,
  user: { id: number; email: string },
): Promise<ModelStatus> {
  const { organizationId, siteId } = site;
  const answer = await database.transaction(async (tx) => {
    const before = await status(tx, site, true);
    const problem = startDateProblem(startDate === null ? null : Date.parse(startDate), before.processedUpTo, (d) => d);
    if (problem) throw new DomainError('Invalid', problem, { startDate: [problem] });
    await startModel(
      tx,
      siteId,
      Date.parse(startDate!),
      before.processedUpTo === null ? null : Date.parse(before.processedUpTo),
    );
    await recordAudit(tx, {
      entityType: 'site',
      entityId: siteId,
      organizationId,
      userId: user.id,
      userName: user.email,
      changes: [
        { name: 'modellingPipelineIsOn', oldValue: before.isOn, newValue: true },
        { name: 'modelStartDate', oldValue: before.processedUpTo, newValue: startDate },
      ],
    });
    return status(tx, site);
  });
  afterModelStart(siteId);
  return answer;
}

export function stopModelPipeline(
  database: Database,
  site: SiteRef,
  user: { id: number; email: string },
): Promise<ModelStatus> {
  const { organizationId, siteId } = site;
  return database.transaction(async (tx) => {
    const before = await status(tx, site, true);
    await tx.query('UPDATE sites SET modelling_pipeline_is_on = false, updated_at = clock_timestamp() WHERE id = $1', [
      siteId,
    ]);
    await recordAudit(tx, {
      entityType: 'site',
      entityId: siteId,
      organizationId,
      userId: user.id,
      userName: user.email,
      changes: [{ name: 'modellingPipelineIsOn', oldValue: before.isOn, newValue: false }],
    });
    return status(tx, site);
  });
}
