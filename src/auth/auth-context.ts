import { createContext, useContext } from 'react';
import type { UserManager } from 'oidc-client-ts';

export interface AuthApi {
  userManager: UserManager;
  accessToken: string;
  logout(): Promise<void>;
  /** The API refused the token even after renewal: show 'session expired'. */
  expire(): void;
}

export const AuthContext = createContext<AuthApi | null>(null);

export function useAuth(): AuthApi {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside a signed-in tree');
  return auth;
}
