// GET /api/user/currentUser/ (spec 1 §3 'Current user').
import { z } from 'zod';
import { endpoint } from '@/contracts/endpoint';

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.number().int()),
});

export const userOrganizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  roleId: z.number().int(),
  deleted: z.boolean(),
  sites: z.array(z.object({ id: z.number().int() })),
});
export type UserOrganization = z.infer<typeof userOrganizationSchema>;

export const unitLabelsSchema = z.record(z.string(), z.string());

export const userSettingsSchema = z.object({
  limits: z.object({ ch4MaxVolumePerDay: z.number().nullable(), maxWindSpeed: z.number().nullable() }),
  unitLabels: unitLabelsSchema,
  /** The six display-unit choices the labels come from (spec 2 §3 'Unit configuration'). */
  unitConfiguration: z.object({
    ch4RateDisplayUnitId: z.number().int(),
    ch4VolumeDisplayUnitId: z.number().int(),
    concentrationDisplayUnitId: z.number().int(),
    pressureDisplayUnitId: z.number().int(),
    speedDisplayUnitId: z.number().int(),
    temperatureDisplayUnitId: z.number().int(),
  }),
  ianaTimezoneId: z.string(),
  timeFormat: z.enum(['12-hr', '24-hr']),
  /** Hidden column ids per grid key, saved from the grids' column choosers. */
  gridColumnVisibility: z.record(z.string(), z.array(z.string())),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const currentUserSchema = z.object({
  userDetails: z.object({
    isQubeUser: z.boolean(),
    /** The global (provider staff) role; null for organization staff. */
    roleId: z.number().int().nullable(),
    userEmail: z.string(),
    userId: z.number().int(),
  }),
  userOrganizations: z.array(userOrganizationSchema),
  roles: z.array(roleSchema),
  userSettings: userSettingsSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const logoutResponseSchema = z.object({ loggedOut: z.literal(true) });

export const currentUserEndpoint = endpoint({
  method: 'GET',
  path: '/api/user/currentUser/',
  access: 'authenticated',
  response: currentUserSchema,
});
export const logoutEndpoint = endpoint({
  method: 'POST',
  path: '/api/user/logout/',
  access: 'authenticated',
  response: logoutResponseSchema,
});
