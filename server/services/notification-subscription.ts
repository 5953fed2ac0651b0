// A member's alarm subscriptions in one organization (spec 2 §3 'Subscription edit'): users edit their own, user
// administrators of the organization its members' (spec 1 §6 'canEditNotifications').
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { subscriptionEditEndpoint, subscriptionEndpoint } from '@/contracts/notification';
import { CANNOT_EDIT_NOTIFICATIONS, type AlarmSubscription } from '@/domain/notification';
import { Permission } from '@/domain/permissions';
import type { Database, Queryable } from '../db/client';
import type { SignedInUser } from './callers';
import { DomainError } from './errors';

export const TIME_ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

/** The member whose subscriptions are read or saved, once the caller may do so. */
async function memberFor(
  db: Queryable,
  caller: SignedInUser,
  permissions: ReadonlySet<number>,
  userId: number,
  organizationId: number,
) {
  if (userId !== caller.id && !permissions.has(Permission.UserAdministration))
    throw new DomainError('Forbidden', CANNOT_EDIT_NOTIFICATIONS);
  const [m] = await db.query<{ email: string; settings: Record<string, unknown>; iana_timezone_id: string }>(
    'SELECT u.email, u.settings, u.iana_timezone_id FROM users u JOIN user_organizations uo ON uo.user_id = u.id AND uo.organization_id = $2 WHERE u.id = $1 AND u.deleted_at IS NULL',
    [userId, organizationId],
  );
  if (!m) throw new DomainError('NotFound', 'User not found in this organization');
  return m;
}

async function optionsFor(db: Queryable, organizationId: number) {
  const opts = await db.query<{ id: number; name: string; kind: string }>(
    "SELECT id, name, kind FROM site_options WHERE organization_id = $1 AND kind IN ('businessUnit', 'assetArea') ORDER BY lower(name), id",
    [organizationId],
  );
  const groups = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM site_groups WHERE organization_id = $1 ORDER BY lower(name), id',
    [organizationId],
  );
  const of = (kind: string) => opts.filter((o) => o.kind === kind).map((o) => ({ id: o.id, name: o.name }));
  return { businessUnits: of('businessUnit'), assetAreas: of('assetArea'), siteGroups: groups };
}

export async function loadSubscriptions(
  database: Database,
  user: SignedInUser,
  permissions: ReadonlySet<number>,
  organizationId: number,
  query: z.infer<NonNullable<(typeof subscriptionEndpoint)['query']>>,
) {
  const member = await memberFor(database, user, permissions, query.userId, organizationId);
  const [row] = await database.query<{
    iana_timezone_id: string;
    time_format: number;
    business_unit_ids: number[];
    asset_area_ids: number[];
    site_group_ids: number[];
    alarm_subscriptions: AlarmSubscription[];
    unsubscribed_at: Date | null;
  }>(
    "SELECT * FROM notification_subscriptions WHERE user_id = $1 AND organization_id = $2 AND notification_type = 'Alarm'",
    [query.userId, organizationId],
  );
  const settingsTz = member.iana_timezone_id;
  const live = row && row.unsubscribed_at === null;
  return {
    userId: query.userId,
    organizationId: organizationId,
    userEmail: member.email,
    ianaTimezoneId: row?.iana_timezone_id ?? settingsTz,
    timeFormat: row?.time_format ?? (member.settings.timeFormat === '24-hr' ? 1 : 0),
    businessUnitIds: row?.business_unit_ids ?? [],
    assetAreaIds: row?.asset_area_ids ?? [],
    siteGroupIds: row?.site_group_ids ?? [],
    // An unsubscribed set reads as empty: subscribing again starts from nothing.
    alarmSubscriptions: live ? row.alarm_subscriptions : [],
    options: await optionsFor(database, organizationId),
  };
}

export async function saveSubscriptions(
  database: Database,
  user: SignedInUser,
  permissions: ReadonlySet<number>,
  organizationId: number,
  body: z.infer<NonNullable<(typeof subscriptionEditEndpoint)['body']>>,
) {
  await memberFor(database, user, permissions, body.userId, organizationId);
  const problems: Record<string, string[]> = {};
  if (!TIME_ZONES.includes(body.ianaTimezoneId) && body.ianaTimezoneId !== 'UTC')
    problems.ianaTimezoneId = ['Choose a time zone from the list'];
  const opts = await optionsFor(database, organizationId);
  const known = (ids: number[], list: { id: number }[]) => ids.every((id) => list.some((o) => o.id === id));
  if (!known(body.businessUnitIds, opts.businessUnits))
    problems.businessUnitIds = ['Choose business units of this organization'];
  if (!known(body.assetAreaIds, opts.assetAreas)) problems.assetAreaIds = ['Choose asset areas of this organization'];
  if (!known(body.siteGroupIds, opts.siteGroups)) problems.siteGroupIds = ['Choose site groups of this organization'];
  const seen = new Set(body.alarmSubscriptions.map((s) => `${s.alarmType}:${s.measurementTypeId}:${s.frequency}`));
  if (seen.size !== body.alarmSubscriptions.length)
    problems.alarmSubscriptions = ['Each alarm and frequency can be subscribed once'];
  if (Object.keys(problems).length) throw new DomainError('Invalid', 'The request is not valid.', problems);
  await database.query(
    `INSERT INTO notification_subscriptions (user_id, organization_id, token, notification_type, iana_timezone_id, time_format, business_unit_ids, asset_area_ids, site_group_ids, alarm_subscriptions)
         VALUES ($1, $2, $3, 'Alarm', $4, $5, $6, $7, $8, $9::jsonb)
         ON CONFLICT (user_id, organization_id, notification_type) DO UPDATE SET iana_timezone_id = $4, time_format = $5, business_unit_ids = $6, asset_area_ids = $7,
           site_group_ids = $8, alarm_subscriptions = $9::jsonb, unsubscribed_at = NULL, updated_at = now()`,
    [
      body.userId,
      organizationId,
      randomBytes(24).toString('base64url'),
      body.ianaTimezoneId,
      body.timeFormat,
      body.businessUnitIds,
      body.assetAreaIds,
      body.siteGroupIds,
      JSON.stringify(body.alarmSubscriptions),
    ],
  );
  return { ok: true as const };
}
