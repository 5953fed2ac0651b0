// Push integration calls (spec 3 §7 'Integrations'): their queries and answers. The input rules are in
// src/domain/integration.ts.
import { z } from 'zod';
import { idOrNewSchema, idSchema, queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { Permission } from '@/domain/permissions';
import { integrationInputSchema } from '@/domain/integration';

const id = queryIdSchema;

export const integrationSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  dataType: z.number().int(),
  requestUrl: z.string(),
  headers: z.array(z.object({ key: z.string(), value: z.string() })),
  maxRequestSizeInBytes: z.number().int().nullable(),
  enabled: z.boolean(),
  ch4RateDisplayUnitId: z.number().int(),
  ch4VolumeDisplayUnitId: z.number().int(),
  siteGroupIds: z.array(z.number().int()),
  siteGroupNames: z.array(z.string()),
  lastTwentyFourHourSuccessCount: z.number().int(),
  lastTwentyFourHourFailureCount: z.number().int(),
});
export type Integration = z.infer<typeof integrationSchema>;

export const integrationListQuerySchema = z.object({ organizationId: id });
export const integrationQuerySchema = z.object({ organizationId: id, integrationId: id });

/** Create with id 0, edit otherwise. */
export const integrationEditBodySchema = integrationInputSchema.extend({
  id: idOrNewSchema,
  organizationId: idSchema,
});
export type IntegrationEditBody = z.infer<typeof integrationEditBodySchema>;

export const executionRequestSchema = z.object({
  requestNumber: z.number().int(),
  requestBody: z.string(),
  responseBody: z.string().nullable(),
  responseStatusCode: z.number().int().nullable(),
  exception: z.string().nullable(),
});
export type ExecutionRequest = z.infer<typeof executionRequestSchema>;

export const integrationExecutionSchema = z.object({
  id: z.number().int(),
  time: z.string(),
  success: z.boolean(),
  /** The bookmark after the execution, as JSON text. */
  bookmark: z.string(),
  recordCount: z.number().int(),
  requests: z.array(executionRequestSchema),
});
export type IntegrationExecution = z.infer<typeof integrationExecutionSchema>;

export const executionHistorySchema = z.object({
  successes: z.array(integrationExecutionSchema),
  failures: z.array(integrationExecutionSchema),
});
export type ExecutionHistory = z.infer<typeof executionHistorySchema>;

/** The private networks the operator lets integrations reach (PUSH_ALLOW_CIDRS), for the form's address check. */
export const destinationRulesSchema = z.object({ allowedCidrs: z.array(z.string()) });

// Every integration call needs IntegrationAdministration (spec 1 §2 route table: /integrations).
const ACCESS = [Permission.IntegrationAdministration];

export const integrationListEndpoint = endpoint({
  method: 'GET',
  path: '/api/integration/integrations/',
  access: ACCESS,
  query: integrationListQuerySchema,
  response: z.array(integrationSchema),
});
export const integrationEndpoint = endpoint({
  method: 'GET',
  path: '/api/integration/integrationEdit/',
  access: ACCESS,
  query: integrationQuerySchema,
  response: integrationSchema,
});
export const integrationEditEndpoint = endpoint({
  method: 'POST',
  path: '/api/integration/integrationEdit/',
  access: ACCESS,
  body: integrationEditBodySchema,
  response: integrationSchema,
});
export const destinationRulesEndpoint = endpoint({
  method: 'GET',
  path: '/api/integration/destinationRules/',
  access: ACCESS,
  query: integrationListQuerySchema,
  response: destinationRulesSchema,
});
export const deleteIntegrationEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/integration/deleteIntegration/',
  access: ACCESS,
  query: integrationQuerySchema,
  response: z.object({ id: z.number().int() }),
});
export const executionHistoryEndpoint = endpoint({
  method: 'GET',
  path: '/api/integration/integrationExecutionHistory/',
  access: ACCESS,
  query: integrationQuerySchema,
  response: executionHistorySchema,
});
