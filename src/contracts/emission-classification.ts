// Emission classification calls (spec 3 §7 'Emissions': POST /emissions/classify, GET /emissions/getClassification/,
// the root causes): bodies and answers shared by the server and the dashboard's Set Classification dialog.
import { z } from 'zod';
import { idSchema } from '@/contracts/bounds';
import { CLASSIFICATIONS } from '@/domain/enums';

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
