// Numeric permissions (spec 1 §6); the server and the client both check against these ids.
export const Permission = {
  DeviceAdministration: 1,
  DeviceInstallationStartStop: 2,
  DeviceView: 3,
  ExportModelResults: 4,
  ExportHighPrecisionDeviceData: 5,
  ExportLowPrecisionDeviceData: 6,
  QubeAdministration: 7,
  SiteAdd: 8,
  SiteDeploymentEdit: 9,
  UserAdministration: 10,
  AlarmAdministration: 11,
  SiteHealthAdministration: 12,
  SitePlumeCreate: 13,
  CognitoAdministration: 14,
  IntegrationAdministration: 15,
  ExportUptime: 16,
  EmissionTargetEdit: 17,
  OrganizationAdministration: 18,
  SensorConfiguration: 19,
  DeviceUptimeView: 20,
  SiteEdit: 21,
  ParticleCloudFunctions: 22,
  BulkSiteAddEdit: 23,
  SiteUptimeView: 24,
  SiteBaselineAdministration: 25,
  SiteDeleteRestore: 26,
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];
export type PermissionName = keyof typeof Permission;

export const allPermissions: readonly Permission[] = Object.values(Permission);

export function permissionName(id: number): PermissionName {
  const entry = (Object.entries(Permission) as [PermissionName, number][]).find(([, v]) => v === id);
  if (!entry) throw new Error(`Unconfigured permission value: ${id}`);
  return entry[0];
}

/** Effective permissions: the union of the global (provider staff) role and the role in the organization (spec 1 §4, §6). */
export function effectivePermissions(
  globalRolePermissions: readonly number[] | undefined,
  organizationRolePermissions: readonly number[] | undefined,
): Set<number> {
  return new Set([...(globalRolePermissions ?? []), ...(organizationRolePermissions ?? [])]);
}

/** A guard passes when the user holds any one of the listed permissions; an empty list needs none. */
export function hasAnyPermission(held: ReadonlySet<number>, required: readonly number[]): boolean {
  return required.length === 0 || required.some((p) => held.has(p));
}

/** Route permissions of spec 1 §2, keyed by the route's name. */
export const routePermissions = {
  deviceConfiguration: [Permission.DeviceInstallationStartStop],
  siteEdit: [Permission.SiteDeploymentEdit],
  alarmParameters: [Permission.AlarmAdministration],
  integrations: [Permission.IntegrationAdministration],
  devices: [Permission.DeviceView],
  deviceHealth: [Permission.DeviceAdministration],
  deviceDashboard: [Permission.DeviceAdministration],
  deviceEvents: [Permission.DeviceAdministration],
  exportDashboard: [
    Permission.ExportModelResults,
    Permission.ExportHighPrecisionDeviceData,
    Permission.ExportLowPrecisionDeviceData,
    Permission.ExportUptime,
  ],
  organizations: [Permission.OrganizationAdministration],
  siteHealth: [Permission.SiteHealthAdministration],
  users: [Permission.UserAdministration],
  usersAdmin: [Permission.QubeAdministration],
  sensorConfigurations: [Permission.SensorConfiguration],
  deviceUptime: [Permission.DeviceUptimeView],
  siteBaselines: [Permission.SiteBaselineAdministration],
  overview: [],
  alarm: [],
  alarms: [],
  siteDashboard: [],
  emissionAnalytics: [],
  sites: [],
  accessDenied: [],
  // Not in the spec's table: the engineers' benchmark page is open to any signed-in user.
  benchmarks: [],
} as const satisfies Record<string, readonly Permission[]>;
export type RouteName = keyof typeof routePermissions;
