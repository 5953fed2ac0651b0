// Notification Subscriptions (spec 2 §2, §3 'Subscription edit', §7 subscriptionEdit/, getTimeZoneIds/): a user's alarm
// subscriptions in one organization with its time zone, time format and site filters. Users edit their own; user
// administrators of the organization edit its members' (spec 1 §6 'canEditNotifications').
import { subscriptionEditEndpoint, subscriptionEndpoint, timeZoneIdsEndpoint } from '@/contracts/notification';
import { defineRoute } from '../http/define-route';
import { loadSubscriptions, saveSubscriptions, TIME_ZONES } from '../services/notification-subscription';

export const notificationSubscriptionRoutes = [
  defineRoute(timeZoneIdsEndpoint, {
    orgScope: false,
    summary: 'The IANA time zones a user can choose',
    handler: async () => [...TIME_ZONES],
  }),
  defineRoute(subscriptionEndpoint, {
    orgScope: { from: 'query', key: 'userOrganizationId' },
    summary: "A member's alarm subscriptions in the organization, with the filter options",
    handler: ({ database, organizationId, permissions, query, user }) =>
      loadSubscriptions(database, user!, permissions, organizationId!, query),
  }),
  defineRoute(subscriptionEditEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary:
      "Saves a member's alarm subscriptions in the organization (an unsubscribe link stops them until saved again)",
    example: {
      body: {
        userId: 1,
        ianaTimezoneId: 'America/Edmonton',
        timeFormat: 0,
        businessUnitIds: [],
        assetAreaIds: [],
        siteGroupIds: [],
        alarmSubscriptions: [],
      },
    },
    handler: ({ body, database, organizationId, permissions, user }) =>
      saveSubscriptions(database, user!, permissions, organizationId!, body),
  }),
];
