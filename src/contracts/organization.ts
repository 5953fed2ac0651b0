// Organization administration (spec 1 §7, spec 3 §3 'Organization').
import { z } from 'zod';
import { queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { organizationFormSchema } from '@/domain/organization-form';
import { Permission } from '@/domain/permissions';

export const organizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  singleSignOnEnabled: z.boolean(),
  domains: z.array(z.string()),
  customerSuccessReps: z.array(z.string()),
  salesReps: z.array(z.string()),
  orgContacts: z.array(z.string()),
  cspFrameAncestorDomain: z.string().nullable(),
  iframeSrcUrls: z.array(z.string()),
  deletedAt: z.string().nullable(),
  userCount: z.number().int(),
  siteCount: z.number().int(),
  /** One of the provider's own organizations (its test sites); set by provider staff. */
  providerOwn: z.boolean(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationListQuerySchema = z.object({
  includeDeleted: z.enum(['true', 'false']).optional(),
});

export const organizationOptionSchema = z.object({ id: z.number().int(), name: z.string(), deleted: z.boolean() });

export const idParamsSchema = z.object({ id: queryIdSchema });

const admin = [Permission.OrganizationAdministration] as const;

export const organizationListEndpoint = endpoint({
  method: 'GET',
  path: '/api/organization/organizationList/',
  access: admin,
  query: organizationListQuerySchema,
  response: z.array(organizationSchema),
});
export const organizationEndpoint = endpoint({
  method: 'GET',
  path: '/api/organization/organization/',
  access: admin,
  response: organizationSchema,
});
export const organizationOptionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/organization/options/',
  access: 'authenticated',
  response: z.array(organizationOptionSchema),
});
export const organizationEditEndpoint = endpoint({
  method: 'POST',
  path: '/api/organization/organizationEdit/',
  access: admin,
  body: organizationFormSchema,
  response: organizationSchema,
});
export const deleteOrganizationEndpoint = endpoint({
  method: 'POST',
  path: '/api/organization/delete/:id',
  access: admin,
  params: idParamsSchema,
  response: organizationSchema,
});
export const restoreOrganizationEndpoint = endpoint({
  method: 'POST',
  path: '/api/organization/restore/:id',
  access: admin,
  params: idParamsSchema,
  response: organizationSchema,
});
