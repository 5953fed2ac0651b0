// A site's modelling pipeline (spec 2 §7 modellingPipelineStatusModel/, startModellingPipeline/,
// stopModellingPipeline/; spec 3 §4, §5): its state, a start from a date no earlier than what was processed, a stop —
// each recorded in the site's history.
import { z } from 'zod';
import { idSchema, queryIdSchema } from '@/contracts/bounds';
import { startDateProblem } from '@/domain/model-pipeline';
import { Permission } from '@/domain/permissions';
import type { Queryable } from '../db/client';
import { defineRoute, HttpError } from '../http/define-route';
import { recordAudit } from '../services/audit';

const statusSchema = z.object({ siteId: z.number().int(), isOn: z.boolean(), lastRunTime: z.string().nullable(), processedUpTo: z.string().nullable() });
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

async function status(db: Queryable, siteId: number, organizationId: number, lock = false) {
  const [s] = await db.query<{ id: number; on: boolean; last: Date | string | null; processed: Date | string | null }>(
    `SELECT id, modelling_pipeline_is_on AS on, model_last_run_time AS last, model_processed_up_to AS processed FROM sites
      WHERE id = $1 AND organization_id = $2 AND deleted_at IS NULL ${lock ? 'FOR UPDATE' : ''}`,
    [siteId, organizationId],
  );
  if (!s) throw new HttpError(404, 'Site not found');
  return { siteId: s.id, isOn: s.on, lastRunTime: iso(s.last), processedUpTo: iso(s.processed) };
}

const siteBody = z.object({ organizationId: idSchema, siteId: idSchema });

export const modelPipelineRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/site/modellingPipelineStatusModel/',
    access: [Permission.SiteHealthAdministration],
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "A site's modelling pipeline: on or off, last run and processed-up-to times",
    query: z.object({ organizationId: queryIdSchema, siteId: queryIdSchema }),
    response: statusSchema,
    handler: ({ query, organizationId, database }) => status(database, query.siteId, organizationId!),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/site/startModellingPipeline/',
    access: [Permission.SiteHealthAdministration],
    orgScope: { from: 'body', key: 'organizationId' },
    summary: "Starts a site's modelling pipeline from a date no earlier than what it has processed",
    body: siteBody.extend({ startDate: z.iso.datetime({ offset: true }).nullable() }),
    response: statusSchema,
    example: { body: { siteId: 1, startDate: '2030-01-01T00:00:00Z' } },
    handler: async ({ body, organizationId, user, database }) =>
      database.transaction(async (tx) => {
        const before = await status(tx, body.siteId, organizationId!, true);
        const problem = startDateProblem(body.startDate === null ? null : Date.parse(body.startDate), before.processedUpTo, (d) => d);
        if (problem) throw new HttpError(400, problem, { startDate: [problem] });
        await tx.query('UPDATE sites SET modelling_pipeline_is_on = true, model_processed_up_to = $2, updated_at = clock_timestamp() WHERE id = $1', [body.siteId, new Date(body.startDate!)]);
        await recordAudit(tx, { entityType: 'site', entityId: body.siteId, organizationId, userId: user!.id, userName: user!.email, changes: [{ name: 'modellingPipelineIsOn', oldValue: before.isOn, newValue: true }, { name: 'modelStartDate', oldValue: before.processedUpTo, newValue: body.startDate }] });
        return status(tx, body.siteId, organizationId!);
      }),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/site/stopModellingPipeline/',
    access: [Permission.SiteHealthAdministration],
    orgScope: { from: 'body', key: 'organizationId' },
    summary: "Stops a site's modelling pipeline",
    body: siteBody,
    response: statusSchema,
    example: { body: { siteId: 1 } },
    handler: async ({ body, organizationId, user, database }) =>
      database.transaction(async (tx) => {
        const before = await status(tx, body.siteId, organizationId!, true);
        await tx.query('UPDATE sites SET modelling_pipeline_is_on = false, updated_at = clock_timestamp() WHERE id = $1', [body.siteId]);
        await recordAudit(tx, { entityType: 'site', entityId: body.siteId, organizationId, userId: user!.id, userName: user!.email, changes: [{ name: 'modellingPipelineIsOn', oldValue: before.isOn, newValue: false }] });
        return status(tx, body.siteId, organizationId!);
      }),
  }),
];
