import { z } from 'zod';
import { MEASUREMENT_TYPES } from '@/domain/measurement-types';
import { defineLegacyRoute } from '../http/define-route';

const measurementTypeSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  label: z.string(),
  unitKind: z.string(),
  gas: z.string().nullable(),
});

export const measurementTypeRoutes = [
  defineLegacyRoute({
    method: 'GET',
    url: '/api/measurementType/list/',
    access: 'authenticated',
    orgScope: false,
    summary: 'Measurement types in the canonical (device chart) numbering',
    response: z.array(measurementTypeSchema),
    handler: async () => [...MEASUREMENT_TYPES],
  }),
];
