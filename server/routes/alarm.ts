// Alarms (spec 2 §7 'Alarms'): the list as a server-side grid, one alarm by its encoded id (the alarm link), its top
// contributing sources, and comments. The list and the link need no permission, only membership of the alarm's
// organization; unknown and foreign alarms answer alike.
import {
  addAlarmCommentEndpoint,
  alarmEndpoint,
  alarmListAliasEndpoint,
  alarmListEndpoint,
  evaluateSiteEndpoint,
  recentAlarmsEndpoint,
  topContributingSourcesEndpoint,
} from '@/contracts/alarm';
import { defineRoute } from '../http/define-route';
import {
  addAlarmComment,
  alarmListBlock,
  alarmWithOrganization,
  evaluateSite,
  recentAlarms,
  topContributingSources,
} from '../services/alarm';

const list = (e: typeof alarmListEndpoint) =>
  defineRoute(e, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      "A block of the organization's alarms (startRow/endRow), filtered, sorted, with the Unresolved quick filter",
    example: { query: { startRow: '0', endRow: '100' } },
    cached: true,
    handler: ({ query, organizationId, database }) => alarmListBlock(database, organizationId!, query),
  });

export const alarmRoutes = [
  defineRoute(evaluateSiteEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary:
      'Runs the alarm engine on demand for a site over a range (at most 90 days); answers how many alarms it raised',
    example: { body: { siteId: 1, startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' } },
    handler: ({ body, config, database, organizationId }) => evaluateSite(database, config, organizationId!, body),
  }),
  list(alarmListEndpoint),
  list(alarmListAliasEndpoint),
  defineRoute(recentAlarmsEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      "The overview's event log: the most recent alarms (top, at most 100) of the sites in the filter in a window",
    cached: true,
    example: { query: { startTime: '2026-01-01T00:00:00Z', endTime: '2026-02-01T00:00:00Z', top: '100' } },
    handler: ({ database, organizationId, query }) => recentAlarms(database, organizationId!, query),
  }),
  defineRoute(alarmEndpoint, {
    orgScope: false,
    summary: 'One alarm by its encoded id (the alarm link), with its organization',
    handler: ({ database, params, user }) => alarmWithOrganization(database, user!, params),
  }),
  defineRoute(topContributingSourcesEndpoint, {
    orgScope: false,
    summary: "The emission sources that contributed most to an alarm's volume, largest first",
    handler: ({ database, query, user }) => topContributingSources(database, user!, query),
  }),
  defineRoute(addAlarmCommentEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Adds a comment to an alarm; answers the new comment',
    example: { body: { alarmId: 1, content: 'Crew dispatched' } },
    handler: ({ body, database, organizationId, user }) => addAlarmComment(database, user!, organizationId!, body),
  }),
];
