// Deployment plan calls (spec 3 §7 'POST /deploymentPlan/devicePlacement/' and its siblings): their queries and
// answers. The request and its rules are in src/domain/deployment-plan.ts.
import { z } from 'zod';
import { idSchema, queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { devicePlacementRequestSchema, lngLatSchema } from '@/domain/deployment-plan';
import { Permission } from '@/domain/permissions';

const access = [Permission.SiteDeploymentEdit];

const id = queryIdSchema;

export const siteQuerySchema = z.object({ organizationId: id, siteId: id });

/** The request with the organization it is scoped to. */
export const devicePlacementBodySchema = z.intersection(
  z.object({ organizationId: idSchema }),
  devicePlacementRequestSchema,
);

export const windRosePointSchema = z.object({ angle: z.number(), probability: z.number() });

export const devicePlacementResultSchema = z.object({
  devicePlacements: z.array(lngLatSchema),
  /** Which of devicePlacements were mandatory (the rest were proposed by the optimizer). */
  mandatory: z.array(z.boolean()),
  modelRunAt: z.string(),
  messages: z.array(z.string()),
  sourceCoverage: z.array(z.object({ id: z.number(), coverage: z.number() })),
  totalCoverage: z.number(),
  totalCoverageWithOneLessDevice: z.number(),
  totalCoverageWithOneMoreDevice: z.number(),
  windRoseProbability: z.array(windRosePointSchema),
});
export type DevicePlacementResult = z.infer<typeof devicePlacementResultSchema>;

export const windSiteSourceSchema = z.object({
  id: z.number(),
  name: z.string(),
  distanceFromSiteInMeters: z.number(),
  daysOfAvailableData: z.number(),
});
export type WindSiteSource = z.infer<typeof windSiteSourceSchema>;
export const weatherStationSourceSchema = z.object({
  id: z.number(),
  stationId: z.string(),
  stationName: z.string(),
  stationNetwork: z.string(),
  distanceFromSiteInMeters: z.number(),
});

export const windSourceOptionsSchema = z.object({
  siteSources: z.array(windSiteSourceSchema),
  weatherStationSources: z.array(weatherStationSourceSchema),
});
export type WindSourceOptions = z.infer<typeof windSourceOptionsSchema>;

/** A source of the site as the plan sees it (names for the scores, categories for the PDF, positions for its map). */
export const planSourceSchema = z.object({
  id: z.number(),
  name: z.string(),
  location: lngLatSchema,
  relativeImportance: z.number(),
  sourceCategoryName: z.string().nullable(),
});
export type PlanSource = z.infer<typeof planSourceSchema>;

export const savedDeploymentPlanSchema = z.object({
  id: z.number(),
  request: devicePlacementRequestSchema,
  result: devicePlacementResultSchema,
  notes: z.string(),
  modifiedByUserEmail: z.string(),
  modifiedAt: z.string(),
  /** False once the site's sources changed after the plan was made. */
  isValid: z.boolean(),
  devicePlacementRequestWindSourceDetails: windSiteSourceSchema.nullable(),
});
export type SavedDeploymentPlan = z.infer<typeof savedDeploymentPlanSchema>;

export const deploymentPlanForSiteSchema = z.object({
  plan: savedDeploymentPlanSchema.nullable(),
  /** The site's sources that are not deleted. */
  sources: z.array(planSourceSchema),
});
export type DeploymentPlanForSite = z.infer<typeof deploymentPlanForSiteSchema>;

export const editDeploymentPlanAnswerSchema = z.object({
  request: devicePlacementRequestSchema,
  result: devicePlacementResultSchema,
  plan: savedDeploymentPlanSchema,
});

export const devicePlacementEndpoint = endpoint({
  method: 'POST',
  path: '/api/deploymentPlan/devicePlacement/',
  access: access,
  body: devicePlacementBodySchema,
  response: devicePlacementResultSchema,
});

export const editDeploymentPlanEndpoint = endpoint({
  method: 'POST',
  path: '/api/deploymentPlan/editDeploymentPlan/',
  access: access,
  body: devicePlacementBodySchema,
  response: editDeploymentPlanAnswerSchema,
});

export const deploymentPlanForSiteEndpoint = endpoint({
  method: 'GET',
  path: '/api/deploymentPlan/getDeploymentPlanForSite/',
  access: access,
  query: siteQuerySchema,
  response: deploymentPlanForSiteSchema,
});

export const windSourceOptionsForSiteEndpoint = endpoint({
  method: 'GET',
  path: '/api/deploymentPlan/getWindSourceOptionsForSite/',
  access: access,
  query: siteQuerySchema,
  response: windSourceOptionsSchema,
});
