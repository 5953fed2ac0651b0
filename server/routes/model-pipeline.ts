// A site's modelling pipeline (spec 2 §7 modellingPipelineStatusModel/, startModellingPipeline/,
// stopModellingPipeline/; spec 3 §4, §5): its state, a start from a date no earlier than what was processed, a stop —
// each recorded in the site's history.
import {
  modelPipelineStatusEndpoint,
  startModelPipelineEndpoint,
  stopModelPipelineEndpoint,
} from '@/contracts/model-pipeline';
import { type ModelStatus } from '@/contracts/model-pipeline';
import { startDateProblem } from '@/domain/model-pipeline';
import type { Queryable } from '../db/client';
import { defineRoute } from '../http/define-route';
import { DomainError } from '../services/errors';
import { recordAudit } from '../services/audit';
import { afterModelStart, startModel } from '../services/modelling/service/control';
import { MODEL_STATUS_SELECT, toModelStatus, type ModelStatusRow } from '../services/modelling/service/state';

async function status(db: Queryable, siteId: number, organizationId: number, lock = false): Promise<ModelStatus> {
  const [s] = await db.query<ModelStatusRow>(
    `${MODEL_STATUS_SELECT} WHERE s.id = $1 AND s.organization_id = $2 AND s.deleted_at IS NULL ${lock ? 'FOR UPDATE OF s' : ''}`,
    [siteId, organizationId],
  );
  if (!s) throw new DomainError('NotFound', 'Site not found');
  return toModelStatus(s);
}

export const modelPipelineRoutes = [
  defineRoute(modelPipelineStatusEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "A site's Model status: on or off, blocked and why, processed-up-to, last run and start times",
    handler: ({ query, organizationId, database }) => status(database, query.siteId, organizationId!),
  }),
  defineRoute(startModelPipelineEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: "Starts a site's modelling pipeline from a date no earlier than what it has processed",
    example: { body: { siteId: 1, startDate: '2030-01-01T00:00:00Z' } },
    handler: async ({ body, organizationId, user, database }) => {
      const answer = await database.transaction(async (tx) => {
        const before = await status(tx, body.siteId, organizationId!, true);
        const problem = startDateProblem(
          body.startDate === null ? null : Date.parse(body.startDate),
          before.processedUpTo,
          (d) => d,
        );
        if (problem) throw new DomainError('Invalid', problem, { startDate: [problem] });
        await startModel(
          tx,
          body.siteId,
          Date.parse(body.startDate!),
          before.processedUpTo === null ? null : Date.parse(before.processedUpTo),
        );
        await recordAudit(tx, {
          entityType: 'site',
          entityId: body.siteId,
          organizationId,
          userId: user!.id,
          userName: user!.email,
          changes: [
            { name: 'modellingPipelineIsOn', oldValue: before.isOn, newValue: true },
            { name: 'modelStartDate', oldValue: before.processedUpTo, newValue: body.startDate },
          ],
        });
        return status(tx, body.siteId, organizationId!);
      });
      afterModelStart(body.siteId);
      return answer;
    },
  }),
  defineRoute(stopModelPipelineEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: "Stops a site's modelling pipeline",
    example: { body: { siteId: 1 } },
    handler: async ({ body, organizationId, user, database }) =>
      database.transaction(async (tx) => {
        const before = await status(tx, body.siteId, organizationId!, true);
        await tx.query(
          'UPDATE sites SET modelling_pipeline_is_on = false, updated_at = clock_timestamp() WHERE id = $1',
          [body.siteId],
        );
        await recordAudit(tx, {
          entityType: 'site',
          entityId: body.siteId,
          organizationId,
          userId: user!.id,
          userName: user!.email,
          changes: [{ name: 'modellingPipelineIsOn', oldValue: before.isOn, newValue: false }],
        });
        return status(tx, body.siteId, organizationId!);
      }),
  }),
];
