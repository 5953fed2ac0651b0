// Cloud functions (spec 2 §2 'Cloud function dialogs'): through the device cloud adapter, Qube devices only, every call
// recorded with its result.
import type { z } from 'zod';
import type {
  callDeviceCloudFunctionEndpoint,
  callSiteCloudFunctionEndpoint,
  cloudFunctionHistoryEndpoint,
} from '@/contracts/device';
import { argumentWith, type cloudFunctionCallSchema } from '@/domain/cloud-function';
import type { Database, Queryable } from '../db/client';
import type { SignedInUser } from './callers';
import { deviceCloud as cloud } from './device-cloud';
import { DomainError } from './errors';

const QUBE_ONLY = 'Only Qube devices support cloud functions';

/** The definition named, and the argument to send (XXX replaced by the parameter). */
function prepared(body: z.infer<typeof cloudFunctionCallSchema>): { functionType: string; argument: string } {
  const def = cloud.functions().find((f) => f.functionType === body.functionType);
  if (!def)
    throw new DomainError('Invalid', 'The request is not valid.', {
      functionType: ['Not a cloud function of this device cloud'],
    });
  if (def.paramsRequired && !body.parameter?.trim())
    throw new DomainError('Invalid', 'The request is not valid.', { parameter: ['Parameter is required'] });
  return { functionType: def.functionType, argument: argumentWith(def.argument, body.parameter, def.paramsRequired) };
}

async function callAndRecord(
  db: Queryable,
  user: SignedInUser,
  device: { id: number; name: string; online: boolean | null },
  call: { functionType: string; argument: string },
  siteId: number | null,
) {
  const result = await cloud.call(db, device, call.functionType, call.argument);
  await db.query(
    'INSERT INTO cloud_function_calls (device_id, site_id, function_type, argument, success, error, user_name) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [device.id, siteId, call.functionType, call.argument, result.success, result.error, user.email],
  );
  return result;
}

export async function callDeviceCloudFunction(
  database: Database,
  user: SignedInUser,
  organizationId: number,
  body: z.infer<NonNullable<(typeof callDeviceCloudFunctionEndpoint)['body']>>,
) {
  const [d] = await database.query<{ id: number; name: string; device_type: string; online: boolean | null }>(
    'SELECT id, name, device_type, particle_online_status AS online FROM devices WHERE id = $1 AND organization_id = $2',
    [body.entityId, organizationId],
  );
  if (!d) throw new DomainError('NotFound', 'Device not found');
  if (d.device_type !== 'Qube') throw new DomainError('Invalid', QUBE_ONLY, { entityId: [QUBE_ONLY] });
  return callAndRecord(database, user, d, prepared(body), null);
}

export async function callSiteCloudFunction(
  database: Database,
  user: SignedInUser,
  organizationId: number,
  body: z.infer<NonNullable<(typeof callSiteCloudFunctionEndpoint)['body']>>,
) {
  const [site] = await database.query<{ id: number }>(
    'SELECT id FROM sites WHERE id = $1 AND organization_id = $2 AND deleted_at IS NULL',
    [body.entityId, organizationId],
  );
  if (!site) throw new DomainError('NotFound', 'Site not found');
  const call = prepared(body);
  const devices = await database.query<{ id: number; name: string; online: boolean | null }>(
    `SELECT d.id, d.name, d.particle_online_status AS online FROM device_installations i JOIN devices d ON d.id = i.device_id
          WHERE i.site_id = $1 AND i.ended_at IS NULL AND d.device_type = 'Qube' ORDER BY d.name`,
    [site.id],
  );
  if (devices.length === 0) return { success: false, error: 'The site has no installed Qube devices' };
  const failures: string[] = [];
  for (const d of devices) {
    const r = await callAndRecord(database, user, d, call, site.id);
    if (!r.success) failures.push(`${d.name}: ${r.error}`);
  }
  return failures.length ? { success: false, error: failures.join('; ') } : { success: true, error: null };
}

export async function cloudFunctionHistory(
  database: Database,
  organizationId: number,
  query: z.infer<NonNullable<(typeof cloudFunctionHistoryEndpoint)['query']>>,
) {
  const [d] = await database.query<{ id: number }>('SELECT id FROM devices WHERE id = $1 AND organization_id = $2', [
    query.deviceId,
    organizationId,
  ]);
  if (!d) throw new DomainError('NotFound', 'Device not found');
  const rows = await database.query<{
    function_type: string;
    argument: string;
    success: boolean;
    error: string | null;
    time: Date | string;
    user_name: string;
    site_name: string | null;
  }>(
    `SELECT c.function_type, c.argument, c.success, c.error, c.time, c.user_name, s.name AS site_name
           FROM cloud_function_calls c LEFT JOIN sites s ON s.id = c.site_id WHERE c.device_id = $1 ORDER BY c.time DESC, c.id DESC LIMIT 500`,
    [d.id],
  );
  return rows.map((r) => ({
    functionName: r.function_type,
    argument: r.argument,
    result: r.success,
    error: r.error,
    time: new Date(r.time).toISOString(),
    userName: r.user_name,
    siteName: r.site_name,
  }));
}
