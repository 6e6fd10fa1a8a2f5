import { z } from 'zod/v4';
import { restLanguage } from '../../../lib/vocabulary';
import { id } from '../schemas';
import { found, nodesOf, payload, route } from '../table';

const USER_FIELDS = `id name email picture roles status member { id: organizationId roles } following language identityProvider emailVerified lastIp loginsCount lastLogin createdAt updatedAt`;
const API_KEY_FIELDS = `id name key userId lastIp lastUse createdAt`;
const INVITE_FIELDS = `id token organizationId organizationName email roles expiredAt createdAt`;
const MEMBERSHIP_FIELDS = `organizationId userId name email roles identityProvider lastIp lastLogin loginsCount picture createdAt updatedAt`;

type GraphUser = { language: string } & Record<string, unknown>;
/**
 * A user as REST answers it: `language` as the contract spells it (`en-US`), not as the GraphQL enum
 * (`EN_US`). Changed in place, so the OpenAPI response schema stays the one the answer's types give.
 */
function restUser(user: GraphUser): GraphUser {
  user.language = restLanguage(user.language);
  return user;
}

/** §3 of the REST contract: the caller's own account. */
export const accountRoutes = [
  route({
    method: 'GET',
    path: '/me',
    tag: 'account',
    summary: 'The current user',
    operation: `query { me { ${USER_FIELDS} } }`,
    variables: () => ({}),
    result: (data) => restUser(data.me as GraphUser),
  }),
  route({
    method: 'PUT',
    path: '/me',
    tag: 'account',
    summary: 'Update the current user (name, picture)',
    body: z.object({ name: z.string().nullish(), picture: z.string().nullish() }),
    operation: `mutation($input: UpdateMeInput!) { updateMe(input: $input) { user { id name email roles picture language } } }`,
    variables: ({ body }) => ({ input: body }),
    result: (data) => restUser(payload(data.updateMe, 'user') as GraphUser),
  }),
  route({
    method: 'GET',
    path: '/me/apikeys',
    tag: 'account',
    summary: 'Active API keys of the current user (masked)',
    operation: `query($first: Int, $after: String) { apiKeys(first: $first, after: $after) { nodes { ${API_KEY_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    whole: ['apiKeys'],
    variables: () => ({}),
    result: (data) => nodesOf(data.apiKeys),
  }),
  route({
    method: 'POST',
    path: '/me/apikeys',
    tag: 'account',
    summary: 'Create an API key; the answer is the only time the key is shown in full. Body: JSON {"name"} or a text/plain name.',
    body: z.union([z.object({ name: z.string().max(200).nullish() }), z.string().max(200)]).optional(),
    operation: `mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { apiKey { ${API_KEY_FIELDS} } } }`,
    variables: ({ body }) => ({ input: { name: typeof body === 'string' ? body : (body?.name ?? null) } }),
    result: (data) => payload(data.createApiKey, 'apiKey'),
  }),
  route({
    method: 'DELETE',
    path: '/me/apikeys/:apiKeyId',
    tag: 'account',
    summary: "Delete one of the current user's API keys",
    params: z.object({ apiKeyId: id }),
    operation: `mutation($input: DeleteApiKeyInput!) { deleteApiKey(input: $input) { deletedId } }`,
    variables: ({ params }) => ({ input: { apiKeyId: params.apiKeyId } }),
    result: () => true,
  }),
  route({
    method: 'GET',
    path: '/me/invites',
    tag: 'account',
    summary: 'Pending invites of the current user',
    operation: `query($first: Int, $after: String) { myInvites(first: $first, after: $after) { nodes { ${INVITE_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    whole: ['myInvites'],
    variables: () => ({}),
    result: (data) => nodesOf(data.myInvites),
  }),
  route({
    method: 'POST',
    path: '/me/invites/requests',
    tag: 'account',
    summary: 'Ask for access to an organization',
    body: z.object({ organizationId: id }),
    operation: `mutation($input: RequestAccessInput!) { requestAccess(input: $input) { status } }`,
    variables: ({ body }) => ({ input: { organizationId: body.organizationId } }),
    result: (data) => data.requestAccess,
  }),
  route({
    method: 'GET',
    path: '/me/invites/:token',
    tag: 'account',
    summary: 'One pending invite of the current user',
    params: z.object({ token: id }),
    operation: `query($token: ID!) { myInvite(token: $token) { ${INVITE_FIELDS} } }`,
    variables: ({ params }) => ({ token: params.token }),
    result: (data) => found(data.myInvite, 'Invite'),
  }),
  route({
    method: 'POST',
    path: '/me/invites/:token/accept',
    tag: 'account',
    summary: 'Accept an invite: the current user becomes a member',
    params: z.object({ token: id }),
    operation: `mutation($input: AcceptInviteInput!) { acceptInvite(input: $input) { membership { ${MEMBERSHIP_FIELDS} } } }`,
    variables: ({ params }) => ({ input: { token: params.token } }),
    result: (data) => payload(data.acceptInvite, 'membership'),
  }),
];
