// Drizzle mirror of server/db/migrations/*.sql (the SQL files are the source of truth).
import { sql } from 'drizzle-orm';
import { bigserial, boolean, doublePrecision, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  singleSignOnEnabled: boolean('single_sign_on_enabled').notNull().default(false),
  domains: jsonb('domains').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  customerSuccessReps: jsonb('customer_success_reps').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  salesReps: jsonb('sales_reps').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  orgContacts: jsonb('org_contacts').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  cspFrameAncestorDomain: text('csp_frame_ancestor_domain'),
  iframeSrcUrls: jsonb('iframe_src_urls').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  supportEmail: text('support_email').notNull().default('support@example.com'),
  createdAt: ts('created_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').$type<'organization' | 'qube'>().notNull(),
  organizationId: integer('organization_id'),
  permissions: jsonb('permissions').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  signOnMethod: text('sign_on_method').$type<'EmailPassword' | 'SSO'>().notNull().default('EmailPassword'),
  isQubeUser: boolean('is_qube_user').notNull().default(false),
  qubeRoleId: integer('qube_role_id'),
  ianaTimezoneId: text('iana_timezone_id').notNull().default('America/Edmonton'),
  userStatus: text('user_status').notNull().default('CONFIRMED'),
  cognitoUserId: text('cognito_user_id').notNull(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  lastOrganizationId: integer('last_organization_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

export const userOrganizations = pgTable(
  'user_organizations',
  {
    userId: integer('user_id').notNull(),
    organizationId: integer('organization_id').notNull(),
    roleId: integer('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] })],
);

export const siteOptions = pgTable('site_options', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  parentId: integer('parent_id'),
  organizationId: integer('organization_id'),
});

export const siteGroups = pgTable('site_groups', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id').notNull(),
  name: text('name').notNull(),
});

export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id').notNull(),
  name: text('name').notNull(),
  alias: text('alias'),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  businessUnitId: integer('business_unit_id'),
  assetAreaId: integer('asset_area_id'),
  countryId: integer('country_id'),
  stateProvinceId: integer('state_province_id'),
  regulationId: integer('regulation_id'),
  regulatorySiteTypeId: integer('regulatory_site_type_id'),
  genericSiteTypeId: integer('generic_site_type_id'),
  basinId: integer('basin_id'),
  industrySegmentId: integer('industry_segment_id'),
  fluidTypeId: integer('fluid_type_id'),
  modellingPipelineIsOn: boolean('modelling_pipeline_is_on').notNull().default(false),
  modelLastRunTime: ts('model_last_run_time'),
  modelProcessedUpTo: ts('model_processed_up_to'),
  notificationRequired: boolean('notification_required').notNull().default(false),
  specialTicketsRequired: boolean('special_tickets_required').notNull().default(false),
  workPermitRequired: boolean('work_permit_required').notNull().default(false),
  accessNotes: text('access_notes'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

export const siteSiteGroups = pgTable(
  'site_site_groups',
  { siteId: integer('site_id').notNull(), siteGroupId: integer('site_group_id').notNull() },
  (t) => [primaryKey({ columns: [t.siteId, t.siteGroupId] })],
);

export const devices = pgTable('devices', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  organizationId: integer('organization_id'),
  deviceType: text('device_type').$type<'Qube' | 'QubeLite' | 'QubeCamera'>().notNull(),
  particleOnlineStatus: boolean('particle_online_status'),
  thirdPartySerialNumber: text('third_party_serial_number'),
  thirdPartyId: text('third_party_id'),
  pcbQrCode: text('pcb_qr_code'),
  hardwareContent: text('hardware_content'),
  sensorConfigurationVersionId: integer('sensor_configuration_version_id'),
  rmxGen: text('rmx_gen'),
  particleFirmwareVersion: text('particle_firmware_version'),
  particleTargetedFirmwareVersion: text('particle_targeted_firmware_version'),
  particleLastHeardAt: ts('particle_last_heard_at'),
  particleLastHandshakeAt: ts('particle_last_handshake_at'),
  particleNotes: text('particle_notes'),
  hardware: jsonb('hardware').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
  serialNumbers: jsonb('serial_numbers').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  inletVentDcaCleanoutTime: ts('inlet_vent_dca_cleanout_time'),
  productionNotes: text('production_notes'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const deviceHardwareOptions = pgTable('device_hardware_options', {
  id: serial('id').primaryKey(),
  item: text('item').notNull(),
  name: text('name').notNull(),
});

export const deviceInstallations = pgTable('device_installations', {
  id: serial('id').primaryKey(),
  deviceId: integer('device_id').notNull(),
  siteId: integer('site_id').notNull(),
  installationType: integer('installation_type').notNull().default(0),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  startedAt: ts('started_at').notNull(),
  endedAt: ts('ended_at'),
  quarantinedAt: ts('quarantined_at'),
  height: doublePrecision('height'),
  azimuth: doublePrecision('azimuth'),
  installedBy: text('installed_by'),
  uninstalledBy: text('uninstalled_by'),
  quarantineNotes: text('quarantine_notes'),
});

export const deviceEvents = pgTable('device_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  deviceId: integer('device_id').notNull(),
  siteId: integer('site_id'),
  time: ts('time').notNull(),
  eventCode: integer('event_code').notNull(),
  message: text('message').notNull(),
  parameters: text('parameters'),
  firmwareVersion: text('firmware_version'),
});

export const notificationSubscriptions = pgTable('notification_subscriptions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  organizationId: integer('organization_id').notNull(),
  token: text('token').notNull(),
  notificationType: text('notification_type').notNull().default('Alarm'),
  createdAt: ts('created_at').notNull().defaultNow(),
  unsubscribedAt: ts('unsubscribed_at'),
});

export const auditEntries = pgTable('audit_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  entityType: text('entity_type').notNull(),
  entityId: text('entity_id').notNull(),
  organizationId: integer('organization_id'),
  time: ts('time').notNull().defaultNow(),
  userId: integer('user_id'),
  userName: text('user_name').notNull(),
  changes: jsonb('changes').$type<{ name: string; oldValue: unknown; newValue: unknown }[]>().notNull(),
});

export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: ts('expires_at'),
    consumedAt: ts('consumed_at'),
  },
  (t) => [primaryKey({ columns: [t.id, t.type] })],
);
