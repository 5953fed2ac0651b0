// Site add/edit and access details (spec 3 §3 'Site edit form', 'Access details', §5 'Site form'), and the option
// lists the form offers.
import {
  saveSiteAccessDetailsEndpoint,
  saveSiteEditEndpoint,
  siteAccessDetailsEndpoint,
  siteEditEndpoint,
  siteOptionsEndpoint,
} from '@/contracts/site';
import { defineRoute } from '../http/define-route';
import { loadSiteOptions } from '../services/site-options';
import { saveSiteAccessDetails, saveSiteEdit, siteAccessDetails, siteEditForm } from '../services/site-edit';

export const siteEditRoutes = [
  defineRoute(siteOptionsEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      "The site form's option lists: countries, states, regulations and the other classifications, the organization's business units, asset areas and groups",
    handler: ({ organizationId, database }) => loadSiteOptions(database, organizationId!),
  }),
  defineRoute(siteEditEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "One site's form values",
    handler: ({ query, organizationId, database }) =>
      siteEditForm(database, { organizationId: organizationId!, siteId: query.siteId }),
  }),
  defineRoute(saveSiteEditEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Adds (id 0) or edits a site; moving it to another organization needs SiteAdd in both',
    example: {
      body: {
        id: 0,
        name: 'Matrix Pad',
        organizationId: 1,
        locationLatLng: '31.9,-102.1',
        alias: null,
        siteGroupIds: [],
        businessUnit: null,
        assetArea: null,
        countryId: null,
        stateProvinceId: null,
        regulationId: null,
        regulatorySiteTypeId: null,
        genericSiteTypeId: null,
        basinId: null,
        industrySegmentId: null,
        fluidTypeId: null,
      },
    },
    handler: ({ body, organizationId, permissions, user, database }) =>
      saveSiteEdit(database, user!, organizationId!, permissions, body),
  }),
  defineRoute(siteAccessDetailsEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "A site's access details",
    handler: ({ query, organizationId, database }) =>
      siteAccessDetails(database, { organizationId: organizationId!, siteId: query.siteId }),
  }),
  defineRoute(saveSiteAccessDetailsEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: "Saves a site's access details",
    example: {
      body: {
        siteId: 1,
        accessNotes: 'Gate code 1234',
        notificationRequired: true,
        specialTicketsRequired: false,
        workPermitRequired: false,
      },
    },
    handler: ({ body, organizationId, user, database }) =>
      saveSiteAccessDetails(database, user!, organizationId!, body),
  }),
];
