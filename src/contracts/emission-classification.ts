// Emission classification calls (spec 3 §7 'Emissions': POST /emissions/classify, GET /emissions/getClassification/,
// the root causes): bodies and answers shared by the server and the dashboard's Set Classification dialog.
import { z } from 'zod';
import { idSchema, queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { CLASSIFICATIONS } from '@/domain/enums';
import { Permission } from '@/domain/permissions';

export const classificationSchema = z.enum(CLASSIFICATIONS);

/** POST /api/emissions/classify. */
export const classifyBodySchema = z.object({
  organizationId: idSchema,
  emissionId: idSchema,
  classification: classificationSchema.nullable(),
  rootCauseId: idSchema.nullable(),
});

/** GET /api/emissions/getClassification/ (emissionId) and the answer of classify. */
export const emissionClassificationSchema = z.object({
  emissionId: z.number().int(),
  classification: classificationSchema.nullable(),
  rootCauseId: z.number().int().nullable(),
  /** An emission alarm of the same site overlaps the emission and its workflow already has a classification. */
  contributesToClassifiedAlarm: z.boolean(),
});
export type EmissionClassification = z.infer<typeof emissionClassificationSchema>;

/** A root cause of a classification (GET /api/workflow/listRootCauses, shared by LDAR workflows and emissions). */
export const rootCauseSchema = z.object({ id: z.number().int(), classification: z.string(), description: z.string() });
export type RootCause = z.infer<typeof rootCauseSchema>;

export const emissionClassificationEndpoint = endpoint({
  method: 'GET',
  path: '/api/emissions/getClassification/',
  access: 'authenticated',
  query: z.object({ emissionId: queryIdSchema }),
  response: emissionClassificationSchema,
});

export const classifyEmissionEndpoint = endpoint({
  method: 'POST',
  path: '/api/emissions/classify',
  access: [Permission.SiteEdit],
  body: classifyBodySchema,
  response: emissionClassificationSchema,
});
