import { currentUserEndpoint, logoutEndpoint } from '@/contracts/current-user';
import { defineRoute } from '../http/define-route';
import { DomainError } from '../services/errors';
import type { LogoutHook } from '../services/callers';
import { loadCurrentUser } from '../services/current-user';

export function userRoutes(logout: LogoutHook | null) {
  return [
    defineRoute(currentUserEndpoint, {
      orgScope: false,
      summary: 'The signed-in user, their organizations and roles',
      handler: async ({ user, database }) => {
        if (!user) throw new DomainError('Unauthenticated', 'Authentication required');
        return loadCurrentUser(database, user);
      },
    }),
    defineRoute(logoutEndpoint, {
      orgScope: false,
      summary: "Ends the user's sessions and revokes their refresh tokens",
      handler: async ({ user }) => {
        if (user && logout) await logout.revokeAllForUser(user.id);
        return { loggedOut: true as const };
      },
    }),
  ];
}
