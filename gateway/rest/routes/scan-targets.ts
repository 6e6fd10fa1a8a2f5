import { z } from 'zod/v4';
import { id, organizationParams } from '../schemas';
import { found, nodesOf, RawBody, route } from '../table';

/** The REST body of a scan target: the stored schedule object under `schedule` (the graph's own `schedule` is typed). */
const SCAN_TARGET_FIELDS = `id organizationId groupId name kind credential schedule: scheduleJson tags status scanner lastScanAt nextScanAt createdAt updatedAt`;
const GROUP_FIELDS = `id organizationId name kind credential createdAt updatedAt`;

const targetParams = z.object({ organizationId: id, scanTargetId: id });
const groupParams = z.object({ organizationId: id, scanTargetGroupId: id });

/** Ruby sends `"Azure"`; kinds are matched case-insensitively and the GraphQL enum names the bad one. */
const kind = z.string().transform((k) => k.toUpperCase());
/** An object (Python, CLI) or a cron string (Ruby); the subgraph validates it and names the bad key. */
const schedule = z.unknown().optional();
const tags = z.array(z.string()).nullish();
/** Vigil's own field (the public clients never send it): DEMO or EXTERNAL (default), case-insensitive. */
const scanner = z
  .string()
  .transform((s) => s.toUpperCase())
  .nullish();

/** §8a of the REST contract: scan targets (scans themselves are in scans.ts) and their OAuth links. */
const targetRoutes = [
  route({
    method: 'GET',
    path: '/organizations/:organizationId/scantargets',
    tag: 'scan targets',
    summary: "The organization's scan targets, credentials masked (members)",
    params: organizationParams,
    operation: `query($organizationId: ID!, $first: Int, $after: String) {
      scanTargets(organizationId: $organizationId, first: $first, after: $after) { nodes { ${SCAN_TARGET_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    whole: ['scanTargets'],
    variables: ({ params }) => ({ organizationId: params.organizationId }),
    result: (data) => nodesOf(data.scanTargets),
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/scantargets',
    tag: 'scan targets',
    summary:
      'Create a scan target (ADMIN). Body {name, kind, credential, schedule?, tags?, scanner?}; credential keys per kind (snake_case accepted), schedule object or cron string; scanner DEMO or EXTERNAL (default)',
    params: organizationParams,
    body: z.object({ name: z.string(), kind, credential: z.unknown().optional(), schedule, tags, scanner }),
    operation: `mutation($input: CreateScanTargetInput!) { createScanTarget(input: $input) { scanTarget { ${SCAN_TARGET_FIELDS} } } }`,
    variables: ({ params, body }) => ({
      input: {
        organizationId: params.organizationId,
        name: body.name,
        kind: body.kind,
        credential: body.credential ?? null,
        scheduleJson: body.schedule ?? null,
        tags: body.tags ?? null,
        scanner: body.scanner ?? null,
      },
    }),
    result: (data) => (data.createScanTarget as { scanTarget: unknown }).scanTarget,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/scantargets/:scanTargetId',
    tag: 'scan targets',
    summary: 'One scan target (members)',
    params: targetParams,
    operation: `query($organizationId: ID!, $id: ID!) { scanTarget(organizationId: $organizationId, id: $id) { ${SCAN_TARGET_FIELDS} } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId, id: params.scanTargetId }),
    result: (data) => found(data.scanTarget, 'Scan target'),
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/scantargets/:scanTargetId',
    tag: 'scan targets',
    summary: 'Update name, schedule, tags, scanner (ADMIN); null leaves a field unchanged',
    params: targetParams,
    body: z.object({ name: z.string().nullish(), schedule, tags, scanner }),
    operation: `mutation($input: UpdateScanTargetInput!) { updateScanTarget(input: $input) { scanTarget { ${SCAN_TARGET_FIELDS} } } }`,
    variables: ({ params, body }) => ({
      input: {
        organizationId: params.organizationId,
        scanTargetId: params.scanTargetId,
        name: body.name ?? null,
        scheduleJson: body.schedule ?? null,
        tags: body.tags ?? null,
        scanner: body.scanner ?? null,
      },
    }),
    result: (data) => (data.updateScanTarget as { scanTarget: unknown }).scanTarget,
  }),
  route({
    method: 'DELETE',
    path: '/organizations/:organizationId/scantargets/:scanTargetId',
    tag: 'scan targets',
    summary: 'Delete a scan target (ADMIN)',
    params: targetParams,
    operation: `mutation($input: DeleteScanTargetInput!) { deleteScanTarget(input: $input) { deletedId } }`,
    variables: ({ params }) => ({ input: { organizationId: params.organizationId, scanTargetId: params.scanTargetId } }),
    result: () => true,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/scantargets/:scanTargetId/check',
    tag: 'scan targets',
    summary: "Check the stored credential's shape (ADMIN); answers the scan target with status CHECKED or INVALID_CREDENTIAL",
    params: targetParams,
    operation: `mutation($input: CheckScanTargetInput!) { checkScanTarget(input: $input) { scanTarget { ${SCAN_TARGET_FIELDS} } } }`,
    variables: ({ params }) => ({ input: { organizationId: params.organizationId, scanTargetId: params.scanTargetId } }),
    result: (data) => (data.checkScanTarget as { scanTarget: unknown }).scanTarget,
  }),
  route({
    method: 'GET',
    path: '/oauth/link',
    tag: 'scan targets',
    summary: 'The OAuth consent link of an OAuth-kind scan target or of a BITBUCKET/GITLAB group (ADMIN): {url}',
    query: z.object({ organizationId: id, scanTargetId: id.optional(), scanTargetGroupId: id.optional() }),
    operation: `query($organizationId: ID!, $scanTargetId: ID, $scanTargetGroupId: ID) {
      oauthLink(organizationId: $organizationId, scanTargetId: $scanTargetId, scanTargetGroupId: $scanTargetGroupId) { url } }`,
    variables: ({ query }) => ({
      organizationId: query.organizationId,
      scanTargetId: query.scanTargetId ?? null,
      scanTargetGroupId: query.scanTargetGroupId ?? null,
    }),
    result: (data) => data.oauthLink,
  }),
  route({
    method: 'GET',
    path: '/gworkspace/oauth/link',
    tag: 'scan targets',
    summary: 'The Google Workspace consent link of a GWORKSPACE scan target (ADMIN): {url}',
    query: z.object({ organizationId: id, scanTargetId: id }),
    operation: `query($organizationId: ID!, $scanTargetId: ID!) { gworkspaceOAuthLink(organizationId: $organizationId, scanTargetId: $scanTargetId) { url } }`,
    variables: ({ query }) => ({ organizationId: query.organizationId, scanTargetId: query.scanTargetId }),
    result: (data) => data.gworkspaceOAuthLink,
  }),
];

/** §8b: scan target groups. */
const groupRoutes = [
  route({
    method: 'GET',
    path: '/organizations/:organizationId/scantargetgroups',
    tag: 'scan target groups',
    summary: "The organization's scan target groups (members)",
    params: organizationParams,
    operation: `query($organizationId: ID!, $first: Int, $after: String) {
      scanTargetGroups(organizationId: $organizationId, first: $first, after: $after) { nodes { ${GROUP_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    whole: ['scanTargetGroups'],
    variables: ({ params }) => ({ organizationId: params.organizationId }),
    result: (data) => nodesOf(data.scanTargetGroups),
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/scantargetgroups',
    tag: 'scan target groups',
    summary: 'Create a scan target group (ADMIN). Body {name, kind: ORACLE|BITBUCKET|GITLAB}',
    params: organizationParams,
    body: z.object({ name: z.string(), kind }),
    operation: `mutation($input: CreateScanTargetGroupInput!) { createScanTargetGroup(input: $input) { scanTargetGroup { ${GROUP_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { organizationId: params.organizationId, name: body.name, kind: body.kind } }),
    result: (data) => (data.createScanTargetGroup as { scanTargetGroup: unknown }).scanTargetGroup,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/scantargetgroups/:scanTargetGroupId',
    tag: 'scan target groups',
    summary: 'One scan target group (members)',
    params: groupParams,
    operation: `query($organizationId: ID!, $id: ID!) { scanTargetGroup(organizationId: $organizationId, id: $id) { ${GROUP_FIELDS} } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId, id: params.scanTargetGroupId }),
    result: (data) => found(data.scanTargetGroup, 'Scan target group'),
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/scantargetgroups/:scanTargetGroupId',
    tag: 'scan target groups',
    summary: 'Rename a scan target group (ADMIN). Body {name}',
    params: groupParams,
    body: z.object({ name: z.string() }),
    operation: `mutation($input: UpdateScanTargetGroupInput!) { updateScanTargetGroup(input: $input) { scanTargetGroup { ${GROUP_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { organizationId: params.organizationId, scanTargetGroupId: params.scanTargetGroupId, name: body.name } }),
    result: (data) => (data.updateScanTargetGroup as { scanTargetGroup: unknown }).scanTargetGroup,
  }),
  route({
    method: 'DELETE',
    path: '/organizations/:organizationId/scantargetgroups/:scanTargetGroupId',
    tag: 'scan target groups',
    summary: 'Delete a scan target group and its scan targets (ADMIN)',
    params: groupParams,
    operation: `mutation($input: DeleteScanTargetGroupInput!) { deleteScanTargetGroup(input: $input) { deletedId } }`,
    variables: ({ params }) => ({ input: { organizationId: params.organizationId, scanTargetGroupId: params.scanTargetGroupId } }),
    result: () => true,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/scantargetgroups/:scanTargetGroupId',
    tag: 'scan target groups',
    summary: 'Insert the ORACLE group credential (ADMIN). Body {credential: {region, tenancy_id, user_id, key_fingerprint}}',
    params: groupParams,
    body: z.object({ credential: z.unknown() }),
    operation: `mutation($input: InsertScanTargetGroupCredentialInput!) { insertScanTargetGroupCredential(input: $input) { scanTargetGroup { ${GROUP_FIELDS} } } }`,
    variables: ({ params, body }) => ({
      input: { organizationId: params.organizationId, scanTargetGroupId: params.scanTargetGroupId, credential: body.credential ?? null },
    }),
    result: (data) => (data.insertScanTargetGroupCredential as { scanTargetGroup: unknown }).scanTargetGroup,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/scantargetgroups/:scanTargetGroupId/targets',
    tag: 'scan target groups',
    summary: 'Compartments known for an ORACLE group: the root once the credential is in, and those scan targets were created from',
    params: groupParams,
    operation: `query($organizationId: ID!, $id: ID!) { scanTargetGroupCompartments(organizationId: $organizationId, id: $id) { name ocid } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId, id: params.scanTargetGroupId }),
    result: (data) => data.scanTargetGroupCompartments,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/scantargetgroups/:scanTargetGroupId/targets',
    tag: 'scan target groups',
    summary:
      'Create ORACLE scan targets from compartments (ADMIN). Body {compartments: [{name, ocid}], schedule?, tags?}; one compartment answers the scan target, several answer an array',
    params: groupParams,
    body: z.object({ compartments: z.array(z.object({ name: z.string(), ocid: z.string() })), schedule, tags }),
    operation: `mutation($input: CreateScanTargetsFromCompartmentsInput!) {
      createScanTargetsFromCompartments(input: $input) { scanTargets { ${SCAN_TARGET_FIELDS} } } }`,
    variables: ({ params, body }) => ({
      input: {
        organizationId: params.organizationId,
        scanTargetGroupId: params.scanTargetGroupId,
        compartments: body.compartments,
        scheduleJson: body.schedule ?? null,
        tags: body.tags ?? null,
      },
    }),
    result: (data) => {
      const created = (data.createScanTargetsFromCompartments as { scanTargets: unknown[] }).scanTargets;
      return created.length === 1 ? created[0] : created;
    },
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/scantargetgroups/:scanTargetGroupId/scripts',
    tag: 'scan target groups',
    summary: 'Where to download the Terraform script of an ORACLE group: {url}',
    params: groupParams,
    operation: `query($organizationId: ID!, $id: ID!) { scanTargetGroupScript(organizationId: $organizationId, id: $id) { url } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId, id: params.scanTargetGroupId }),
    result: (data) => data.scanTargetGroupScript,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/scantargetgroups/:scanTargetGroupId/scripts/vigil-oracle.tf',
    tag: 'scan target groups',
    summary: 'The Terraform script of an ORACLE group (text/plain): a read-only group and policy for the user Vigil signs in as',
    params: groupParams,
    operation: `query($organizationId: ID!, $id: ID!) { scanTargetGroupTerraform(organizationId: $organizationId, id: $id) }`,
    variables: ({ params }) => ({ organizationId: params.organizationId, id: params.scanTargetGroupId }),
    result: (data) =>
      new RawBody(data.scanTargetGroupTerraform as string, 'text/plain; charset=utf-8', { 'content-disposition': 'attachment; filename="vigil-oracle.tf"' }),
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/scantargetgroups/:scanTargetGroupId/scantargets',
    tag: 'scan target groups',
    summary: "The group's scan targets (members)",
    params: groupParams,
    operation: `query($organizationId: ID!, $id: ID!, $first: Int, $after: String) { scanTargetGroup(organizationId: $organizationId, id: $id) {
      scanTargets(first: $first, after: $after) { nodes { ${SCAN_TARGET_FIELDS} } pageInfo { hasNextPage endCursor } } } }`,
    whole: ['scanTargetGroup', 'scanTargets'],
    variables: ({ params }) => ({ organizationId: params.organizationId, id: params.scanTargetGroupId }),
    result: (data) => nodesOf(found(data.scanTargetGroup as { scanTargets: unknown } | null, 'Scan target group').scanTargets),
  }),
];

export const scanTargetRoutes = [...targetRoutes, ...groupRoutes];
