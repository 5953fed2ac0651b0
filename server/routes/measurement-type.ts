import { measurementTypeListEndpoint } from '@/contracts/measurement-type';
import { MEASUREMENT_TYPES } from '@/domain/measurement-type';
import { defineRoute } from '../http/define-route';

export const measurementTypeRoutes = [
  defineRoute(measurementTypeListEndpoint, {
    orgScope: false,
    summary: 'Measurement types in the canonical (device chart) numbering',
    handler: async () => [...MEASUREMENT_TYPES],
  }),
];
