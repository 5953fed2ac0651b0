// Alarm workflows (spec 2 §4 'Basic workflow', 'LDAR workflow', 'Conversion'; §7 'Workflow'): read, resolve and
// unresolve a Basic workflow, save an LDAR form (resolved when its rule holds), convert a SiteRate alarm's workflow,
// and the root causes. Every change is audited; a save based on an older version of the workflow is refused.
import {
  editLdarEndpoint,
  rootCauseListEndpoint,
  workflowActionEndpoints,
  workflowEndpoint,
  type WorkflowAction,
} from '@/contracts/workflow';
import { defineRoute } from '../http/define-route';
import { applyWorkflowAction, editLdar, listRootCauses, loadWorkflow } from '../services/workflow';

/** A POST /api/workflow/{action}/{id} that applies one change to a workflow of the organization. */
const actionRoute = (action: WorkflowAction, summary: string) =>
  defineRoute(workflowActionEndpoints[action], {
    orgScope: { from: 'body', key: 'organizationId' },
    summary,
    example: { params: { id: '1' }, body: {} },
    handler: ({ params, organizationId, user, database }) =>
      applyWorkflowAction(database, organizationId!, user!, params.id, action),
  });

export const workflowRoutes = [
  defineRoute(workflowEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "An alarm's workflow",
    handler: ({ query, organizationId, database }) => loadWorkflow(database, organizationId!, query.id),
  }),
  actionRoute('acknowledge', 'Resolves a Basic workflow'),
  actionRoute('unacknowledge', 'Returns a resolved Basic workflow to unresolved'),
  defineRoute(editLdarEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary:
      'Saves an LDAR form; the workflow resolves when nothing was found, no repair is needed, or the repair is typed and completed',
    example: {
      body: {
        id: 1,
        version: 1,
        classification: 'NothingFound',
        rootCauseId: null,
        repairRequired: null,
        repairType: null,
        repairCompleted: null,
      },
    },
    handler: ({ body, organizationId, user, database }) => editLdar(database, organizationId!, user!, body),
  }),
  actionRoute('convertBasicToLdar', "Converts a SiteRate alarm's Basic workflow to LDAR, keeping its comments"),
  actionRoute('convertLdarToBasic', "Converts a SiteRate alarm's LDAR workflow to Basic, keeping its comments"),
  defineRoute(rootCauseListEndpoint, {
    orgScope: false,
    summary: 'The root causes an LDAR classification offers',
    handler: ({ database }) => listRootCauses(database),
  }),
];
