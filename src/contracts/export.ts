// Export Data downloads (spec 3 §7 'Exports'): every call a GET with repeated array parameters, answered as a
// streamed CSV with its file name. The queries and their rules are in src/domain/export.ts.
import { z } from 'zod';
import {
  DEVICE_DATA_TYPE_KEYS,
  deviceDataQuerySchema,
  exportScopeSchema,
  rollingAveragesQuerySchema,
  siteRateQuerySchema,
  volumesQuerySchema,
} from '@/domain/export';
import { Permission } from '@/domain/permissions';
import { endpoint } from './endpoint';

const modelResults = [Permission.ExportModelResults];
const deviceData = [Permission.ExportLowPrecisionDeviceData, Permission.ExportHighPrecisionDeviceData];

export const exportAlarmsEndpoint = endpoint({
  method: 'GET',
  path: '/api/export/exportAlarms/',
  access: modelResults,
  query: exportScopeSchema,
  answer: 'download',
});
export const exportEmissionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/export/exportEmissions/',
  access: modelResults,
  query: exportScopeSchema,
  answer: 'download',
});
export const exportDeviceUptimeEndpoint = endpoint({
  method: 'GET',
  path: '/api/export/exportDeviceUptime/',
  access: [Permission.ExportUptime],
  query: exportScopeSchema,
  answer: 'download',
});
export const exportVolumesEndpoint = endpoint({
  method: 'GET',
  path: '/api/export/exportVolumes/',
  access: modelResults,
  query: volumesQuerySchema,
  answer: 'download',
});
export const exportSiteRateAveragesEndpoint = endpoint({
  method: 'GET',
  path: '/api/export/exportSiteRateAverages/',
  access: modelResults,
  query: rollingAveragesQuerySchema,
  answer: 'download',
});
export const exportDeviceDataEndpoint = endpoint({
  method: 'GET',
  path: '/api/export/exportDeviceData/',
  access: deviceData,
  query: deviceDataQuerySchema,
  answer: 'download',
});
export const deviceDataSamplePeriodOptionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/export/getDeviceDataSamplePeriodOptions/',
  access: [...deviceData, Permission.ExportModelResults],
  query: z.object({
    samplingMethod: z.coerce.number().int().optional(),
    deviceDataType: z.enum(DEVICE_DATA_TYPE_KEYS).optional(),
  }),
  response: z.object({
    samplePeriods: z.array(z.object({ minutes: z.number(), label: z.string() })),
    samplingMethods: z.array(z.object({ value: z.number(), label: z.string() })),
  }),
});
export const exportSiteRateEndpoint = endpoint({
  method: 'GET',
  path: '/api/export/exportSiteRate/',
  access: modelResults,
  query: siteRateQuerySchema,
  answer: 'download',
});
