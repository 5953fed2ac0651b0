// Settings a user saves for themselves (no permission beyond being signed in): grid column visibility.
import {
  gridColumnVisibilityEndpoint,
  saveUnitConfigurationEndpoint,
  unitConfigurationEndpoint,
  unitListEndpoint,
} from '@/contracts/user-settings';
import { UNITS } from '@/domain/units';
import { storedUnitConfiguration } from '../services/user-settings';
import { defineRoute } from '../http/define-route';
import { DomainError } from '../services/errors';

export const userSettingsRoutes = [
  defineRoute(gridColumnVisibilityEndpoint, {
    orgScope: false,
    summary: 'Saves which columns of one grid the user has hidden',
    handler: async ({ user, body, database }) => {
      if (!user) throw new DomainError('Unauthenticated', 'Authentication required');
      // jsonb_set on one key: concurrent saves of different grids never overwrite each other.
      const [row] = await database.query<{ grids: Record<string, string[]> }>(
        `UPDATE users
            SET settings = jsonb_set(
                  CASE WHEN jsonb_typeof(settings -> 'gridColumnVisibility') = 'object' THEN settings
                       ELSE jsonb_set(coalesce(settings, '{}'::jsonb), '{gridColumnVisibility}', '{}'::jsonb) END,
                  ARRAY['gridColumnVisibility', $2::text], $3::jsonb)
          WHERE id = $1
          RETURNING settings -> 'gridColumnVisibility' AS grids`,
        [user.id, body.key, JSON.stringify([...new Set(body.hiddenColumns)])],
      );
      return { gridColumnVisibility: row?.grids ?? {} };
    },
  }),
  defineRoute(unitListEndpoint, {
    orgScope: false,
    summary: 'Every display unit with its unit group',
    handler: async () => UNITS.map((u) => ({ id: u.id, unitGroupId: u.unitGroupId, name: u.name, label: u.label })),
  }),
  defineRoute(unitConfigurationEndpoint, {
    orgScope: false,
    summary: "The user's six display-unit choices",
    handler: async ({ user, database }) => {
      const [row] = await database.query<{ settings: Record<string, unknown> }>(
        'SELECT settings FROM users WHERE id = $1',
        [user!.id],
      );
      return storedUnitConfiguration(row?.settings ?? {});
    },
  }),
  defineRoute(saveUnitConfigurationEndpoint, {
    orgScope: false,
    summary: "Saves the user's six display-unit choices",
    example: {
      body: {
        ch4RateDisplayUnitId: 1,
        ch4VolumeDisplayUnitId: 11,
        concentrationDisplayUnitId: 21,
        pressureDisplayUnitId: 31,
        speedDisplayUnitId: 41,
        temperatureDisplayUnitId: 51,
      },
    },
    handler: async ({ user, body, database }) => {
      await database.query(
        "UPDATE users SET settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{unitConfiguration}', $2::jsonb) WHERE id = $1",
        [user!.id, JSON.stringify(body)],
      );
      return body;
    },
  }),
];
