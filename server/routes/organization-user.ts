// Organization users: list, add/edit, remove (spec 1 §2 'Users screen', §5; spec 3 §7 paths).
import {
  organizationRoleOptionsEndpoint,
  organizationUserDeleteEndpoint,
  organizationUserEditEndpoint,
  organizationUserListEndpoint,
} from '@/contracts/organization-user';
import { defineRoute } from '../http/define-route';
import {
  organizationRoleOptions,
  organizationUserList,
  removeOrganizationUser,
  saveOrganizationUser,
} from '../services/organization-user';

const orgScope = { from: 'query', key: 'organizationId' } as const;
const bodyScope = { from: 'body', key: 'organizationId' } as const;

export const organizationUserRoutes = [
  defineRoute(organizationUserListEndpoint, {
    orgScope,
    summary: "The organization's users with their role and sign-on method",
    handler: ({ database, organizationId }) => organizationUserList(database, organizationId!),
  }),
  defineRoute(organizationRoleOptionsEndpoint, {
    orgScope,
    summary: "The organization's roles",
    handler: ({ database, organizationId }) => organizationRoleOptions(database, organizationId!),
  }),
  defineRoute(organizationUserEditEndpoint, {
    orgScope: bodyScope,
    summary: 'Adds a user to the organization (id 0) or edits their role and sign-on method',
    example: { body: { id: 0, email: 'matrix@example.com', roleId: 1, signOnMethod: 'EmailPassword' } },
    handler: ({ body, database, organizationId, user }) => saveOrganizationUser(database, user!, organizationId!, body),
  }),
  defineRoute(organizationUserDeleteEndpoint, {
    orgScope: bodyScope,
    summary: 'Removes a user from the organization',
    example: { body: { id: 1 } },
    handler: ({ body, database, organizationId, user }) =>
      removeOrganizationUser(database, user!, organizationId!, body),
  }),
];
