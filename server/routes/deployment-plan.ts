// Deployment plan (spec 3 §7 'POST /deploymentPlan/devicePlacement/' and siblings): Preview (runs the optimizer,
// saves nothing), Save (runs and stores a revision), the site's saved plan and the wind source options. Everything
// needs SiteDeploymentEdit (spec 1 route table: siteEdit → SiteDeploymentEdit) in the site's organization.
import {
  deploymentPlanForSiteEndpoint,
  devicePlacementEndpoint,
  editDeploymentPlanEndpoint,
  windSourceOptionsForSiteEndpoint,
} from '@/contracts/deployment-plan';
import { defineRoute } from '../http/define-route';
import { deploymentPlanForSite, runPlacement, savePlan, windSourcesForSite } from '../services/deployment-plan/plans';

const orgBody = { from: 'body', key: 'organizationId' } as const;
const orgQuery = { from: 'query', key: 'organizationId' } as const;
const exampleRequest = {
  siteId: 1,
  deviceBudget: 5,
  windSource: { siteId: 1 },
  mandatoryPlacements: [],
  possiblePlacements: [
    [
      [-102.1, 31.9],
      [-102.0999, 31.9],
    ],
  ],
  notes: '',
};
const without = <T extends { organizationId: number }>({ organizationId: _o, ...rest }: T) => rest;

export const deploymentPlanRoutes = [
  defineRoute(devicePlacementEndpoint, {
    orgScope: orgBody,
    summary: 'Runs the device placement optimizer for a request (Preview); nothing is saved',
    example: { body: exampleRequest },
    handler: async ({ body, organizationId, database }) =>
      (await runPlacement(database, organizationId!, without(body))).result,
  }),
  defineRoute(editDeploymentPlanEndpoint, {
    orgScope: orgBody,
    summary: "Runs the optimizer and saves the request and result as the site's plan (a new revision)",
    example: { body: exampleRequest },
    handler: ({ body, organizationId, user, database }) =>
      savePlan(database, organizationId!, without(body), { id: user!.id, email: user!.email }),
  }),
  defineRoute(deploymentPlanForSiteEndpoint, {
    orgScope: orgQuery,
    summary:
      "The site's saved plan (null when none) with isValid and its wind source's details, and the site's sources",
    example: { query: { siteId: '1' } },
    handler: ({ query, organizationId, database }) =>
      deploymentPlanForSite(database, { organizationId: organizationId!, siteId: query.siteId }),
  }),
  defineRoute(windSourceOptionsForSiteEndpoint, {
    orgScope: orgQuery,
    summary:
      "Wind sources for a site's plan: the organization's sites with wind data, nearest first (no weather stations in this product)",
    example: { query: { siteId: '1' } },
    handler: ({ query, organizationId, database }) =>
      windSourcesForSite(database, { organizationId: organizationId!, siteId: query.siteId }),
  }),
];
