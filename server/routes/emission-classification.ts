// Classifying one emission from the single-site dashboard (spec 3 §4, §5 'Classification', §7 'POST
// /emissions/classify', 'GET /emissions/getClassification/', the root causes). Reads need membership of the
// emission's organization; classify needs SiteEdit (see the README). Another organization's emission, or one of a
// deleted site, answers 404. A classification change is audited on the emission's site.
import { classifyEmissionEndpoint, emissionClassificationEndpoint } from '@/contracts/emission-classification';
import { defineRoute } from '../http/define-route';
import { classifyEmission, emissionClassification } from '../services/emission-classification';

export const emissionClassificationRoutes = [
  defineRoute(emissionClassificationEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "An emission's classification and root cause, and whether it contributes to an already classified alarm",
    example: { query: { emissionId: '1' } },
    handler: ({ query, organizationId, database }) =>
      emissionClassification(database, organizationId!, query.emissionId),
  }),
  defineRoute(classifyEmissionEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary:
      "Sets (or clears, with null) an emission's classification; a root cause only for Fugitive or Venting, of that classification",
    example: { body: { emissionId: 1, classification: 'Venting', rootCauseId: 1 } },
    handler: ({ body, organizationId, user, database }) => classifyEmission(database, organizationId!, user!, body),
  }),
];
