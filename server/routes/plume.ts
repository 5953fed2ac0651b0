// Simulated plumes (spec 3 §7 'Plume and camera'): Generate Plume queues the emission's plume job (SitePlumeCreate;
// another organization's emission is 404; twice at once is one job and a 409 for the second); the frames of a site
// over a range; the frame sheet image with caching headers, for members of the plume's organization.
import { generatePlumeEndpoint, plumeFramesEndpoint, plumeImageEndpoint } from '@/contracts/plume';
import { defineRoute } from '../http/define-route';
import { checkedRange } from '../services/chart-range';
import { requestPlume } from '../services/plume/jobs';
import { nudgePlumes } from '../services/plume/nudge';
import { plumeFrames, plumeImage } from '../services/plume/reads';

const orgQuery = { from: 'query', key: 'organizationId' } as const;

export const plumeRoutes = [
  defineRoute(generatePlumeEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Queues the simulated plume of an emission that has ended (or a retry of a failed one); answers its state',
    example: { body: { emissionId: 1 } },
    handler: async ({ body, organizationId, database }) => {
      const answer = await requestPlume(database, organizationId!, body.emissionId);
      nudgePlumes();
      return answer;
    },
  }),
  defineRoute(plumeFramesEndpoint, {
    orgScope: orgQuery,
    summary:
      "The frames of the site's saved plumes in [startTime, endTime], one every samplePeriod minutes of each plume",
    example: {
      query: { siteId: '1', startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z', samplePeriod: '1' },
    },
    handler: async ({ query, organizationId, database }) =>
      plumeFrames(
        database,
        { organizationId: organizationId!, siteId: query.siteId },
        checkedRange(query),
        query.samplePeriod,
      ),
  }),
  defineRoute(plumeImageEndpoint, {
    orgScope: orgQuery,
    summary: "A saved plume's frame sheet (PNG: every frame, red and green bytes the encoded ppm)",
    // Kept by the browser (private, members only) and revalidated by its ETag; the URL carries the plume's version.
    cached: true,
    example: { query: { plumeId: '1' } },
    handler: async ({ query, organizationId, database, request, reply }) => {
      const image = await plumeImage(database, organizationId!, query.plumeId);
      const etag = `"plume-${image.version}"`;
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/png').send(Buffer.from(image.png));
    },
  }),
];
