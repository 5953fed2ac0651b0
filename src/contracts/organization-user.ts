// Organization users (spec 1 §3 'Organization user (list)', spec 3 §7 'Organization users').
import { z } from 'zod';
import { SIGN_ON_METHOD_VALUES } from '@/domain/user-form';

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
