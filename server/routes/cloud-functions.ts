// Cloud functions (spec 2 §2 'Cloud function dialogs', §7 getParticleCloudFunctions/, callDeviceCloudFunction,
// callSiteCloudFunction, deviceCloudFunctionHistory/): through the device cloud adapter, Qube devices only, every call
// recorded with its result. Gated by ParticleCloudFunctions.
import type { z } from 'zod';
import {
  callDeviceCloudFunctionEndpoint,
  callSiteCloudFunctionEndpoint,
  cloudFunctionHistoryEndpoint,
  cloudFunctionListEndpoint,
} from '@/contracts/device';
import { argumentWith, type cloudFunctionCallSchema } from '@/domain/cloud-functions';
import type { Queryable } from '../db/client';
import { defineRoute } from '../http/define-route';
import type { SignedInUser } from '../services/callers';
import { DomainError } from '../services/errors';
import { deviceCloud as cloud } from '../services/device-cloud';
export const QUBE_ONLY = 'Only Qube devices support cloud functions';

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

const example = { body: { entityId: 1, functionType: 'reboot', argument: 'now', parameter: null } };

export const cloudFunctionRoutes = [
  defineRoute(cloudFunctionListEndpoint, {
    orgScope: false,
    summary: 'The cloud functions the device cloud offers, with their arguments and whether they need a parameter',
    handler: async () => [...cloud.functions()],
  }),
  defineRoute(callDeviceCloudFunctionEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Calls a cloud function on one Qube device; answers its success and error, and records the call',
    example,
    handler: async ({ body: b, organizationId, user, database }) => {
      const [d] = await database.query<{ id: number; name: string; device_type: string; online: boolean | null }>(
        'SELECT id, name, device_type, particle_online_status AS online FROM devices WHERE id = $1 AND organization_id = $2',
        [b.entityId, organizationId],
      );
      if (!d) throw new DomainError('NotFound', 'Device not found');
      if (d.device_type !== 'Qube') throw new DomainError('Invalid', QUBE_ONLY, { entityId: [QUBE_ONLY] });
      return callAndRecord(database, user!, d, prepared(b), null);
    },
  }),
  defineRoute(callSiteCloudFunctionEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Calls a cloud function on every installed Qube device of a site; succeeds when every device did',
    example,
    handler: async ({ body: b, organizationId, user, database }) => {
      const [site] = await database.query<{ id: number }>(
        'SELECT id FROM sites WHERE id = $1 AND organization_id = $2 AND deleted_at IS NULL',
        [b.entityId, organizationId],
      );
      if (!site) throw new DomainError('NotFound', 'Site not found');
      const call = prepared(b);
      const devices = await database.query<{ id: number; name: string; online: boolean | null }>(
        `SELECT d.id, d.name, d.particle_online_status AS online FROM device_installations i JOIN devices d ON d.id = i.device_id
          WHERE i.site_id = $1 AND i.ended_at IS NULL AND d.device_type = 'Qube' ORDER BY d.name`,
        [site.id],
      );
      if (devices.length === 0) return { success: false, error: 'The site has no installed Qube devices' };
      const failures: string[] = [];
      for (const d of devices) {
        const r = await callAndRecord(database, user!, d, call, site.id);
        if (!r.success) failures.push(`${d.name}: ${r.error}`);
      }
      return failures.length ? { success: false, error: failures.join('; ') } : { success: true, error: null };
    },
  }),
  defineRoute(cloudFunctionHistoryEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "A device's cloud function calls, newest first",
    handler: async ({ query, organizationId, database }) => {
      const [d] = await database.query<{ id: number }>(
        'SELECT id FROM devices WHERE id = $1 AND organization_id = $2',
        [query.deviceId, organizationId],
      );
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
    },
  }),
];
