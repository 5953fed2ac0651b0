// Who makes a call: a signed-in user with their memberships, or an organization's API key (the Pull API).

/** The API key a Pull API call was made with (api-keys.ts checks it). */
export interface ApiKeyCaller {
  id: number;
  organizationId: number;
  apiEndpoints: readonly string[];
  canAccessAllSites: boolean;
  canAccessHighFrequencyData: boolean;
  ch4RateDisplayUnitId: number;
  ch4VolumeDisplayUnitId: number;
  speedDisplayUnitId: number;
}

/** Ends every session of a user (the identity provider's refresh tokens), on logout and when staff are removed. */
export interface LogoutHook {
  revokeAllForUser(userId: number): Promise<void>;
}

export interface SignedInUser {
  id: number;
  email: string;
  isQubeUser: boolean;
  /** Global role permissions (provider staff). */
  globalPermissions: ReadonlySet<number>;
  /** Organization memberships, including deleted organizations (flagged). */
  memberships: ReadonlyMap<number, { roleId: number; permissions: ReadonlySet<number>; deleted: boolean }>;
}
