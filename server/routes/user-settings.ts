// Settings a user saves for themselves (no permission beyond being signed in): grid column visibility.
import { z } from 'zod';
import { gridColumnVisibilityEditSchema, gridColumnVisibilitySchema } from '@/contracts/user-settings';
import { defineRoute, HttpError } from '../http/define-route';

export const userSettingsRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/userSettings/gridColumnVisibility/',
    access: 'authenticated',
    orgScope: false,
    summary: "Saves which columns of one grid the user has hidden",
    body: gridColumnVisibilityEditSchema,
    response: z.object({ gridColumnVisibility: gridColumnVisibilitySchema }),
    handler: async ({ user, body, database }) => {
      if (!user) throw new HttpError(401, 'Authentication required');
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
];
