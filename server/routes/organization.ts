// Organization administration: list, get, options, add/edit, soft delete and restore (spec 1 §7, spec 3 §5).
import {
  deleteOrganizationEndpoint,
  organizationEditEndpoint,
  organizationEndpoint,
  organizationListEndpoint,
  organizationOptionsEndpoint,
  restoreOrganizationEndpoint,
} from '@/contracts/organization';
import { defineRoute } from '../http/define-route';
import {
  listOrganizations,
  organizationOptions,
  organizationOrNotFound,
  saveOrganization,
  setOrganizationDeleted,
} from '../services/organization';

export const organizationRoutes = [
  defineRoute(organizationListEndpoint, {
    orgScope: false,
    summary: 'Organizations the caller administers',
    handler: ({ database, query, user }) => listOrganizations(database, user!, query),
  }),
  defineRoute(organizationEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: 'One organization',
    handler: ({ database, organizationId }) => organizationOrNotFound(database, organizationId!),
  }),
  defineRoute(organizationOptionsEndpoint, {
    orgScope: false,
    summary: 'Organizations the caller can choose (site forms, filters)',
    handler: ({ database, user }) => organizationOptions(database, user!),
  }),
  defineRoute(organizationEditEndpoint, {
    orgScope: false,
    summary: 'Adds (id 0) or edits an organization',
    example: {
      body: {
        id: 0,
        name: 'Matrix Org',
        singleSignOnEnabled: false,
        domains: [],
        customerSuccessReps: [],
        salesReps: [],
        orgContacts: [],
        allowIframeEmbedding: false,
        cspFrameAncestorDomain: null,
        iframeSrcUrls: [],
      },
    },
    handler: ({ body, database, user }) => saveOrganization(database, user!, body),
  }),
  ...(['delete', 'restore'] as const).map((action) =>
    defineRoute(action === 'delete' ? deleteOrganizationEndpoint : restoreOrganizationEndpoint, {
      orgScope: { from: 'params', key: 'id' },
      summary:
        action === 'delete'
          ? 'Soft-deletes an organization: its users, keys and alarms stop'
          : 'Restores a deleted organization',
      handler: ({ params, user, database }) => setOrganizationDeleted(database, user!, params.id, action === 'delete'),
    }),
  ),
];
