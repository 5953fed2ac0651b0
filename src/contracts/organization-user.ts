// Organization users (spec 1 §3 'Organization user (list)', spec 3 §7 'Organization users').
import { z } from 'zod';
import { idSchema, queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { Permission } from '@/domain/permissions';
import { SIGN_ON_METHOD_VALUES, userFormSchema } from '@/domain/user-form';

export const organizationUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.string(),
  roleId: z.number().int(),
  hasNotifications: z.boolean(),
  signOnMethod: z.enum(SIGN_ON_METHOD_VALUES),
  canEditNotifications: z.boolean(),
});
export type OrganizationUser = z.infer<typeof organizationUserSchema>;

export const organizationUserListSchema = z.object({
  users: z.array(organizationUserSchema),
  organization: z.object({
    id: z.number().int(),
    name: z.string(),
    singleSignOnEnabled: z.boolean(),
    domains: z.array(z.string()),
  }),
});

export const roleOptionSchema = z.object({ id: z.number().int(), name: z.string() });

const ACCESS = [Permission.UserAdministration] as const;
const organizationQuerySchema = z.object({ organizationId: queryIdSchema });

export const organizationUserListEndpoint = endpoint({
  method: 'GET',
  path: '/api/organizationUser/organizationUserList/',
  access: ACCESS,
  query: organizationQuerySchema,
  response: organizationUserListSchema,
});
export const organizationRoleOptionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/role/organizationRoleOptions/',
  access: ACCESS,
  query: organizationQuerySchema,
  response: z.array(roleOptionSchema),
});
export const organizationUserEditEndpoint = endpoint({
  method: 'POST',
  path: '/api/organizationUser/organizationUserEdit/',
  access: ACCESS,
  body: userFormSchema.extend({ organizationId: idSchema }),
  response: organizationUserSchema,
});
export const organizationUserDeleteEndpoint = endpoint({
  method: 'POST',
  path: '/api/organizationUser/organizationUserDelete/',
  access: ACCESS,
  body: z.object({ id: idSchema, organizationId: idSchema }),
  response: z.object({ id: z.number().int() }),
});
