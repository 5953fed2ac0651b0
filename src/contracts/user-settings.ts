// Per-user settings the console writes back: grid column visibility (e.g. 'AlarmListColumnVisibility', spec 2 §2).
import { z } from 'zod';
import { endpoint } from '@/contracts/endpoint';
import { unitConfigurationSchema } from '@/domain/units';

/** Grid keys are short names like 'SitesColumnVisibility'; never paths or prototype names. */
export const gridKeySchema = z
  .string()
  .regex(/^[A-Z][A-Za-z0-9]{1,63}$/, 'A grid key is a name of letters and digits starting with a capital');

export const gridColumnVisibilityEditSchema = z.object({
  key: gridKeySchema,
  hiddenColumns: z.array(z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/)).max(200),
});

export const gridColumnVisibilitySchema = z.record(z.string(), z.array(z.string()));

export const displayUnitSchema = z.object({
  id: z.number().int(),
  unitGroupId: z.number().int(),
  name: z.string(),
  label: z.string(),
});

export const gridColumnVisibilityEndpoint = endpoint({
  method: 'POST',
  path: '/api/userSettings/gridColumnVisibility/',
  access: 'authenticated',
  body: gridColumnVisibilityEditSchema,
  response: z.object({ gridColumnVisibility: gridColumnVisibilitySchema }),
});
export const unitListEndpoint = endpoint({
  method: 'GET',
  path: '/api/userSettings/units/',
  access: 'authenticated',
  response: z.array(displayUnitSchema),
});
export const unitConfigurationEndpoint = endpoint({
  method: 'GET',
  path: '/api/userSettings/unitConfigurationEdit/',
  access: 'authenticated',
  response: unitConfigurationSchema,
});
export const saveUnitConfigurationEndpoint = endpoint({
  method: 'POST',
  path: '/api/userSettings/unitConfigurationEdit/',
  access: 'authenticated',
  body: unitConfigurationSchema,
  response: unitConfigurationSchema,
});
