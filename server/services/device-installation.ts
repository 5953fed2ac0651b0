// Device installations (spec 2 §3 'Device installation', §5): start, end and quarantine, each audited on the device.
import type { Installation } from '@/contracts/device';
import { parseLatLng, roundForStorage } from '@/domain/coordinates';
import {
  INSTALLATION_START_BEFORE_LATEST,
  INSTALLATION_START_IN_FUTURE,
  quarantineBlocked,
  quarantineOptions,
  type DeviceKind,
} from '@/domain/device-form';
import { DeviceInstallationType } from '@/domain/enums';
import type { Database, Queryable } from '../db/client';
import { DomainError } from './errors';
import { recordAudit } from './audit';
import type { SignedInUser } from './callers';
import type { z } from 'zod';
import type {
  changeQuarantineEndpoint,
  deviceInstallationsEndpoint,
  endInstallationEndpoint,
  startInstallationEndpoint,
  willQuarantineStopPipelineEndpoint,
} from '@/contracts/device';

interface DeviceState {
  id: number;
  name: string;
  device_type: DeviceKind;
  installation_id: number | null;
  site_id: number | null;
  site_name: string | null;
  installation_type: number | null;
}

const invalid = (field: string, message: string) =>
  new DomainError('Invalid', 'The request is not valid.', { [field]: [message] });

async function deviceState(
  db: Queryable,
  deviceId: number,
  organizationId: number,
  lock = false,
): Promise<DeviceState> {
  const [d] = await db.query<DeviceState & Record<string, unknown>>(
    `SELECT d.id, d.name, d.device_type, i.id AS installation_id, i.site_id, s.name AS site_name, i.installation_type
       FROM devices d LEFT JOIN device_installations i ON i.device_id = d.id AND i.ended_at IS NULL LEFT JOIN sites s ON s.id = i.site_id
      WHERE d.id = $1 AND d.organization_id = $2 ${lock ? 'FOR UPDATE OF d' : ''}`,
    [deviceId, organizationId],
  );
  // Another organization's device is as unknown as a missing one.
  if (!d) throw invalid('deviceId', 'Device not found');
  return d;
}

/**
 * True when the device is the site's last Active gas-measuring device (cameras do not feed the model) and the site's
 * model runs: quarantining it stops the model.
 */
async function quarantineStopsPipeline(db: Queryable, d: DeviceState): Promise<boolean> {
  if (d.installation_id === null || d.installation_type !== DeviceInstallationType.values.Active) return false;
  const [row] = await db.query<{ on: boolean; others: string | number }>(
    `SELECT s.modelling_pipeline_is_on AS on,
            (SELECT count(*) FROM device_installations i JOIN devices d ON d.id = i.device_id
              WHERE i.site_id = s.id AND i.ended_at IS NULL AND i.installation_type = 0 AND i.device_id <> $2 AND d.device_type <> 'QubeCamera') AS others
       FROM sites s WHERE s.id = $1`,
    [d.site_id, d.id],
  );
  return Boolean(row?.on) && Number(row?.others ?? 0) === 0;
}

const installSelect = `SELECT i.id, i.device_id, i.site_id, s.name AS site_name, i.started_at, i.ended_at, i.latitude, i.longitude, i.height, i.azimuth,
                              i.installed_by, i.uninstalled_by, i.installation_type, i.quarantine_notes
                         FROM device_installations i JOIN sites s ON s.id = i.site_id`;

interface InstallRow extends Record<string, unknown> {
  id: number;
  device_id: number;
  site_id: number;
  site_name: string;
  started_at: Date | string;
  ended_at: Date | string | null;
  latitude: number;
  longitude: number;
  height: number | null;
  azimuth: number | null;
  installed_by: string | null;
  uninstalled_by: string | null;
  installation_type: number;
  quarantine_notes: string | null;
}

const toInstallation = (r: InstallRow): Installation => ({
  id: r.id,
  deviceId: r.device_id,
  siteId: r.site_id,
  siteName: r.site_name,
  startTime: new Date(r.started_at).toISOString(),
  endTime: r.ended_at === null ? null : new Date(r.ended_at).toISOString(),
  location: { lat: r.latitude, lng: r.longitude },
  height: r.height,
  azimuth: r.azimuth,
  installedBy: r.installed_by,
  uninstalledBy: r.uninstalled_by,
  deviceInstallationType: r.installation_type,
  quarantineNotes: r.quarantine_notes,
});

export async function deviceInstallations(
  database: Database,
  organizationId: number,
  query: z.infer<NonNullable<(typeof deviceInstallationsEndpoint)['query']>>,
) {
  // A read answers 404 for a device it cannot see, like the other device reads (the writes name the field).
  const [known] = await database.query('SELECT 1 FROM devices WHERE id = $1 AND organization_id = $2', [
    query.deviceId,
    organizationId,
  ]);
  if (!known) throw new DomainError('NotFound', 'Device not found');
  const rows = await database.query<InstallRow>(
    `${installSelect} WHERE i.device_id = $1 ORDER BY i.started_at DESC, i.id DESC`,
    [query.deviceId],
  );
  return rows.map(toInstallation);
}

export async function startInstallation(
  database: Database,
  user: SignedInUser,
  organizationId: number,
  body: z.infer<NonNullable<(typeof startInstallationEndpoint)['body']>>,
) {
  return database.transaction(async (tx) => {
    const d = await deviceState(tx, body.deviceId, organizationId, true);
    const [site] = await tx.query<{ id: number; name: string }>(
      'SELECT id, name FROM sites WHERE id = $1 AND organization_id = $2 AND deleted_at IS NULL',
      [body.siteId, organizationId],
    );
    if (!site) throw invalid('siteId', 'Site not found');
    const at = roundForStorage(parseLatLng(body.locationLatLng)!);
    const now = new Date();
    const startsAt = body.startTime === undefined ? now : new Date(body.startTime);
    if (body.startTime !== undefined) {
      if (startsAt.getTime() > now.getTime() + 5 * 60_000) throw invalid('startTime', INSTALLATION_START_IN_FUTURE);
      const [latest] = await tx.query<{ started_at: Date | string | null }>(
        'SELECT max(started_at) AS started_at FROM device_installations WHERE device_id = $1',
        [d.id],
      );
      if (latest?.started_at && new Date(latest.started_at).getTime() >= startsAt.getTime())
        throw invalid('startTime', INSTALLATION_START_BEFORE_LATEST);
    }
    if (d.installation_id !== null) {
      await tx.query('UPDATE device_installations SET ended_at = $1, uninstalled_by = $2 WHERE id = $3', [
        startsAt,
        user.email,
        d.installation_id,
      ]);
    }
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO device_installations (device_id, site_id, installation_type, latitude, longitude, height, azimuth, started_at, installed_by)
           VALUES ($1, $2, 0, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [d.id, site.id, at.lat, at.lng, body.height, body.azimuth, startsAt, user.email],
    );
    await recordAudit(tx, {
      entityType: 'device',
      entityId: d.id,
      organizationId,
      userId: user.id,
      userName: user.email,
      changes: [{ name: 'installation', oldValue: d.site_name, newValue: `${site.name} (${at.lat},${at.lng})` }],
    });
    return row!.id;
  });
}

export async function endInstallation(
  database: Database,
  user: SignedInUser,
  organizationId: number,
  body: z.infer<NonNullable<(typeof endInstallationEndpoint)['body']>>,
) {
  return database.transaction(async (tx) => {
    const d = await deviceState(tx, body.deviceId, organizationId, true);
    if (d.installation_id === null) throw invalid('deviceId', 'The device is not installed');
    await tx.query('UPDATE device_installations SET ended_at = clock_timestamp(), uninstalled_by = $1 WHERE id = $2', [
      user.email,
      d.installation_id,
    ]);
    await recordAudit(tx, {
      entityType: 'device',
      entityId: d.id,
      organizationId,
      userId: user.id,
      userName: user.email,
      changes: [{ name: 'installation', oldValue: d.site_name, newValue: null }],
    });
    return { ok: true as const };
  });
}

export async function willQuarantineStopPipeline(
  database: Database,
  organizationId: number,
  query: z.infer<NonNullable<(typeof willQuarantineStopPipelineEndpoint)['query']>>,
) {
  return quarantineStopsPipeline(database, await deviceState(database, query.deviceId, organizationId));
}

export async function changeQuarantine(
  database: Database,
  user: SignedInUser,
  organizationId: number,
  body: z.infer<NonNullable<(typeof changeQuarantineEndpoint)['body']>>,
) {
  return database.transaction(async (tx) => {
    const d = await deviceState(tx, body.deviceId, organizationId, true);
    const blocked = quarantineBlocked(d.device_type, d.installation_id !== null);
    if (blocked) throw invalid('deviceId', blocked);
    if (!quarantineOptions(d.device_type).some((o) => o.value === body.newDeviceInstallationType)) {
      throw invalid('newDeviceInstallationType', 'Wind quarantine is only available for Qube devices');
    }
    const active = body.newDeviceInstallationType === DeviceInstallationType.values.Active;
    const stops = !active && (await quarantineStopsPipeline(tx, d));
    const notes = active ? null : body.quarantineNotes?.trim() || null;
    await tx.query(
      `UPDATE device_installations SET installation_type = $1, quarantine_notes = $2,
                  quarantined_at = CASE WHEN $1 = 0 THEN NULL WHEN installation_type = $1 THEN quarantined_at ELSE clock_timestamp() END
            WHERE id = $3`,
      [body.newDeviceInstallationType, notes, d.installation_id],
    );
    await recordAudit(tx, {
      entityType: 'device',
      entityId: d.id,
      organizationId,
      userId: user.id,
      userName: user.email,
      changes: [
        {
          name: 'deviceInstallationType',
          oldValue: DeviceInstallationType.label(d.installation_type!),
          newValue: DeviceInstallationType.label(body.newDeviceInstallationType),
        },
        ...(notes ? [{ name: 'quarantineNotes', oldValue: null, newValue: notes }] : []),
      ],
    });
    if (stops) {
      await tx.query(
        'UPDATE sites SET modelling_pipeline_is_on = false, updated_at = clock_timestamp() WHERE id = $1',
        [d.site_id],
      );
      await recordAudit(tx, {
        entityType: 'site',
        entityId: d.site_id!,
        organizationId,
        userId: user.id,
        userName: user.email,
        changes: [{ name: 'modellingPipelineIsOn', oldValue: true, newValue: false }],
      });
    }
    return { modellingPipelineStopped: stops };
  });
}
