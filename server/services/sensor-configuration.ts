// Sensor configurations on the server (spec 3 §2, §3, §5, §7): the grid's rows for an organization, versions and their
// history, the bulk upload, and loading a version onto devices through the device cloud. A sensor belongs to the
// organization of the Qube that carries it; sensors no Qube carries are stock, open to every holder of the permission.
import type {
  SensorConfigurationHistoryRow,
  SensorConfigurationRow,
  RmxResult,
} from '@/contracts/sensor-configuration';
import {
  coefficientsProblem,
  normalizeCoefficients,
  rmxArgument,
  SENSOR_CONFIGURATION_COLUMNS,
  SENSOR_CONFIGURATION_MAX_ROWS,
  SENSOR_CONFIGURATION_MESSAGES,
  serialProblem,
  SET_RMX_FUNCTION,
} from '@/domain/sensor-configuration';
import type { CsvRow } from '../../src/codec/csv-parse';
import type { Queryable } from '../db/client';
import { breathe } from './file-pool/breathe';
import { readCsvUpload } from './csv-upload';
import { DomainError } from './errors';
import type { DeviceCloud } from './device-cloud/device-cloud';
import { inTransaction } from './transaction';

interface RawRow extends Record<string, unknown> {
  serial: string | null;
  version_id: number | null;
  created_at: Date | string | null;
  coefficients: string | null;
  user_email: string | null;
  device_id: number | null;
  device_name: string | null;
  third_party_id: string | null;
  site_name: string | null;
  online: boolean | null;
  confirmed: number | null;
  sync_success: boolean | null;
  sync_error: string | null;
  sync_time: Date | string | null;
}

const isoOrNull = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

function toRow(r: RawRow): SensorConfigurationRow {
  return {
    sensorSerialNumber: r.serial,
    versionId: r.version_id,
    createdAt: isoOrNull(r.created_at),
    coefficients: r.coefficients,
    deviceId: r.device_id,
    deviceName: r.device_name,
    thirdPartyId: r.third_party_id,
    siteName: r.site_name,
    particleOnlineStatus: r.online,
    syncSuccess: r.sync_success,
    syncError: r.sync_error,
    syncTime: isoOrNull(r.sync_time),
    deviceConfirmedVersionId: r.confirmed,
    userEmail: r.user_email,
  };
}

// The organization's Qubes with their CH4 sensor and where they stand.
const FITTED = `SELECT d.id, d.name, d.third_party_id, d.particle_online_status, d.sensor_configuration_version_id, d.serial_numbers->>'ch4' AS serial, s.name AS site_name
                  FROM devices d LEFT JOIN device_installations i ON i.device_id = d.id AND i.ended_at IS NULL LEFT JOIN sites s ON s.id = i.site_id
                 WHERE d.device_type = 'Qube' AND d.organization_id = $1`;
const LAST_SYNC = `LEFT JOIN LATERAL (SELECT y.success, y.error, y.time FROM sensor_configuration_syncs y
                     WHERE y.sensor_configuration_id = c.id AND y.device_id = f.id ORDER BY y.time DESC, y.id DESC LIMIT 1) y ON true`;
const COLUMNS = `coalesce(c.sensor_serial_number, f.serial) AS serial, c.id AS version_id, c.created_at, c.coefficients, c.user_email,
                 f.id AS device_id, f.name AS device_name, f.third_party_id, f.site_name, f.particle_online_status AS online,
                 f.sensor_configuration_version_id AS confirmed, y.success AS sync_success, y.error AS sync_error, y.time AS sync_time`;
const CARRIED = `EXISTS (SELECT 1 FROM devices o WHERE o.device_type = 'Qube' AND o.serial_numbers->>'ch4' = c.sensor_serial_number)`;

/** Every Qube of the organization (configured or not) and every configured sensor no Qube carries, latest version each. */
export async function loadCurrentSensorConfigurations(
  db: Queryable,
  organizationId: number,
): Promise<SensorConfigurationRow[]> {
  const rows = await db.query<RawRow>(
    `WITH f AS (${FITTED}),
          c AS (SELECT DISTINCT ON (sensor_serial_number) * FROM sensor_configurations ORDER BY sensor_serial_number, id DESC)
     SELECT ${COLUMNS}
       FROM f FULL JOIN c ON c.sensor_serial_number = f.serial
       ${LAST_SYNC}
      WHERE f.id IS NOT NULL OR NOT ${CARRIED}
      ORDER BY f.name NULLS LAST, c.sensor_serial_number`,
    [organizationId],
  );
  return rows.map(toRow);
}

/** The organizations of the Qubes carrying a sensor (empty for stock). */
async function ownersOf(db: Queryable, serial: string): Promise<number[]> {
  const rows = await db.query<{ organization_id: number }>(
    "SELECT DISTINCT organization_id FROM devices WHERE device_type = 'Qube' AND serial_numbers->>'ch4' = $1",
    [serial],
  );
  return rows.map((r) => r.organization_id);
}

/** A sensor the organization may configure: stock, or carried by one of its Qubes. */
async function assertSensorOpen(db: Queryable, organizationId: number, serial: string): Promise<void> {
  const owners = await ownersOf(db, serial);
  if (owners.length > 0 && !owners.includes(organizationId)) {
    throw new DomainError('Invalid', 'The request is not valid.', {
      sensorSerialNumber: [SENSOR_CONFIGURATION_MESSAGES.otherOrganization],
    });
  }
}

/** Saves a new version unless the coefficients equal the latest; answers the version id and whether one was added. */
export async function addSensorConfiguration(
  db: Queryable,
  organizationId: number,
  serialText: string,
  coefficientsText: string,
  userEmail: string,
): Promise<{ versionId: number; added: boolean }> {
  const problems: Record<string, string[]> = {};
  const serialIssue = serialProblem(serialText);
  const coefficientsIssue = coefficientsProblem(coefficientsText);
  if (serialIssue) problems.sensorSerialNumber = [serialIssue];
  if (coefficientsIssue) problems.coefficients = [coefficientsIssue];
  if (Object.keys(problems).length) throw new DomainError('Invalid', 'The request is not valid.', problems);
  const serial = serialText.trim();
  await assertSensorOpen(db, organizationId, serial);
  const coefficients = normalizeCoefficients(coefficientsText);
  const [latest] = await db.query<{ id: number; coefficients: string }>(
    'SELECT id, coefficients FROM sensor_configurations WHERE sensor_serial_number = $1 ORDER BY id DESC LIMIT 1',
    [serial],
  );
  if (latest && latest.coefficients === coefficients) return { versionId: latest.id, added: false };
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO sensor_configurations (sensor_serial_number, coefficients, user_email) VALUES ($1, $2, $3) RETURNING id',
    [serial, coefficients, userEmail],
  );
  return { versionId: row!.id, added: true };
}

/** Every version of a sensor, or of every sensor a device carries or was sent, newest first, each with its last sync. */
export async function loadSensorConfigurationHistory(
  db: Queryable,
  organizationId: number,
  by: { deviceId: number } | { sensorSerialNumber: string },
): Promise<SensorConfigurationHistoryRow[]> {
  let rows: RawRow[];
  if ('deviceId' in by) {
    const [device] = await db.query<{ id: number }>(
      "SELECT id FROM devices WHERE id = $1 AND organization_id = $2 AND device_type = 'Qube'",
      [by.deviceId, organizationId],
    );
    if (!device) throw new DomainError('NotFound', 'Device not found');
    rows = await db.query<RawRow>(
      `WITH f AS (${FITTED} AND d.id = $2)
       SELECT ${COLUMNS} FROM f JOIN sensor_configurations c
           ON c.sensor_serial_number = f.serial OR c.id IN (SELECT sensor_configuration_id FROM sensor_configuration_syncs WHERE device_id = f.id)
         ${LAST_SYNC}
        ORDER BY c.id DESC`,
      [organizationId, device.id],
    );
  } else {
    const serial = by.sensorSerialNumber.trim();
    const owners = await ownersOf(db, serial);
    if (owners.length > 0 && !owners.includes(organizationId)) throw new DomainError('NotFound', 'Sensor not found');
    rows = await db.query<RawRow>(
      `WITH f AS (${FITTED} AND d.serial_numbers->>'ch4' = $2)
       SELECT ${COLUMNS} FROM sensor_configurations c LEFT JOIN f ON true
         ${LAST_SYNC}
        WHERE c.sensor_serial_number = $2
        ORDER BY c.id DESC`,
      [organizationId, serial],
    );
    if (rows.length === 0 && owners.length === 0) throw new DomainError('NotFound', 'Sensor not found');
  }
  return rows.map((r) => toRow(r) as SensorConfigurationHistoryRow);
}

/** Reads the uploaded CSV and saves a version for every row whose coefficients changed: every row or none. */
export async function applySensorConfigurationUpload(
  db: Queryable,
  bytes: Uint8Array,
  organizationId: number,
  userEmail: string,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const { rows, errors } = await readCsvUpload(
      bytes,
      SENSOR_CONFIGURATION_COLUMNS,
      SENSOR_CONFIGURATION_MAX_ROWS,
      'The file has no sensor configuration rows.',
    );
    const seen = new Map<string, number>();
    const valid: { row: number; serial: string; coefficients: string }[] = [];
    for (const [i, r] of (rows as CsvRow<string>[]).entries()) {
      await breathe(i);
      const serial = (r.values.sensorSerialNumber ?? '').trim();
      const coefficients = r.values.coefficients ?? '';
      const problems = [serialProblem(serial), coefficientsProblem(coefficients)].filter(
        (p): p is string => p !== null,
      );
      if (!problems.length) {
        const owners = await ownersOf(tx, serial);
        if (owners.length > 0 && !owners.includes(organizationId))
          problems.push(SENSOR_CONFIGURATION_MESSAGES.otherOrganization);
        const earlier = seen.get(serial);
        if (earlier !== undefined) problems.push(`Sensor ${serial} is also on row ${earlier}.`);
        seen.set(serial, r.row);
      }
      if (problems.length) (errors[`Row ${r.row}`] ??= []).push(...problems);
      else valid.push({ row: r.row, serial, coefficients });
    }
    if (Object.keys(errors).length)
      throw new DomainError('Invalid', 'The file has problems; nothing was changed.', errors);
    let count = 0;
    for (const [i, v] of valid.entries())
      if (
        (await breathe(i), await addSensorConfiguration(tx, organizationId, v.serial, v.coefficients, userEmail)).added
      )
        count++;
    return count;
  });
}

/** Loads each device's latest version through the device cloud and records every attempt. */
export async function setRmxCoefficients(
  db: Queryable,
  cloud: DeviceCloud,
  organizationId: number,
  deviceIds: readonly number[],
  userEmail: string,
): Promise<RmxResult[]> {
  const devices = await db.query<{
    id: number;
    name: string;
    online: boolean | null;
    version_id: number | null;
    coefficients: string | null;
    site_id: number | null;
  }>(
    `SELECT d.id, d.name, d.particle_online_status AS online, c.id AS version_id, c.coefficients, i.site_id
       FROM devices d
       LEFT JOIN LATERAL (SELECT id, coefficients FROM sensor_configurations WHERE sensor_serial_number = d.serial_numbers->>'ch4' ORDER BY id DESC LIMIT 1) c ON true
       LEFT JOIN device_installations i ON i.device_id = d.id AND i.ended_at IS NULL
      WHERE d.id = ANY($1::int[]) AND d.organization_id = $2 AND d.device_type = 'Qube' ORDER BY d.name`,
    [[...new Set(deviceIds)], organizationId],
  );
  if (devices.length !== new Set(deviceIds).size) throw new DomainError('NotFound', 'Device not found');
  const results: RmxResult[] = [];
  for (const d of devices) {
    if (d.version_id === null || d.coefficients === null) {
      results.push({
        deviceId: d.id,
        deviceName: d.name,
        success: false,
        error: 'The sensor has no configuration yet',
      });
      continue;
    }
    const argument = rmxArgument(d.version_id, d.coefficients);
    const outcome = await cloud.call(db, { id: d.id, name: d.name, online: d.online }, SET_RMX_FUNCTION, argument);
    await db.query(
      'INSERT INTO sensor_configuration_syncs (sensor_configuration_id, device_id, success, error, user_email) VALUES ($1, $2, $3, $4, $5)',
      [d.version_id, d.id, outcome.success, outcome.error, userEmail],
    );
    await db.query(
      'INSERT INTO cloud_function_calls (device_id, site_id, function_type, argument, success, error, user_name) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [d.id, d.site_id, SET_RMX_FUNCTION, argument, outcome.success, outcome.error, userEmail],
    );
    results.push({ deviceId: d.id, deviceName: d.name, success: outcome.success, error: outcome.error });
  }
  return results;
}
