// Settings a user saves for themselves (no permission beyond being signed in): grid column visibility.
import {
  gridColumnVisibilityEndpoint,
  saveUnitConfigurationEndpoint,
  unitConfigurationEndpoint,
  unitListEndpoint,
} from '@/contracts/user-settings';
import { UNITS } from '@/domain/units';
import { loadUnitConfiguration, saveGridColumnVisibility, saveUnitConfiguration } from '../services/user-settings';
import { defineRoute } from '../http/define-route';
import { DomainError } from '../services/errors';

export const userSettingsRoutes = [
  defineRoute(gridColumnVisibilityEndpoint, {
    orgScope: false,
    summary: 'Saves which columns of one grid the user has hidden',
    handler: async ({ user, body, database }) => {
      if (!user) throw new DomainError('Unauthenticated', 'Authentication required');
      return { gridColumnVisibility: await saveGridColumnVisibility(database, user.id, body.key, body.hiddenColumns) };
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
    handler: ({ user, database }) => loadUnitConfiguration(database, user!.id),
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
      await saveUnitConfiguration(database, user!.id, body);
      return body;
    },
  }),
];
