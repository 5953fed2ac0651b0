// Measurement types in the canonical (device chart) numbering (src/domain/measurement-type.ts).
import { z } from 'zod';
import { endpoint } from '@/contracts/endpoint';

const measurementTypeSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  label: z.string(),
  unitKind: z.string(),
  gas: z.string().nullable(),
});

export const measurementTypeListEndpoint = endpoint({
  method: 'GET',
  path: '/api/measurementType/list/',
  access: 'authenticated',
  response: z.array(measurementTypeSchema),
});
