// A site's modelling pipeline (spec 2 §7 modellingPipelineStatusModel/, startModellingPipeline/,
// stopModellingPipeline/; spec 3 §4, §5): its state, a start from a date no earlier than what was processed, a stop —
// each recorded in the site's history.
import {
  modelPipelineStatusEndpoint,
  startModelPipelineEndpoint,
  stopModelPipelineEndpoint,
} from '@/contracts/model-pipeline';
import { defineRoute } from '../http/define-route';
import { modelStatus, startModelPipeline, stopModelPipeline } from '../services/model-pipeline';

export const modelPipelineRoutes = [
  defineRoute(modelPipelineStatusEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "A site's Model status: on or off, blocked and why, processed-up-to, last run and start times",
    handler: ({ query, organizationId, database }) =>
      modelStatus(database, { organizationId: organizationId!, siteId: query.siteId }),
  }),
  defineRoute(startModelPipelineEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: "Starts a site's modelling pipeline from a date no earlier than what it has processed",
    example: { body: { siteId: 1, startDate: '2030-01-01T00:00:00Z' } },
    handler: ({ body, organizationId, user, database }) =>
      startModelPipeline(database, { organizationId: organizationId!, siteId: body.siteId }, body.startDate, user!),
  }),
  defineRoute(stopModelPipelineEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: "Stops a site's modelling pipeline",
    example: { body: { siteId: 1 } },
    handler: ({ body, organizationId, user, database }) =>
      stopModelPipeline(database, { organizationId: organizationId!, siteId: body.siteId }, user!),
  }),
];
