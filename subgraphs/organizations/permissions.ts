import * as valid from '../../lib/validate';
import { type ArgumentFormat, admin, authenticated, byObject, type FieldRules, member, viewer } from '../field-rules';
import { followTags } from './follows';
import { roles } from './members';

/** Who may call each field of the organizations subgraph (subgraphs/field-rules.ts: deny by default). */

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
    organization: viewer('id').ids({ id: 'organizationId' }),
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
    deleteApiKey: byObject('the caller’s own key').ids({ id: 'apiKeyId' }),
    updateMe: authenticated,
    acceptInvite: byObject('an invite addressed to the caller’s email'),
    requestAccess: authenticated, // anyone may ask to join; the answer is only a status
    createOrganization: authenticated, // a new organization the caller administers
    // Before the input is read: a member learns nothing from its validation.
    updateOrganization: admin('id').ids({ id: 'organizationId' }),
    deleteOrganization: admin('id').ids({ id: 'organizationId' }),
    createFollowerRequest: admin('organizationId'),
    deleteFollowerRequest: admin('organizationId'),
    removeFollower: admin('organizationId'),
    acceptFollowingRequest: admin('organizationId').parse({ tags: tagList }),
    declineFollowingRequest: admin('organizationId'),
    updateFollowingTags: admin('organizationId').parse({ tags: tagList }),
    stopFollowing: admin('organizationId'),
    createInvite: admin('organizationId').parse({ email, roles: roleList }),
    deleteInvite: admin('organizationId').parse({ email }),
    resendInvite: admin('organizationId').parse({ email }),
    updateMember: admin('organizationId').ids({ userId: 'memberId' }).parse({ roles: roleList }),
    removeMember: admin('organizationId').ids({ userId: 'memberId' }),
    resetMemberMfa: admin('organizationId').ids({ userId: 'memberId' }),
    resetMemberPassword: admin('organizationId').ids({ userId: 'memberId' }),
  },
};
