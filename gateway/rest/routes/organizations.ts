import { z } from 'zod/v4';
import { id, organizationParams } from '../schemas';
import { found, nodesOf, payload, route } from '../table';

const ORGANIZATION_FIELDS = `id name picture email createdAt updatedAt`;
const MEMBERSHIP_FIELDS = `organizationId userId name email roles identityProvider lastIp lastLogin loginsCount picture createdAt updatedAt`;
const INVITE_FIELDS = `id token organizationId organizationName email roles expiredAt createdAt`;
const FOLLOWER_FIELDS = `id: followerId name picture followerId followingId createdAt`;
const FOLLOWING_FIELDS = `id: followingId name picture followerId followingId tags createdAt`;
const FOLLOWER_REQUEST_FIELDS = `token id: followerId name followerId followingId status createdAt decidedAt`;
const FOLLOWING_REQUEST_FIELDS = `id: followingId name followerId followingId status createdAt decidedAt`;

const memberParams = z.object({ organizationId: id, memberId: id });
/** Emails travel raw in the path: express has URL-decoded the segment and keeps `+` as `+`. */
const inviteParams = z.object({ organizationId: id, email: z.string() });
const followerParams = z.object({ organizationId: id, followerId: id });
const followerRequestParams = z.object({ organizationId: id, token: id });
const followingParams = z.object({ organizationId: id, followingId: id });
const roles = z.array(z.string()).nullish();
const tags = z.array(z.string());

const ORG = 'organizations';
const MEMBERS = 'members';
const FOLLOWERS = 'followers';
const FOLLOWING = 'following';

/** §4–7 of the REST contract: organizations, members and invites, followers, following. */
export const organizationRoutes = [
  // §4 organizations
  route({
    method: 'GET',
    path: '/organizations',
    tag: ORG,
    summary: 'Organizations the caller is a member of',
    operation: `query { organizations(all: true) { nodes { ${ORGANIZATION_FIELDS} } } }`,
    variables: () => ({}),
    result: (data) => nodesOf(data.organizations),
  }),
  route({
    method: 'POST',
    path: '/organizations',
    tag: ORG,
    summary: 'Create an organization; the caller becomes its ADMIN',
    body: z.object({ name: z.string(), picture: z.string().nullish(), email: z.string().nullish() }),
    operation: `mutation($input: CreateOrganizationInput!) { createOrganization(input: $input) { organization { ${ORGANIZATION_FIELDS} } } }`,
    variables: ({ body }) => ({ input: body }),
    result: (data) => payload(data.createOrganization, 'organization'),
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId',
    tag: ORG,
    summary: 'One organization (members and followers)',
    params: organizationParams,
    operation: `query($id: ID!) { organization(id: $id) { ${ORGANIZATION_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.organizationId }),
    result: (data) => found(data.organization, 'Organization'),
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId',
    tag: ORG,
    summary: 'Update name, picture, email (ADMIN); null = unchanged, "" clears picture or email',
    params: organizationParams,
    body: z.object({ name: z.string().nullish(), picture: z.string().nullish(), email: z.string().nullish() }).optional(),
    operation: `mutation($input: UpdateOrganizationInput!) { updateOrganization(input: $input) { organization { ${ORGANIZATION_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { ...body, organizationId: params.organizationId } }),
    result: (data) => payload(data.updateOrganization, 'organization'),
  }),
  route({
    method: 'DELETE',
    path: '/organizations/:organizationId',
    tag: ORG,
    summary: 'Delete an organization (ADMIN; soft delete)',
    params: organizationParams,
    operation: `mutation($input: DeleteOrganizationInput!) { deleteOrganization(input: $input) { deletedId } }`,
    variables: ({ params }) => ({ input: { organizationId: params.organizationId } }),
    result: () => true,
  }),

  // §5 members
  route({
    method: 'GET',
    path: '/organizations/:organizationId/members',
    tag: MEMBERS,
    summary: 'Members of the organization',
    params: organizationParams,
    operation: `query($organizationId: ID!) { members(organizationId: $organizationId, all: true) { nodes { ${MEMBERSHIP_FIELDS} } } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId }),
    result: (data) => nodesOf(data.members),
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/members/:memberId',
    tag: MEMBERS,
    summary: 'One member (memberId = user id)',
    params: memberParams,
    operation: `query($organizationId: ID!, $userId: ID!) { member(organizationId: $organizationId, userId: $userId) { ${MEMBERSHIP_FIELDS} } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId, userId: params.memberId }),
    result: (data) => found(data.member, 'Member'),
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/members/:memberId',
    tag: MEMBERS,
    summary: "Set a member's roles (ADMIN); null = none; the last ADMIN stays",
    params: memberParams,
    body: z.object({ roles }),
    operation: `mutation($input: UpdateMemberInput!) { updateMember(input: $input) { membership { ${MEMBERSHIP_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { organizationId: params.organizationId, userId: params.memberId, roles: body.roles ?? null } }),
    result: (data) => payload(data.updateMember, 'membership'),
  }),
  route({
    method: 'DELETE',
    path: '/organizations/:organizationId/members/:memberId',
    tag: MEMBERS,
    summary: 'Remove a member (ADMIN); the last ADMIN stays',
    params: memberParams,
    operation: `mutation($input: RemoveMemberInput!) { removeMember(input: $input) { deletedId } }`,
    variables: ({ params }) => ({ input: { organizationId: params.organizationId, userId: params.memberId } }),
    result: () => true,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/members/:memberId/mfa/reset',
    tag: MEMBERS,
    summary: "Request a reset of the member's MFA (ADMIN)",
    params: memberParams,
    operation: `mutation($input: ResetMemberMfaInput!) { resetMemberMfa(input: $input) { membership { id } } }`,
    variables: ({ params }) => ({ input: { organizationId: params.organizationId, userId: params.memberId } }),
    result: () => true,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/members/:memberId/password/reset',
    tag: MEMBERS,
    summary: "Request a reset of the member's password (ADMIN)",
    params: memberParams,
    operation: `mutation($input: ResetMemberPasswordInput!) { resetMemberPassword(input: $input) { membership { id } } }`,
    variables: ({ params }) => ({ input: { organizationId: params.organizationId, userId: params.memberId } }),
    result: () => true,
  }),

  // §5 invites
  route({
    method: 'GET',
    path: '/organizations/:organizationId/invites',
    tag: MEMBERS,
    summary: 'Invites not accepted yet (expired ones included)',
    params: organizationParams,
    operation: `query($organizationId: ID!) { organizationInvites(organizationId: $organizationId, all: true) { nodes { ${INVITE_FIELDS} } } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId }),
    result: (data) => nodesOf(data.organizationInvites),
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/invites',
    tag: MEMBERS,
    summary: 'Invite an email address (ADMIN); roles null = none; expires in 7 days',
    params: organizationParams,
    body: z.object({ email: z.string(), roles }),
    operation: `mutation($input: CreateInviteInput!) { createInvite(input: $input) { invite { ${INVITE_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { organizationId: params.organizationId, email: body.email, roles: body.roles ?? null } }),
    result: (data) => payload(data.createInvite, 'invite'),
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/invites/:email',
    tag: MEMBERS,
    summary: 'One invite, by email',
    params: inviteParams,
    operation: `query($organizationId: ID!, $email: String!) { organizationInvite(organizationId: $organizationId, email: $email) { ${INVITE_FIELDS} } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId, email: params.email }),
    result: (data) => found(data.organizationInvite, 'Invite'),
  }),
  route({
    method: 'DELETE',
    path: '/organizations/:organizationId/invites/:email',
    tag: MEMBERS,
    summary: 'Withdraw an invite (ADMIN)',
    params: inviteParams,
    operation: `mutation($input: DeleteInviteInput!) { deleteInvite(input: $input) { deletedId } }`,
    variables: ({ params }) => ({ input: { organizationId: params.organizationId, email: params.email } }),
    result: () => true,
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/invites/:email/resend',
    tag: MEMBERS,
    summary: 'Resend an invite (ADMIN): same token, expiry 7 days from now',
    params: inviteParams,
    operation: `mutation($input: ResendInviteInput!) { resendInvite(input: $input) { invite { ${INVITE_FIELDS} } } }`,
    variables: ({ params }) => ({ input: { organizationId: params.organizationId, email: params.email } }),
    result: (data) => payload(data.resendInvite, 'invite'),
  }),

  // §6 followers (the followed organization's side)
  route({
    method: 'GET',
    path: '/organizations/:organizationId/followers',
    tag: FOLLOWERS,
    summary: 'Organizations following this one',
    params: organizationParams,
    operation: `query($organizationId: ID!) { followers(organizationId: $organizationId, all: true) { nodes { ${FOLLOWER_FIELDS} } } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId }),
    result: (data) => nodesOf(data.followers),
  }),
  route({
    method: 'DELETE',
    path: '/organizations/:organizationId/followers/:followerId',
    tag: FOLLOWERS,
    summary: 'Stop a follower (ADMIN)',
    params: followerParams,
    operation: `mutation($input: RemoveFollowerInput!) { removeFollower(input: $input) { deletedId } }`,
    variables: ({ params }) => ({ input: { organizationId: params.organizationId, followerId: params.followerId } }),
    result: () => true,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/followers/requests',
    tag: FOLLOWERS,
    summary: 'Requests sent to other organizations to follow this one (PENDING and DECLINED)',
    params: organizationParams,
    operation: `query($organizationId: ID!) { followerRequests(organizationId: $organizationId, all: true) { nodes { ${FOLLOWER_REQUEST_FIELDS} } } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId }),
    result: (data) => nodesOf(data.followerRequests),
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/followers/requests',
    tag: FOLLOWERS,
    summary: 'Ask an organization to follow this one (ADMIN); token = the id of that organization',
    params: organizationParams,
    body: z.object({ token: id }),
    operation: `mutation($input: CreateFollowerRequestInput!) { createFollowerRequest(input: $input) { followerRequest { ${FOLLOWER_REQUEST_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { organizationId: params.organizationId, token: body.token } }),
    result: (data) => payload(data.createFollowerRequest, 'followerRequest'),
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/followers/requests/:token',
    tag: FOLLOWERS,
    summary: 'One follower request, by token (the invited organization id)',
    params: followerRequestParams,
    operation: `query($organizationId: ID!, $token: ID!) { followerRequest(organizationId: $organizationId, token: $token) { ${FOLLOWER_REQUEST_FIELDS} } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId, token: params.token }),
    result: (data) => found(data.followerRequest, 'Follower request'),
  }),
  route({
    method: 'DELETE',
    path: '/organizations/:organizationId/followers/requests/:token',
    tag: FOLLOWERS,
    summary: 'Withdraw a follower request (ADMIN)',
    params: followerRequestParams,
    operation: `mutation($input: DeleteFollowerRequestInput!) { deleteFollowerRequest(input: $input) { deletedId } }`,
    variables: ({ params }) => ({ input: { organizationId: params.organizationId, token: params.token } }),
    result: () => true,
  }),

  // §7 following (the follower organization's side)
  route({
    method: 'GET',
    path: '/organizations/:organizationId/following',
    tag: FOLLOWING,
    summary: 'Organizations this one follows',
    params: organizationParams,
    operation: `query($organizationId: ID!) { following(organizationId: $organizationId, all: true) { nodes { ${FOLLOWING_FIELDS} } } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId }),
    result: (data) => nodesOf(data.following),
  }),
  route({
    method: 'PUT',
    path: '/organizations/:organizationId/following/:followingId',
    tag: FOLLOWING,
    summary: 'Replace the tags of a followed organization (ADMIN; Vigil extension, not called by the SDKs)',
    params: followingParams,
    body: z.object({ tags }),
    operation: `mutation($input: UpdateFollowingTagsInput!) { updateFollowingTags(input: $input) { following { ${FOLLOWING_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { organizationId: params.organizationId, followingId: params.followingId, tags: body.tags } }),
    result: (data) => payload(data.updateFollowingTags, 'following'),
  }),
  route({
    method: 'DELETE',
    path: '/organizations/:organizationId/following/:followingId',
    tag: FOLLOWING,
    summary: 'Stop following an organization (ADMIN)',
    params: followingParams,
    operation: `mutation($input: StopFollowingInput!) { stopFollowing(input: $input) { deletedId } }`,
    variables: ({ params }) => ({ input: { organizationId: params.organizationId, followingId: params.followingId } }),
    result: () => true,
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/following/requests',
    tag: FOLLOWING,
    summary: 'Pending requests asking this organization to follow another one',
    params: organizationParams,
    operation: `query($organizationId: ID!) { followingRequests(organizationId: $organizationId, all: true) { nodes { ${FOLLOWING_REQUEST_FIELDS} } } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId }),
    result: (data) => nodesOf(data.followingRequests),
  }),
  route({
    method: 'GET',
    path: '/organizations/:organizationId/following/requests/:followingId',
    tag: FOLLOWING,
    summary: 'One following request (followingId = the organization that would be followed)',
    params: followingParams,
    operation: `query($organizationId: ID!, $followingId: ID!) { followingRequest(organizationId: $organizationId, followingId: $followingId) { ${FOLLOWING_REQUEST_FIELDS} } }`,
    variables: ({ params }) => ({ organizationId: params.organizationId, followingId: params.followingId }),
    result: (data) => found(data.followingRequest, 'Following request'),
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/following/requests/:followingId/accept',
    tag: FOLLOWING,
    summary: 'Accept (ADMIN): start following; optional body {"tags": [...]}; answers the new relation',
    params: followingParams,
    body: z.object({ tags: tags.nullish() }).optional(),
    operation: `mutation($input: AcceptFollowingRequestInput!) { acceptFollowingRequest(input: $input) { following { ${FOLLOWING_FIELDS} } } }`,
    variables: ({ params, body }) => ({ input: { organizationId: params.organizationId, followingId: params.followingId, tags: body?.tags ?? null } }),
    result: (data) => payload(data.acceptFollowingRequest, 'following'),
  }),
  route({
    method: 'POST',
    path: '/organizations/:organizationId/following/requests/:followingId/decline',
    tag: FOLLOWING,
    summary: 'Decline a following request (ADMIN)',
    params: followingParams,
    operation: `mutation($input: DeclineFollowingRequestInput!) { declineFollowingRequest(input: $input) { followingRequest { ${FOLLOWING_REQUEST_FIELDS} } } }`,
    variables: ({ params }) => ({ input: { organizationId: params.organizationId, followingId: params.followingId } }),
    result: (data) => payload(data.declineFollowingRequest, 'followingRequest'),
  }),
];
