// The search drawer's lists (spec 2 §2 'Search drawer', §7 deviceSearchList/, siteSearchList).
import { z } from 'zod';
import { queryIdSchema } from './bounds';
import { deviceSearchRowSchema, siteSearchRowSchema } from './device';
import { endpoint } from './endpoint';
import { Permission } from '@/domain/permissions';

const query = z.object({ organizationId: queryIdSchema.optional() });

export const deviceSearchListEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/deviceSearchList/',
  access: [Permission.DeviceAdministration],
  query: query,
  response: z.array(deviceSearchRowSchema),
});

export const siteSearchListEndpoint = endpoint({
  method: 'GET',
  path: '/api/site/siteSearchList/',
  access: 'authenticated',
  query: query,
  response: z.array(siteSearchRowSchema),
});
