// Alarm workflows (spec 2 §3 'Workflow', §7 'Workflow'): read one, the Basic and LDAR actions, the LDAR form, root causes.
import { z } from 'zod';
import { workflowSchema } from '@/contracts/alarm';
import { idSchema, queryIdSchema } from '@/contracts/bounds';
import { rootCauseSchema } from '@/contracts/emission-classification';
import { endpoint } from '@/contracts/endpoint';
import { CLASSIFICATIONS } from '@/domain/enums';

export const WORKFLOW_ACTIONS = ['acknowledge', 'unacknowledge', 'convertBasicToLdar', 'convertLdarToBasic'] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

const workflowActionEndpointOf = (action: WorkflowAction) =>
  endpoint({
    method: 'POST',
    path: `/api/workflow/${action}/:id`,
    access: 'authenticated',
    params: z.object({ id: queryIdSchema }),
    body: z.object({ organizationId: idSchema, version: z.number().int().optional() }),
    response: workflowSchema,
  });

/** POST /api/workflow/{action}/{id}: one change to a workflow of the organization. */
export const workflowActionEndpoints = Object.fromEntries(
  WORKFLOW_ACTIONS.map((a) => [a, workflowActionEndpointOf(a)]),
) as Record<WorkflowAction, ReturnType<typeof workflowActionEndpointOf>>;

export const workflowEndpoint = endpoint({
  method: 'GET',
  path: '/api/workflow/get',
  access: 'authenticated',
  query: z.object({ organizationId: queryIdSchema, id: queryIdSchema }),
  response: workflowSchema,
});
export const editLdarEndpoint = endpoint({
  method: 'POST',
  path: '/api/workflow/editLdar',
  access: 'authenticated',
  body: z.object({
    organizationId: idSchema,
    id: idSchema,
    version: z.number().int(),
    classification: z.enum(CLASSIFICATIONS).nullable(),
    rootCauseId: idSchema.nullable(),
    repairRequired: z.boolean().nullable(),
    repairType: z.number().int().min(0).max(1).nullable(),
    repairCompleted: z.iso.datetime({ offset: true }).nullable(),
  }),
  response: workflowSchema,
});
export const rootCauseListEndpoint = endpoint({
  method: 'GET',
  path: '/api/workflow/listRootCauses',
  access: 'authenticated',
  response: z.array(rootCauseSchema),
});
