import { z } from 'zod/v4';
import { MAX_PAGE_SIZE } from '../../../lib/vocabulary';
import { id } from '../schemas';
import { found, route } from '../table';

const SCAN_FIELDS = `id organizationId scanTargetId status trigger findingsCount summary { findings created reopened updated closed unchanged duplicates } error startedAt finishedAt createdAt updatedAt`;
const targetParams = z.object({ organizationId: id, scanTargetId: id });

/** §8a scans of a scan target (#41, #42, #44, #45) and the findings ingestion API. */
export const scanRoutes = [
  route({
    method: 'POST',
    path: '/organizations/:organizationId/scantargets/:scanTargetId/scan',
    tag: 'scans',
    summary:
      'Start a scan of the scan target (ADMIN). force=false (default; the Ruby SDK sends no query): 409 while a scan is QUEUED or RUNNING. force=true: that scan is stopped and a new one queued. Answers true.',
    params: targetParams,
    query: z.object({ force: z.stringbool().optional() }),
    operation: `mutation($input: StartScanInput!) { startScan(input: $input) { scan { id } } }`,
    variables: ({ params, query }) => ({ input: { ...params, force: query.force ?? false } }),
    result: () => true,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/scantargets/:scanTargetId/stop',
    tag: 'scans',
    summary: "Stop the scan target's QUEUED or RUNNING scan, if any (ADMIN); its findings are discarded. Answers true.",
    params: targetParams,
    operation: `mutation($input: StopScanInput!) { stopScan(input: $input) { scan { id } } }`,
    variables: ({ params }) => ({ input: params }),
    result: () => true,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/scantargets/:scanTargetId/scans',
    tag: 'scans',
    summary:
      'The scan history of a scan target, newest first, as {data: [...]} (the Python SDK reads `data`; the Ruby SDK 1.0.1, known by its User-Agent, gets the bare array it reads).',
    params: targetParams,
    query: z.object({ size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional() }),
    operation: `query($organizationId: ID!, $scanTargetId: ID!, $first: Int) { scans(organizationId: $organizationId, scanTargetId: $scanTargetId, first: $first) { nodes { ${SCAN_FIELDS} } } }`,
    // The newest `size` scans (default 100), unpaged as before: the first page of the connection.
    variables: ({ params, query }) => ({ ...params, first: query.size ?? 100 }),
    result: (data, { client }) => {
      const scans = (data.scans as { nodes: unknown[] }).nodes;
      return client === 'ruby-sdk' ? scans : { data: scans };
    },
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/scantargets/:scanTargetId/scans/:scanId',
    tag: 'scans',
    summary: 'One scan of a scan target',
    params: targetParams.extend({ scanId: id }),
    operation: `query($organizationId: ID!, $scanTargetId: ID!, $scanId: ID!) { scan(organizationId: $organizationId, scanTargetId: $scanTargetId, scanId: $scanId) { ${SCAN_FIELDS} } scanTarget(organizationId: $organizationId, id: $scanTargetId) { id } }`,
    variables: ({ params }) => params,
    // A missing scan target and a missing scan answered apart before lookups were nullable: they still do.
    result: (data) => found(data.scan, data.scanTarget ? 'Scan' : 'Scan target'),
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/scantargets/:scanTargetId/findings',
    tag: 'scans',
    summary:
      'Load a scanner run as one completed scan and reconcile the alerts (ADMIN). Body: {"format":"vigil","findings":[{rule, resource, severity?, metadata?, enrichment?, tags?, compliances?, title?}]} or a Prowler JSON-OCSF array. Answers the scan (DONE or FAILED); 400 for a malformed document, 409 while another scan is active.',
    params: targetParams,
    body: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
    operation: `mutation($input: IngestFindingsInput!) { ingestFindings(input: $input) { scan { ${SCAN_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { ...params, document: body } }),
    result: (data) => (data.ingestFindings as { scan: unknown }).scan,
  }),
];
