// A site's Model status (spec 3 §3 'Model status': isOn, isBlocked, processedUpTo, siteId, siteName) with the blocked
// reason, the last run and the start of the current run (modelling.md §1.1).
import { z } from 'zod';
import { idSchema, queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { Permission } from '@/domain/permissions';

const siteBody = z.object({ organizationId: idSchema, siteId: idSchema });

export const modelStatusSchema = z.object({
  siteId: z.number().int(),
  siteName: z.string(),
  isOn: z.boolean(),
  /** On but held back: no emission sources, an active device without recent data, or a step that failed. */
  isBlocked: z.boolean(),
  blockReason: z.string().nullable(),
  /** End of the last processed 15-minute step: the next step starts here. */
  processedUpTo: z.string().nullable(),
  lastRunTime: z.string().nullable(),
  startTime: z.string().nullable(),
});
export type ModelStatus = z.infer<typeof modelStatusSchema>;

export const modelPipelineStatusEndpoint = endpoint({
  method: 'GET',
  path: '/api/site/modellingPipelineStatusModel/',
  access: [Permission.SiteHealthAdministration],
  query: z.object({ organizationId: queryIdSchema, siteId: queryIdSchema }),
  response: modelStatusSchema,
});

export const startModelPipelineEndpoint = endpoint({
  method: 'POST',
  path: '/api/site/startModellingPipeline/',
  access: [Permission.SiteHealthAdministration],
  body: siteBody.extend({ startDate: z.iso.datetime({ offset: true }).nullable() }),
  response: modelStatusSchema,
});

export const stopModelPipelineEndpoint = endpoint({
  method: 'POST',
  path: '/api/site/stopModellingPipeline/',
  access: [Permission.SiteHealthAdministration],
  body: siteBody,
  response: modelStatusSchema,
});
