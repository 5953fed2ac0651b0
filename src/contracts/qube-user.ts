// Provider-staff user administration (spec 1 §2 'Qube users screen', 'User Details dialog', §3, §7).
import { z } from 'zod';
import { SIGN_ON_METHOD_VALUES } from '@/domain/user-form';

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
