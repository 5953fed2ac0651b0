// The screens that exist. A screen appears in the navigation bar and gets a route only once it is built.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import type { RouteName } from '@/domain/permissions';
import type { DeepLinkOwner } from './deep-link-gate';

export interface ScreenEntry {
  path: string;
  label: string;
  /** Key into routePermissions (spec 1 §2). */
  routeName: RouteName;
  /** Org routes carry organizationId in the query string. */
  org: boolean;
  icon: 'building' | 'gauge' | 'map' | 'bell' | 'chip' | 'users' | 'home' | 'clipboard';
  Component: PreloadableComponent;
  /** False for screens reached from other screens (a device's dashboard), not from the navigation bar. */
  inNav?: false;
  /** A record's page: opened in the record's organization whatever is selected (issue 25 'Deep links land'). */
  owner?: DeepLinkOwner;
}

export type PreloadableComponent = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/** A lazily loaded screen whose code can be fetched ahead of rendering (on hover, or while the app signs in). */
function lazyScreen(loader: () => Promise<{ default: ComponentType }>): PreloadableComponent {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const load = () => (loading ??= loader().catch((e: unknown) => ((loading = null), Promise.reject(e))));
  return Object.assign(lazy(load), { preload: load });
}

export const screens: readonly ScreenEntry[] = [
  {
    path: '/overview',
    label: 'Overview',
    routeName: 'overview',
    org: true,
    icon: 'home',
    Component: lazyScreen(() => import('@/features/overview/overview-page')),
  },
  {
    path: '/emissionAnalytics',
    label: 'Emission Analytics',
    routeName: 'emissionAnalytics',
    org: true,
    icon: 'gauge',
    Component: lazyScreen(() => import('@/features/emission-analytics/emission-analytics-page')),
  },
  {
    path: '/siteBaselines',
    label: 'Site Baselines',
    routeName: 'siteBaselines',
    org: true,
    icon: 'gauge',
    Component: lazyScreen(() => import('@/features/site-baselines/site-baselines-page')),
  },
  {
    path: '/export',
    label: 'Export Data',
    routeName: 'exportDashboard',
    org: true,
    icon: 'clipboard',
    Component: lazyScreen(() => import('@/features/export-data/export-page')),
  },
  {
    path: '/integrations',
    label: 'Integrations',
    routeName: 'integrations',
    org: true,
    icon: 'clipboard',
    Component: lazyScreen(() => import('@/features/integrations/integrations-page')),
  },
  {
    path: '/sites',
    label: 'Sites',
    routeName: 'sites',
    org: true,
    icon: 'map',
    Component: lazyScreen(() => import('@/features/sites/sites-page')),
  },
  {
    path: '/alarms',
    label: 'Alarms',
    routeName: 'alarms',
    org: true,
    icon: 'bell',
    Component: lazyScreen(() => import('@/features/alarms/alarms-page')),
  },
  {
    path: '/alarm/:encodedAlarmId',
    label: 'Alarm',
    routeName: 'alarm',
    org: false,
    icon: 'bell',
    inNav: false,
    Component: lazyScreen(() => import('@/features/alarms/alarm-link-page')),
  },
  {
    path: '/alarmParameters',
    label: 'Site Alarm Parameters',
    routeName: 'alarmParameters',
    org: true,
    icon: 'bell',
    Component: lazyScreen(() => import('@/features/alarm-parameters/alarm-parameters-page')),
  },
  {
    path: '/siteHealth',
    label: 'Site Health',
    routeName: 'siteHealth',
    org: true,
    icon: 'gauge',
    Component: lazyScreen(() => import('@/features/site-health/site-health-page')),
  },
  {
    path: '/users',
    label: 'Users',
    routeName: 'users',
    org: true,
    icon: 'users',
    Component: lazyScreen(() => import('@/features/users/users-page')),
  },
  {
    path: '/admin/users',
    label: 'Qube Users',
    routeName: 'usersAdmin',
    org: false,
    icon: 'users',
    Component: lazyScreen(() => import('@/features/qube-users/qube-users-page')),
  },
  {
    path: '/devices',
    label: 'Devices',
    routeName: 'devices',
    org: true,
    icon: 'chip',
    Component: lazyScreen(() => import('@/features/devices/devices-page')),
  },
  {
    path: '/deviceHealth',
    label: 'Device Health',
    routeName: 'deviceHealth',
    org: true,
    icon: 'chip',
    Component: lazyScreen(() => import('@/features/device-health/device-health-page')),
  },
  {
    path: '/deviceEvents',
    label: 'Device Events',
    routeName: 'deviceEvents',
    org: false,
    icon: 'bell',
    Component: lazyScreen(() => import('@/features/device-events/device-events-page')),
  },
  {
    path: '/deviceUptime',
    label: 'Device Uptime',
    routeName: 'deviceUptime',
    org: false,
    icon: 'gauge',
    Component: lazyScreen(() => import('@/features/device-uptime/device-uptime-page')),
  },
  {
    path: '/devices/config',
    label: 'Install Device',
    routeName: 'deviceConfiguration',
    org: false,
    icon: 'chip',
    Component: lazyScreen(() => import('@/features/install-wizard/install-wizard-page')),
  },
  {
    path: '/site/:siteId',
    label: 'Site Dashboard',
    routeName: 'siteDashboard',
    org: false,
    icon: 'map',
    inNav: false,
    owner: { kind: 'site', param: 'siteId' },
    Component: lazyScreen(() => import('@/features/site-dashboard/site-dashboard-page')),
  },
  {
    path: '/site/:siteId/edit',
    label: 'Site Edit',
    routeName: 'siteEdit',
    org: false,
    icon: 'map',
    inNav: false,
    owner: { kind: 'site', param: 'siteId' },
    Component: lazyScreen(() => import('@/features/site-edit/site-edit-page')),
  },
  {
    path: '/device/:deviceName',
    label: 'Device Dashboard',
    routeName: 'deviceDashboard',
    org: false,
    icon: 'chip',
    inNav: false,
    owner: { kind: 'device', param: 'deviceName' },
    Component: lazyScreen(() => import('@/features/device-dashboard/device-dashboard-page')),
  },
  {
    path: '/sensorConfigurations',
    label: 'Sensor Configurations',
    routeName: 'sensorConfigurations',
    org: true,
    icon: 'gauge',
    Component: lazyScreen(() => import('@/features/sensor-configurations/sensor-configurations-page')),
  },
  {
    path: '/organizations',
    label: 'Organizations',
    routeName: 'organizations',
    org: false,
    icon: 'building',
    Component: lazyScreen(() => import('@/features/organizations/organizations-page')),
  },
  {
    path: '/benchmarks',
    label: 'Benchmarks',
    routeName: 'benchmarks',
    org: false,
    icon: 'chip',
    Component: lazyScreen(() => import('@/features/benchmarks/benchmarks-page')),
  },
];

/**
 * Starts fetching the code of the screen at `pathname` (issue 25 'Screen speed'): called as the app boots, so the
 * screen's chunk downloads while the configuration, the sign-in and the current user load instead of after them.
 */
export function preloadScreenAt(pathname: string): void {
  const screen = screens.find((s) => matchPath(s.path, pathname)) ?? (pathname === '/' ? screens[0] : undefined);
  void screen?.Component.preload().catch(() => undefined);
}
