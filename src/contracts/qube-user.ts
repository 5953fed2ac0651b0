// Provider-staff user administration (spec 1 §2 'Qube users screen', 'User Details dialog', §3, §7).
import { z } from 'zod';
import { idSchema, queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { roleOptionSchema } from '@/contracts/organization-user';
import { resetTemporaryPasswordSchema } from '@/domain/password';
import { Permission } from '@/domain/permissions';
import { SIGN_ON_METHOD_VALUES, userFormSchema } from '@/domain/user-form';

export const qubeUserRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  qubeRole: z.string().nullable(),
  qubeRoleId: z.number().int().nullable(),
  organizations: z.array(z.object({ roleName: z.string(), organizationName: z.string() })),
  notificationsEnabled: z.boolean(),
  signOnMethod: z.enum(SIGN_ON_METHOD_VALUES),
});
export type QubeUserRow = z.infer<typeof qubeUserRowSchema>;

export const qubeUserEditSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  signOnMethod: z.enum(SIGN_ON_METHOD_VALUES),
});

/** The identity provider's own record of the user, as Cognito would show it. */
export const identityUserSchema = z.object({
  username: z.string(),
  userStatus: z.string(),
  enabled: z.boolean(),
  userCreateDate: z.string(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
});

export const userDetailsSchema = z.object({
  email: z.string(),
  id: z.number().int(),
  signOnMethod: z.enum(SIGN_ON_METHOD_VALUES),
  cognitoUserId: z.string(),
  ianaTimezoneId: z.string(),
  organizations: z.array(z.object({ organizationName: z.string(), roleName: z.string() })),
  qubeRole: z.string().nullable(),
  cognitoUsers: z.array(identityUserSchema),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

const ACCESS = [Permission.QubeAdministration] as const;

export const qubeUserListEndpoint = endpoint({
  method: 'GET',
  path: '/api/userAdmin/list/',
  access: ACCESS,
  response: z.array(qubeUserRowSchema),
});
export const qubeRoleOptionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/role/qubeRoleOptions/',
  access: ACCESS,
  response: z.array(roleOptionSchema),
});
export const qubeUserEndpoint = endpoint({
  method: 'GET',
  path: '/api/qubeUser/qubeUserEdit/',
  access: ACCESS,
  query: z.object({ userId: queryIdSchema, userOrganizationId: queryIdSchema.optional() }),
  response: qubeUserEditSchema,
});
export const qubeUserEditEndpoint = endpoint({
  method: 'POST',
  path: '/api/qubeUser/qubeUserEdit/',
  access: ACCESS,
  body: userFormSchema,
  response: qubeUserRowSchema,
});
export const qubeUserDeleteEndpoint = endpoint({
  method: 'POST',
  path: '/api/qubeUser/qubeUserDelete/',
  access: ACCESS,
  body: z.object({ id: idSchema }),
  response: z.object({ id: z.number().int() }),
});
export const userDetailsEndpoint = endpoint({
  method: 'GET',
  path: '/api/userAdmin/details/',
  access: [Permission.CognitoAdministration],
  query: z.object({ userId: queryIdSchema }),
  response: userDetailsSchema,
});
export const resetTemporaryPasswordEndpoint = endpoint({
  method: 'POST',
  path: '/api/userAdmin/resetTemporaryPassword/',
  access: [Permission.CognitoAdministration],
  body: resetTemporaryPasswordSchema,
  response: z.object({ userId: z.number().int(), userStatus: z.string() }),
});
