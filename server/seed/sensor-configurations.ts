// Demo sensor configurations: most Qubes' CH4 sensors have one to three coefficient versions; most devices run the
// latest, some were sent it but have not confirmed, some failed to take it, some never got it; a few Qubes are not
// configured, and a dozen configured sensors sit in stock on no device.
import type { Database } from '../db/client';
import type { Random } from './random';

const AUTHORS = ['calibration@example.com', 'production@example.com', 'qube.admin@example.com'];

function coefficients(r: Random): string {
  const gain = (0.95 + r.next() * 0.1).toFixed(4);
  const offset = ((r.next() - 0.5) * 0.02).toFixed(5);
  const quadratic = ((r.next() - 0.5) * 4e-5).toExponential(2);
  const temperature = ((r.next() - 0.5) * 0.004).toFixed(5);
  return [gain, offset, quadratic, temperature].join(', ');
}

export async function seedSensorConfigurations(database: Database, r: Random, now: Date): Promise<number> {
  const qubes = await database.query<{ id: number; serial: string; online: boolean | null }>(
    "SELECT id, serial_numbers->>'ch4' AS serial, particle_online_status AS online FROM devices WHERE device_type = 'Qube' AND serial_numbers ? 'ch4' ORDER BY id",
  );
  const configs: { serial: string; coefficients: string; created: Date; author: string }[] = [];
  const plans: { deviceId: number; serial: string; versions: number; fate: number; online: boolean | null }[] = [];
  for (const q of qubes) {
    if (r.chance(0.08)) continue; // not configured
    const versions = r.int(1, 3);
    const first = now.getTime() - (60 + r.next() * 300) * 86_400_000;
    for (let v = 0; v < versions; v++)
      configs.push({
        serial: q.serial,
        coefficients: coefficients(r),
        created: new Date(first + v * (20 + r.next() * 30) * 86_400_000),
        author: r.pick(AUTHORS),
      });
    plans.push({ deviceId: q.id, serial: q.serial, versions, fate: r.next(), online: q.online });
  }
  for (let k = 0; k < 12; k++)
    configs.push({
      serial: String(90_000_000 + k * 137),
      coefficients: coefficients(r),
      created: new Date(now.getTime() - r.next() * 90 * 86_400_000),
      author: r.pick(AUTHORS),
    });

  const ids = await database.query<{ id: number; sensor_serial_number: string }>(
    `INSERT INTO sensor_configurations (sensor_serial_number, coefficients, created_at, user_email)
     SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[]) ORDER BY 3 RETURNING id, sensor_serial_number`,
    [
      configs.map((c) => c.serial),
      configs.map((c) => c.coefficients),
      configs.map((c) => c.created.toISOString()),
      configs.map((c) => c.author),
    ],
  );
  const versionsOf = new Map<string, number[]>();
  for (const row of ids)
    (
      versionsOf.get(row.sensor_serial_number) ??
      versionsOf.set(row.sensor_serial_number, []).get(row.sensor_serial_number)!
    ).push(row.id);
  for (const list of versionsOf.values()) list.sort((a, b) => a - b);

  const syncs: [number, number, string, boolean, string | null][] = [];
  const confirmed: [number, number | null][] = [];
  for (const p of plans) {
    const versions = versionsOf.get(p.serial)!;
    const latest = versions[versions.length - 1]!;
    const previous = versions.length > 1 ? versions[versions.length - 2]! : null;
    const at = new Date(now.getTime() - r.next() * 30 * 86_400_000).toISOString();
    if (previous !== null)
      syncs.push([
        previous,
        p.deviceId,
        new Date(now.getTime() - (40 + r.next() * 30) * 86_400_000).toISOString(),
        true,
        null,
      ]);
    if (p.fate < 0.72) {
      syncs.push([latest, p.deviceId, at, true, null]);
      confirmed.push([p.deviceId, latest]);
    } else if (p.fate < 0.8) {
      syncs.push([latest, p.deviceId, at, true, null]); // sent, but the device still reports the version before
      confirmed.push([p.deviceId, previous]);
    } else if (p.fate < 0.87) {
      syncs.push([latest, p.deviceId, at, false, 'Timed out: the device is not connected to the device cloud']);
      confirmed.push([p.deviceId, previous]);
    } else {
      confirmed.push([p.deviceId, previous]);
    }
  }
  await database.query(
    `INSERT INTO sensor_configuration_syncs (sensor_configuration_id, device_id, time, success, error, user_email)
     SELECT v, d, t, s, e, 'calibration@example.com' FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::bool[], $5::text[]) AS x(v, d, t, s, e)`,
    [
      syncs.map((s) => s[0]),
      syncs.map((s) => s[1]),
      syncs.map((s) => s[2]),
      syncs.map((s) => s[3]),
      syncs.map((s) => s[4]),
    ],
  );
  await database.query("UPDATE devices SET sensor_configuration_version_id = NULL WHERE device_type = 'Qube'");
  await database.query(
    'UPDATE devices d SET sensor_configuration_version_id = x.v FROM unnest($1::int[], $2::int[]) AS x(id, v) WHERE d.id = x.id',
    [confirmed.map((c) => c[0]), confirmed.map((c) => c[1])],
  );
  return configs.length;
}
