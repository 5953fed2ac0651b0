// Provider-staff users (spec 1 §2 'Qube users screen', 'User Details dialog', §5, §7): every user with their
// provider role and organizations; add/edit/delete of provider staff; details and temporary-password reset.
import {
  qubeRoleOptionsEndpoint,
  qubeUserDeleteEndpoint,
  qubeUserEditEndpoint,
  qubeUserEndpoint,
  qubeUserListEndpoint,
  resetTemporaryPasswordEndpoint,
  userDetailsEndpoint,
} from '@/contracts/qube-user';
import { defineRoute } from '../http/define-route';
import type { LogoutHook } from '../services/callers';
import {
  deleteQubeUser,
  listQubeUsers,
  qubeRoleOptions,
  qubeUserForm,
  resetTemporaryPassword,
  saveQubeUser,
  userDetails,
} from '../services/qube-user';

export function qubeUserRoutes(logout: LogoutHook | null) {
  return [
    defineRoute(qubeUserListEndpoint, {
      orgScope: false,
      summary: 'Every user: provider role, organizations, notifications and sign-on method',
      handler: ({ database }) => listQubeUsers(database),
    }),
    defineRoute(qubeRoleOptionsEndpoint, {
      orgScope: false,
      summary: 'The provider-staff roles',
      handler: ({ database }) => qubeRoleOptions(database),
    }),
    defineRoute(qubeUserEndpoint, {
      orgScope: false,
      summary: "A provider-staff user's form values",
      handler: ({ database, query }) => qubeUserForm(database, query),
    }),
    defineRoute(qubeUserEditEndpoint, {
      orgScope: false,
      summary: 'Adds provider staff (id 0) or edits their provider role and sign-on method',
      example: { body: { id: 0, email: 'matrix.staff@example.com', roleId: 1, signOnMethod: 'EmailPassword' } },
      handler: ({ body, database, user }) => saveQubeUser(database, user!, body),
    }),
    defineRoute(qubeUserDeleteEndpoint, {
      orgScope: false,
      summary: 'Deletes a provider-staff user and revokes all their access',
      example: { body: { id: 1 } },
      handler: ({ body, database, user }) => deleteQubeUser(database, user!, logout, body),
    }),
    defineRoute(userDetailsEndpoint, {
      orgScope: false,
      summary: "A user's account and their identity-provider record",
      handler: ({ database, query, user }) => userDetails(database, user!, query),
    }),
    defineRoute(resetTemporaryPasswordEndpoint, {
      orgScope: false,
      summary: "Sets a password user's temporary password (only while they must change it)",
      example: { body: { userId: 1, temporaryPassword: 'Temporary1' } },
      handler: ({ body, database, user }) => resetTemporaryPassword(database, user!, body),
    }),
  ];
}
