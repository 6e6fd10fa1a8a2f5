import * as valid from '../../lib/validate';
import { type ArgumentFormat, admin, authenticated, byObject, type FieldRules, member } from '../field-rules';
import { followTags } from './follows';
import { roles } from './members';
import { nodeId, nodeIds } from './node-resolvers';

/**
 * Who may call each field of the organizations subgraph (subgraphs/field-rules.ts: deny by default).
 * Mutations name their organization inside their one input object (`input.organizationId`).
 */

const email: ArgumentFormat = (value, field) => valid.email(value, field);
const roleList: ArgumentFormat = (value, field) => roles(value as unknown[] | null, field);
const tagList: ArgumentFormat = (value, field) => followTags(value as unknown[] | null, field);

export const organizationsPermissions: FieldRules = {
  Query: {
    me: authenticated,
    apiKeys: authenticated,
    myInvites: authenticated,
    myInvite: byObject('an invite addressed to the caller’s email'),
    organizations: authenticated, // those the caller is a member of
    // Null with no error for an absent or foreign id (decided in the resolver by the visibility policy).
    organization: byObject('its members and the members of the organizations that follow it').ids({ id: 'organizationId' }),
    // Null with no error for an absent or invisible id (each decided in node-resolvers.ts by the visibility policy).
    node: byObject('the object’s organization: its members, and its followers for organizations and their alerts’ `followed:` copies').keyed({
      id: nodeId,
    }),
    nodes: byObject('each object as node(id:) decides').keyed({ ids: nodeIds }),
    followers: member('organizationId'),
    followerRequests: member('organizationId'),
    followerRequest: member('organizationId'),
    following: member('organizationId'),
    followingRequests: member('organizationId'),
    followingRequest: member('organizationId'),
    organizationInvites: member('organizationId'),
    organizationInvite: member('organizationId').parse({ email }),
    members: member('organizationId'),
    member: member('organizationId').ids({ userId: 'memberId' }),
  },
  Mutation: {
    createApiKey: authenticated,
    updateApiKey: byObject('the caller’s own key'),
    deleteApiKey: byObject('the caller’s own key'),
    updateMe: authenticated,
    acceptInvite: byObject('an invite addressed to the caller’s email'),
    requestAccess: authenticated, // anyone may ask to join; the answer is only a status
    createOrganization: authenticated, // a new organization the caller administers
    // Before the input is read: a member learns nothing from its validation.
    updateOrganization: admin('input.organizationId'),
    deleteOrganization: admin('input.organizationId'),
    createFollowerRequest: admin('input.organizationId'),
    deleteFollowerRequest: admin('input.organizationId'),
    removeFollower: admin('input.organizationId'),
    acceptFollowingRequest: admin('input.organizationId').parse({ 'input.tags': tagList }),
    declineFollowingRequest: admin('input.organizationId'),
    updateFollowingTags: admin('input.organizationId').parse({ 'input.tags': tagList }),
    stopFollowing: admin('input.organizationId'),
    createInvite: admin('input.organizationId').parse({ 'input.email': email, 'input.roles': roleList }),
    deleteInvite: admin('input.organizationId').parse({ 'input.email': email }),
    resendInvite: admin('input.organizationId').parse({ 'input.email': email }),
    updateMember: admin('input.organizationId').ids({ 'input.userId': 'memberId' }).parse({ 'input.roles': roleList }),
    removeMember: admin('input.organizationId').ids({ 'input.userId': 'memberId' }),
    resetMemberMfa: admin('input.organizationId').ids({ 'input.userId': 'memberId' }),
    resetMemberPassword: admin('input.organizationId').ids({ 'input.userId': 'memberId' }),
  },
};
