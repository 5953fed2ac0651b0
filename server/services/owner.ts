// Who owns a linked record (issue 25 'Deep links land'): the organization that owns a site, device, alarm,
// emission or inspection, for a user who may see it, so a link opens in the right organization. Unknown records and
// records of organizations the user does not belong to answer the same 404, so ids cannot be probed.
import { decodeAlarmId } from '@/domain/alarm';
import { OWNER_NOT_FOUND, type Owner, type OwnerQuery } from '@/contracts/owner';
import type { Queryable } from '../db/client';
import type { SignedInUser } from './callers';
import { DomainError } from './errors';
import { accessToOrganization } from './signed-in-user';

type OwnerRow = {
  organization_id: number;
  organization_name: string;
  site_id: number | null;
  time_ms: string | number | null;
};

const numericId = (raw: string): number | null =>
  /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647 ? Number(raw) : null;

/** One indexed lookup per kind; the organization comes from the record's site (devices carry their own). */
async function ownerRow(db: Queryable, q: OwnerQuery): Promise<OwnerRow | null> {
  const orgJoin = 'JOIN organizations o ON o.id = s.organization_id';
  if (q.kind === 'device') {
    const [row] = await db.query<OwnerRow>(
      `SELECT d.organization_id, o.name AS organization_name,
              (SELECT i.site_id FROM device_installations i WHERE i.device_id = d.id ORDER BY i.started_at DESC LIMIT 1) AS site_id, NULL AS time_ms
         FROM devices d JOIN organizations o ON o.id = d.organization_id WHERE d.name = $1`,
      [q.id],
    );
    return row ?? null;
  }
  const id = q.kind === 'alarm' ? decodeAlarmId(q.id) : numericId(q.id);
  if (id === null) return null;
  const sql: Record<Exclude<OwnerQuery['kind'], 'device'>, string> = {
    site: `SELECT s.organization_id, o.name AS organization_name, s.id AS site_id, NULL AS time_ms FROM sites s ${orgJoin} WHERE s.id = $1`,
    alarm: `SELECT s.organization_id, o.name AS organization_name, s.id AS site_id, extract(epoch FROM a.start_time) * 1000 AS time_ms
              FROM alarms a JOIN sites s ON s.id = a.site_id AND s.deleted_at IS NULL ${orgJoin} WHERE a.id = $1`,
    emission: `SELECT s.organization_id, o.name AS organization_name, s.id AS site_id, extract(epoch FROM e.start_time) * 1000 AS time_ms
                 FROM emissions e JOIN sites s ON s.id = e.site_id ${orgJoin} WHERE e.id = $1`,
    inspection: `SELECT s.organization_id, o.name AS organization_name, s.id AS site_id, extract(epoch FROM n.time) * 1000 AS time_ms
                   FROM inspections n JOIN sites s ON s.id = n.site_id ${orgJoin} WHERE n.id = $1`,
  };
  const [row] = await db.query<OwnerRow>(sql[q.kind], [id]);
  return row ?? null;
}

export async function ownerForUser(db: Queryable, user: SignedInUser, q: OwnerQuery): Promise<Owner> {
  const row = await ownerRow(db, q);
  if (!row || !(await accessToOrganization(db, user, row.organization_id)).ok)
    throw new DomainError('NotFound', OWNER_NOT_FOUND);
  return {
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    siteId: row.site_id,
    time: row.time_ms === null ? null : new Date(Number(row.time_ms)).toISOString(),
  };
}
