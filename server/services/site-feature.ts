// The rule the site's map features (sources, structures; spec 3 §3, §5) are kept by, written once; each keeps its own
// table. A feature is read only through its site's organization (another organization's answers like an unknown one,
// 404). A write needs the site editable (not deleted, 410), locks the feature it changes, cannot move a feature to
// another site, and is kept in the site's audit as the feature's values before and after ('Source 12 name').
import { parseLatLng, roundForStorage, type LatLng } from '@/domain/coordinates';
import type { SiteRef } from './site';
import type { Queryable } from '../db/client';
import { DomainError } from './errors';
import { auditSiteFeature, checkEditableSite, loadEditSite, type Actor } from './site-edit';
import { inTransaction } from './transaction';

interface SiteFeature {
  id: number;
  siteId: number;
  name: string;
}

/** How one kind of feature is stored, read and audited. Table, alias, columns and SQL are constants, never input. */
interface SiteFeatureKind<T extends SiteFeature, R> {
  /** 'Source', 'Structure': the audit names the feature 'Source 12'. */
  label: string;
  table: 'sources' | 'structures';
  /** The columns a save writes, in the order of the values it gives. */
  columns: readonly string[];
  /** Whether a save sets the row's updated_at. */
  touchUpdatedAt?: boolean;
  /** `select` names the feature's table by this alias and its site as `site`. */
  alias: string;
  select: string;
  toFeature(row: R): T;
  notFound: string;
  /** The values the audit compares. */
  auditValues(feature: T): Record<string, unknown>;
}

export function siteFeatureStore<T extends SiteFeature, R extends Record<string, unknown>>(
  kind: SiteFeatureKind<T, R>,
) {
  const { alias, select, table, columns } = kind;

  const load = async (db: Queryable, organizationId: number, id: number, lock = false): Promise<T> => {
    const [row] = await db.query<R>(
      `${select} WHERE ${alias}.id = $1 AND site.organization_id = $2${lock ? ` FOR UPDATE OF ${alias}` : ''}`,
      [id, organizationId],
    );
    if (!row) throw new DomainError('NotFound', kind.notFound);
    return kind.toFeature(row);
  };

  const audit = (db: Queryable, organizationId: number, actor: Actor, before: T | null, after: T | null, id: number) =>
    auditSiteFeature(
      db,
      { organizationId, siteId: (after ?? before)!.siteId },
      actor,
      `${kind.label} ${id}`,
      before ? kind.auditValues(before) : null,
      after ? kind.auditValues(after) : null,
    );

  /** Writes `values` to `columns` on the row `existingId`, or on a new row of the site; the row's id. */
  const write = async (db: Queryable, siteId: number, existingId: number | null, values: readonly unknown[]) => {
    if (existingId !== null) {
      const set = columns.map((c, i) => `${c} = $${i + 2}`);
      if (kind.touchUpdatedAt) set.push('updated_at = now()');
      await db.query(`UPDATE ${table} SET ${set.join(', ')} WHERE id = $1`, [existingId, ...values]);
      return existingId;
    }
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO ${table} (site_id, ${columns.join(', ')}) VALUES (${['$1', ...columns.map((_, i) => `$${i + 2}`)].join(', ')}) RETURNING id`,
      [siteId, ...values],
    );
    return row!.id;
  };

  /** Loads and locks a feature, checks its site is editable, runs `change`, and audits before against `after`. */
  const change = (
    db: Queryable,
    organizationId: number,
    id: number,
    actor: Actor,
    run: (db: Queryable) => Promise<unknown>,
    after: (db: Queryable) => Promise<T | null>,
  ): Promise<T | null> =>
    inTransaction(db, async (db) => {
      const before = await load(db, organizationId, id, true);
      await checkEditableSite(db, { organizationId, siteId: before.siteId });
      await run(db);
      const now = await after(db);
      await audit(db, organizationId, actor, before, now, id);
      return now;
    });

  return {
    /** The site's features by name; `where` narrows them further (e.g. `AND s.deleted_at IS NULL`). */
    async list(db: Queryable, { organizationId, siteId }: SiteRef, where = ''): Promise<T[]> {
      await loadEditSite(db, { organizationId, siteId });
      const rows = await db.query<R>(
        `${select} WHERE ${alias}.site_id = $1 AND site.organization_id = $2 ${where} ORDER BY lower(${alias}.name), ${alias}.id`,
        [siteId, organizationId],
      );
      return rows.map(kind.toFeature);
    },

    /**
     * Creates (no id) or saves a feature of `body.siteId`; `values` gives the columns' values from the location as
     * stored (6 decimals) and may write what the feature refers to (a source's group).
     */
    save(
      db: Queryable,
      organizationId: number,
      body: { id?: number | undefined; siteId: number; locationLatLng: string },
      actor: Actor,
      values: (db: Queryable, at: LatLng) => Promise<readonly unknown[]> | readonly unknown[],
    ): Promise<T> {
      return inTransaction(db, async (db) => {
        await checkEditableSite(db, { organizationId, siteId: body.siteId });
        const before = body.id ? await load(db, organizationId, body.id, true) : null;
        if (before && before.siteId !== body.siteId) throw new DomainError('NotFound', kind.notFound);
        const at = roundForStorage(parseLatLng(body.locationLatLng)!);
        const id = await write(db, body.siteId, before?.id ?? null, await values(db, at));
        const after = await load(db, organizationId, id);
        await audit(db, organizationId, actor, before, after, id);
        return after;
      });
    },

    /** Changes one column set of a feature (a soft delete, a restore) by `sql` with the feature's id as $1. */
    async update(db: Queryable, organizationId: number, id: number, sql: string, actor: Actor): Promise<T> {
      const after = await change(
        db,
        organizationId,
        id,
        actor,
        (db) => db.query(`UPDATE ${table} SET ${sql} WHERE id = $1`, [id]),
        (db) => load(db, organizationId, id),
      );
      return after!;
    },

    /** Removes a feature for good; the audit keeps its name. */
    async remove(db: Queryable, organizationId: number, id: number, actor: Actor): Promise<void> {
      await change(
        db,
        organizationId,
        id,
        actor,
        (db) => db.query(`DELETE FROM ${table} WHERE id = $1`, [id]),
        async () => null,
      );
    },
  };
}
