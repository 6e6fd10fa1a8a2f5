// Generated from this subgraph's SDL by `npm run codegen` (schema/resolver-types.ts): do not edit.
// test/subgraphs/resolver-types.test.ts fails when it is stale.
import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { SubgraphContext } from '../server';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A date and time: an RFC 3339 / ISO 8601 string with a time zone offset (answers are UTC with milliseconds, like `2026-11-25T14:03:07.120Z`); zone-less inputs are read as UTC. */
  DateTime: { input: Date; output: Date; }
  /** Any JSON value (object, array, string, number, boolean or null), used only where the API stores arbitrary properties. */
  JSON: { input: unknown; output: unknown; }
  _FieldSet: { input: unknown; output: unknown; }
};

/**
 * Where a page of a connection stands (the Relay connection model). Pages go forward: pass `endCursor`
 * as `after` while `hasNextPage` is true.
 */
export type PageInfo = {
  __typename?: 'PageInfo';
  /** Whether another page follows this one. */
  hasNextPage: Scalars['Boolean']['output'];
  /** Whether this page was read after a cursor (entries come before it). */
  hasPreviousPage: Scalars['Boolean']['output'];
  /** The cursor of the page's first entry; null when the page is empty. */
  startCursor?: Maybe<Scalars['String']['output']>;
  /** The cursor of the page's last entry, to pass as `after` for the next page; null when the page is empty. */
  endCursor?: Maybe<Scalars['String']['output']>;
};

/** A role a member holds in an organization, on top of reading it. A member without roles reads the organization's data. */
export type MemberRole =
  /** Changes the organization's configuration and data: members, invites, follow relations, scan targets, alerts' states, webhooks, questionnaires. */
  | 'ADMIN';

/** A language for rule titles and texts: Brazilian Portuguese or US English (the default where a language is optional). */
export type Language =
  /** Brazilian Portuguese (pt-BR). */
  | 'pt_BR'
  /** US English (en-US); the default. */
  | 'en_US';

/** Whether an account may sign in. */
export type UserStatus =
  /** The account is in use. */
  | 'ACTIVE';

/** Where a request to join an organization stands. */
export type AccessRequestStatus =
  /** Recorded; an ADMIN of the organization has not decided yet (also the answer for an organization id that does not exist, so the answer tells nothing). */
  | 'PENDING'
  /** The caller is a member of the organization already. */
  | 'ACCEPTED';

/**
 * A person's login account. It belongs to one or more organizations (as a member) and reads what they
 * follow. Other users see an account only where they share an organization with it.
 */
export type User = {
  __typename?: 'User';
  /** The user's id (a UUID). */
  id: Scalars['ID']['output'];
  /** The user's display name (1 to 200 characters). */
  name: Scalars['String']['output'];
  /** The user's email address, where invites are addressed. */
  email: Scalars['String']['output'];
  /** An http(s) URL of the user's picture; null when none is set. */
  picture?: Maybe<Scalars['String']['output']>;
  /** Every role the user holds in any of its organizations, each once (empty for another user than the caller). */
  roles: Array<MemberRole>;
  /** Whether the account may sign in. */
  status: UserStatus;
  /** The caller's memberships, one per organization it belongs to (empty for another user than the caller): at most one entry per organization. */
  member: Array<UserMembership>;
  /** Ids of the organizations that the user's organizations follow. */
  following: Array<Scalars['ID']['output']>;
  /**
   * The organizations that the caller's organizations follow, oldest first (each once; empty for another
   * user than the caller). Their alerts reach the caller censored, through `followingAlerts`.
   */
  followedOrganizations: OrganizationConnection;
  /** The user's language for texts Vigil writes (rule titles, reports). */
  language: Language;
  /** The identity provider the account signs in with (`vigil` for accounts Vigil keeps itself). */
  identityProvider: Scalars['String']['output'];
  /** Whether the user has confirmed its email address. */
  emailVerified: Scalars['Boolean']['output'];
  /** The IP address of the user's last sign-in or API call; null before the first one. */
  lastIp?: Maybe<Scalars['String']['output']>;
  /** How many times the user has signed in. */
  loginsCount: Scalars['Int']['output'];
  /** When the user last signed in; null before the first time. */
  lastLogin?: Maybe<Scalars['DateTime']['output']>;
  /** When the account was created. */
  createdAt: Scalars['DateTime']['output'];
  /** When the account last changed. */
  updatedAt: Scalars['DateTime']['output'];
};


/**
 * A person's login account. It belongs to one or more organizations (as a member) and reads what they
 * follow. Other users see an account only where they share an organization with it.
 */
export type UserFollowedOrganizationsArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};

/** One of the caller's memberships: an organization it belongs to and its roles there. */
export type UserMembership = {
  __typename?: 'UserMembership';
  /** The membership's id as the caller's own: `UserMembership:<organizationId>:<userId>` (`Membership.id` without the type: the same membership as its organization lists it, a different object). */
  id: Scalars['ID']['output'];
  /** The organization's id. */
  organizationId: Scalars['ID']['output'];
  /** The caller's roles in that organization (empty: a member who reads). */
  roles: Array<MemberRole>;
};

/**
 * An API key of the caller: `Authorization: Bearer <key>` authenticates as its user. `key` is masked,
 * except in the answer to `createApiKey`, the only time it is shown in full.
 */
export type ApiKey = {
  __typename?: 'ApiKey';
  /** The key's id (a UUID), to delete it with `deleteApiKey`. */
  id: Scalars['ID']['output'];
  /** The name its owner gave it (`API key` when none was given). */
  name: Scalars['String']['output'];
  /** The key, masked (`vgl_…` with most characters hidden); in full only in `createApiKey`'s answer. */
  key: Scalars['String']['output'];
  /** The id of the user the key authenticates as. */
  userId: Scalars['ID']['output'];
  /** The IP address the key was last used from; null before its first use. */
  lastIp?: Maybe<Scalars['String']['output']>;
  /** When the key was last used; null before its first use. */
  lastUse?: Maybe<Scalars['DateTime']['output']>;
  /** When the key was created. */
  createdAt: Scalars['DateTime']['output'];
  /**
   * Whether the key itself is restricted to trusted documents: its other operations on `/graphql` (POST, GET,
   * batches, multipart subscriptions), SSE and graphql-ws are refused with `PERSISTED_QUERY_NOT_IN_LIST`; the
   * REST API is not affected. A key is restricted as well while its user is a member of an organization whose
   * `trustedDocumentsOnly` is set, or when the whole deployment is (`VIGIL_TRUSTED_DOCUMENTS_ONLY=on`).
   */
  trustedDocumentsOnly: Scalars['Boolean']['output'];
};

/**
 * An invite to join an organization, addressed to an email address. `id` and `token` are the same
 * value: the invitee reads and accepts it with it (`myInvite`, `acceptInvite`). An invite expires 7 days
 * after it was created or last resent.
 */
export type Invite = {
  __typename?: 'Invite';
  /** The invite's id (a UUID); the same as `token`. */
  id: Scalars['ID']['output'];
  /** The token the invitee accepts the invite with (`acceptInvite`). */
  token: Scalars['ID']['output'];
  /** The id of the organization the invite is to. */
  organizationId: Scalars['ID']['output'];
  /** The name of the organization the invite is to. */
  organizationName: Scalars['String']['output'];
  /** The invited email address. */
  email: Scalars['String']['output'];
  /** The roles the invitee gets on accepting. */
  roles: Array<MemberRole>;
  /** When the invite expires (7 days after it was created or last resent); an expired invite cannot be accepted but can be resent. */
  expiredAt: Scalars['DateTime']['output'];
  /** When the invite was created. */
  createdAt: Scalars['DateTime']['output'];
};

/** A member of an organization, as the organization's members see it. */
export type Membership = {
  __typename?: 'Membership';
  /** The membership's id: `<organizationId>:<userId>`. */
  id: Scalars['ID']['output'];
  /** The organization's id. */
  organizationId: Scalars['ID']['output'];
  /** The member's user id. */
  userId: Scalars['ID']['output'];
  /** The member's display name. */
  name: Scalars['String']['output'];
  /** The member's email address. */
  email: Scalars['String']['output'];
  /** The member's roles in the organization (empty: a member who reads). */
  roles: Array<MemberRole>;
  /** The identity provider the member signs in with (`vigil` for accounts Vigil keeps itself). */
  identityProvider: Scalars['String']['output'];
  /** The IP address of the member's last sign-in or API call; null before the first one. */
  lastIp?: Maybe<Scalars['String']['output']>;
  /** When the member last signed in; null before the first time. */
  lastLogin?: Maybe<Scalars['DateTime']['output']>;
  /** How many times the member has signed in. */
  loginsCount: Scalars['Int']['output'];
  /** An http(s) URL of the member's picture; null when none is set. */
  picture?: Maybe<Scalars['String']['output']>;
  /** When the user joined the organization. */
  createdAt: Scalars['DateTime']['output'];
  /** When the membership (its roles) last changed. */
  updatedAt: Scalars['DateTime']['output'];
};

/** A page of API keys. */
export type ApiKeyConnection = {
  __typename?: 'ApiKeyConnection';
  /** The page's entries with their cursors. */
  edges: Array<ApiKeyEdge>;
  /** The page's API keys (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<ApiKey>;
  /** Where this page stands: whether another follows, and the cursor to ask for it. */
  pageInfo: PageInfo;
};

/** An API key with its cursor in the list. */
export type ApiKeyEdge = {
  __typename?: 'ApiKeyEdge';
  /** Pass it as `after` to read the entries that follow this one. */
  cursor: Scalars['String']['output'];
  /** An API key. */
  node: ApiKey;
};

/** A page of invites. */
export type InviteConnection = {
  __typename?: 'InviteConnection';
  /** The page's entries with their cursors. */
  edges: Array<InviteEdge>;
  /** The page's invites (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<Invite>;
  /** Where this page stands: whether another follows, and the cursor to ask for it. */
  pageInfo: PageInfo;
};

/** An invite with its cursor in the list. */
export type InviteEdge = {
  __typename?: 'InviteEdge';
  /** Pass it as `after` to read the entries that follow this one. */
  cursor: Scalars['String']['output'];
  /** An invite. */
  node: Invite;
};

/** The changes `updateMe` makes to the caller's profile; an absent or null field stays as it is. */
export type UpdateMeInput = {
  /** The new display name (1 to 200 characters). */
  name?: InputMaybe<Scalars['String']['input']>;
  /** An http(s) URL of the new picture (at most 2048 characters). */
  picture?: InputMaybe<Scalars['String']['input']>;
};

/** What `createApiKey` creates. */
export type CreateApiKeyInput = {
  /** A name to recognise the key by (at most 200 characters); `API key` when absent or empty. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** True: the key runs only trusted documents (`ApiKey.trustedDocumentsOnly`); false when absent. */
  trustedDocumentsOnly?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The changes `updateApiKey` makes to one of the caller's keys; an absent or null field stays as it is. */
export type UpdateApiKeyInput = {
  /** The id of one of the caller's own API keys. */
  apiKeyId: Scalars['ID']['input'];
  /** The new name (at most 200 characters); an empty string names it `API key`. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** True: the key runs only trusted documents from now on; false: it runs any operation again (unless its organization or the deployment restricts it). */
  trustedDocumentsOnly?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The key `deleteApiKey` deletes. */
export type DeleteApiKeyInput = {
  /** The id of one of the caller's own API keys. */
  apiKeyId: Scalars['ID']['input'];
};

/** The invite `acceptInvite` accepts. */
export type AcceptInviteInput = {
  /** The invite's token (its id), from `myInvites`. */
  token: Scalars['ID']['input'];
};

/** The organization `requestAccess` asks to join. */
export type RequestAccessInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
};

/** The answer to `createApiKey`. */
export type CreateApiKeyPayload = {
  __typename?: 'CreateApiKeyPayload';
  /** The new key, with `key` in full: the only time it is shown. */
  apiKey: ApiKey;
};

/** The answer to `updateApiKey`. */
export type UpdateApiKeyPayload = {
  __typename?: 'UpdateApiKeyPayload';
  /** The key after the change (masked). */
  apiKey: ApiKey;
};

/** The answer to `deleteApiKey`. */
export type DeleteApiKeyPayload = {
  __typename?: 'DeleteApiKeyPayload';
  /** The id of the deleted key. */
  deletedId: Scalars['ID']['output'];
};

/** The answer to `updateMe`. */
export type UpdateMePayload = {
  __typename?: 'UpdateMePayload';
  /** The caller after the change: the same `User` as `me`, so a cached `me` updates. */
  user: User;
};

/** The answer to `acceptInvite`. */
export type AcceptInvitePayload = {
  __typename?: 'AcceptInvitePayload';
  /** The caller's new membership of the invite's organization. */
  membership: Membership;
};

/** The answer to `requestAccess`. */
export type RequestAccessPayload = {
  __typename?: 'RequestAccessPayload';
  /** PENDING until an ADMIN of the organization decides, ACCEPTED when the caller is a member already. */
  status: AccessRequestStatus;
};

/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type Query = {
  __typename?: 'Query';
  /** The caller's own account. */
  me: User;
  /** The caller's active API keys (masked), oldest first. */
  apiKeys: ApiKeyConnection;
  /** Open invites addressed to the caller's email (not accepted, not expired, of an existing organization), oldest first. */
  myInvites: InviteConnection;
  /** One open invite addressed to the caller's email; null when there is none with this token (or it expired). */
  myInvite?: Maybe<Invite>;
  /** Organizations following this one, oldest relation first (any member may read). */
  followers: FollowerConnection;
  /** Requests this organization made to other organizations to follow it that are not accepted (PENDING and DECLINED ones), oldest first (any member may read). */
  followerRequests: FollowerRequestConnection;
  /** One request this organization made, by the invited organization's id; null when there is none (any member may read). */
  followerRequest?: Maybe<FollowerRequest>;
  /** Organizations this one follows, oldest relation first (any member may read). */
  following: FollowingConnection;
  /** PENDING requests asking this organization to follow another one, oldest first (any member may read). */
  followingRequests: FollowingRequestConnection;
  /** One PENDING request asking this organization to follow another one; null when there is none (any member may read). */
  followingRequest?: Maybe<FollowingRequest>;
  /** Invites of the organization not accepted yet, expired ones included (they can be resent), oldest first (any member may read). */
  organizationInvites: InviteConnection;
  /** One invite of the organization not accepted yet, by the invited email; null when there is none (any member may read). */
  organizationInvite?: Maybe<Invite>;
  /** Members of the organization in the order they joined (any member may read). */
  members: MembershipConnection;
  /** One member of the organization, by user id; null when the user is not a member (any member may read). */
  member?: Maybe<Membership>;
  /**
   * The object with this id, as the caller sees it in its lists: an organization the caller is a
   * member of or follows, an alert of the caller's organizations (by its id) or of one they follow
   * (by its `followed:<alert id>`, censored), a scan target or questionnaire of the caller's
   * organizations, a webhook of an organization the caller is an ADMIN of. Null, with no error, for an id that is absent or not visible to the caller;
   * BAD_REQUEST for one that is neither a UUID nor `followed:<UUID>`.
   */
  node?: Maybe<Node>;
  /**
   * The objects with these ids, in the same order, each as `node(id:)` answers it (null where the
   * object is absent or not visible to the caller). At most 100 ids (BAD_REQUEST beyond).
   */
  nodes: Array<Maybe<Node>>;
  /** The organizations the caller is a member of (not the ones it follows), oldest first. */
  organizations: OrganizationConnection;
  /** An organization the caller is a member of, or that one of its organizations follows; null for any other id. */
  organization?: Maybe<Organization>;
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryApiKeysArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryMyInvitesArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryMyInviteArgs = {
  token: Scalars['ID']['input'];
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryFollowersArgs = {
  organizationId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryFollowerRequestsArgs = {
  organizationId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryFollowerRequestArgs = {
  organizationId: Scalars['ID']['input'];
  token: Scalars['ID']['input'];
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryFollowingArgs = {
  organizationId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryFollowingRequestsArgs = {
  organizationId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryFollowingRequestArgs = {
  organizationId: Scalars['ID']['input'];
  followingId: Scalars['ID']['input'];
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryOrganizationInvitesArgs = {
  organizationId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryOrganizationInviteArgs = {
  organizationId: Scalars['ID']['input'];
  email: Scalars['String']['input'];
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryMembersArgs = {
  organizationId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryMemberArgs = {
  organizationId: Scalars['ID']['input'];
  userId: Scalars['ID']['input'];
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryNodeArgs = {
  id: Scalars['ID']['input'];
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryNodesArgs = {
  ids: Array<Scalars['ID']['input']>;
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryOrganizationsArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/**
 * What a caller may read. Every field needs an API key (`Authorization: Bearer vgl_…`); a lookup by id
 * answers null for an object that is not there or not the caller's, lists answer connections.
 */
export type QueryOrganizationArgs = {
  id: Scalars['ID']['input'];
};

/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type Mutation = {
  __typename?: 'Mutation';
  /** Creates an API key for the caller (at most the installation's quota of keys per user, 100 by default: QUOTA_EXCEEDED beyond). */
  createApiKey: CreateApiKeyPayload;
  /**
   * Renames one of the caller's API keys or restricts it to trusted documents (or lifts that). A key restricted
   * to trusted documents runs this mutation only if it is in a manifest: another key of the user lifts it.
   * NOT_FOUND for a key that is not the caller's.
   */
  updateApiKey: UpdateApiKeyPayload;
  /** Deletes one of the caller's API keys; it stops authenticating at once. NOT_FOUND for a key that is not the caller's. */
  deleteApiKey: DeleteApiKeyPayload;
  /** Changes the caller's name or picture. */
  updateMe: UpdateMePayload;
  /**
   * Accepts an invite addressed to the caller's email: the caller becomes a member of its organization
   * with the invite's roles. NOT_FOUND for an invite that is not open to the caller; CONFLICT when the
   * caller is a member already.
   */
  acceptInvite: AcceptInvitePayload;
  /**
   * Asks to join an organization (any user may ask; nothing is granted until an ADMIN of it decides). At
   * most the installation's quota of pending requests per user (QUOTA_EXCEEDED beyond).
   */
  requestAccess: RequestAccessPayload;
  /**
   * Asks another organization to follow this one (a declined request is asked again). ADMIN members of
   * the organization to be followed only. CONFLICT when it follows already or has a pending request.
   */
  createFollowerRequest: CreateFollowerRequestPayload;
  /** Withdraws a PENDING or DECLINED request. ADMIN members of the organization that asked only. */
  deleteFollowerRequest: DeleteFollowerRequestPayload;
  /** Ends a follow relation from the followed side. ADMIN members of the followed organization only. */
  removeFollower: RemoveFollowerPayload;
  /** Accepts a request: the caller's organization starts following. ADMIN members of the invited organization only. */
  acceptFollowingRequest: AcceptFollowingRequestPayload;
  /** Declines a request. ADMIN members of the invited organization only. */
  declineFollowingRequest: DeclineFollowingRequestPayload;
  /** Replaces the labels of a relation. ADMIN members of the follower organization only. */
  updateFollowingTags: UpdateFollowingTagsPayload;
  /** Stops following an organization. ADMIN members of the follower organization only. */
  stopFollowing: StopFollowingPayload;
  /**
   * Invites an email address to the organization. ADMIN members only. The invite expires after 7 days.
   * CONFLICT when the address is a member already or has an invite that has not expired.
   */
  createInvite: CreateInvitePayload;
  /** Withdraws an invite not accepted yet. ADMIN members only. */
  deleteInvite: DeleteInvitePayload;
  /** Sends an invite again: the same token, expiring 7 days from now. ADMIN members only. */
  resendInvite: ResendInvitePayload;
  /** Sets a member's roles. ADMIN members only. The last ADMIN of an organization cannot be demoted (CONFLICT). */
  updateMember: UpdateMemberPayload;
  /** Removes a member from the organization. ADMIN members only. The last ADMIN cannot be removed (CONFLICT). */
  removeMember: RemoveMemberPayload;
  /** Asks for a reset of a member's multi-factor authentication; the request is recorded as a MemberMfaResetRequested event. ADMIN members only. */
  resetMemberMfa: ResetMemberMfaPayload;
  /** Asks for a reset of a member's password; the request is recorded as a MemberPasswordResetRequested event. ADMIN members only. */
  resetMemberPassword: ResetMemberPasswordPayload;
  /**
   * Creates an organization; the caller becomes its only member, an ADMIN. At most the installation's
   * quota of organizations a user administers (50 by default: QUOTA_EXCEEDED beyond).
   */
  createOrganization: CreateOrganizationPayload;
  /** Changes an organization's name, picture, email or `trustedDocumentsOnly`. ADMIN members only. */
  updateOrganization: UpdateOrganizationPayload;
  /**
   * Deletes an organization. ADMIN members only. From then on it is invisible to everyone (its members,
   * followers, invitees and the organizations it follows); its data is kept for audit.
   */
  deleteOrganization: DeleteOrganizationPayload;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationCreateApiKeyArgs = {
  input: CreateApiKeyInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationUpdateApiKeyArgs = {
  input: UpdateApiKeyInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationDeleteApiKeyArgs = {
  input: DeleteApiKeyInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationUpdateMeArgs = {
  input: UpdateMeInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationAcceptInviteArgs = {
  input: AcceptInviteInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationRequestAccessArgs = {
  input: RequestAccessInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationCreateFollowerRequestArgs = {
  input: CreateFollowerRequestInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationDeleteFollowerRequestArgs = {
  input: DeleteFollowerRequestInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationRemoveFollowerArgs = {
  input: RemoveFollowerInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationAcceptFollowingRequestArgs = {
  input: AcceptFollowingRequestInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationDeclineFollowingRequestArgs = {
  input: DeclineFollowingRequestInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationUpdateFollowingTagsArgs = {
  input: UpdateFollowingTagsInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationStopFollowingArgs = {
  input: StopFollowingInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationCreateInviteArgs = {
  input: CreateInviteInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationDeleteInviteArgs = {
  input: DeleteInviteInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationResendInviteArgs = {
  input: ResendInviteInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationUpdateMemberArgs = {
  input: UpdateMemberInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationRemoveMemberArgs = {
  input: RemoveMemberInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationResetMemberMfaArgs = {
  input: ResetMemberMfaInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationResetMemberPasswordArgs = {
  input: ResetMemberPasswordInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationCreateOrganizationArgs = {
  input: CreateOrganizationInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationUpdateOrganizationArgs = {
  input: UpdateOrganizationInput;
};


/**
 * What a caller may change. Each mutation takes one `input` object and answers a payload carrying the
 * changed object (or the removed id), so a normalised client cache updates itself.
 */
export type MutationDeleteOrganizationArgs = {
  input: DeleteOrganizationInput;
};

/** Where a request to follow stands. An accepted request becomes a follow relation (`Follower` / `Following`) and leaves the request lists. */
export type FollowRequestStatus =
  /** Asked; the invited organization has not decided yet. */
  | 'PENDING'
  /** The invited organization declined; the followed organization may ask again. */
  | 'DECLINED';

/**
 * An organization that follows the caller's organization (the followed side's view). A follower reads
 * the followed organization's alerts censored.
 */
export type Follower = {
  __typename?: 'Follower';
  /** The relation's id: `Follower:<followerId>:<followingId>` (the type first, so no other type shares it). */
  id: Scalars['ID']['output'];
  /** The follower organization's name. */
  name: Scalars['String']['output'];
  /** An http(s) URL of the follower organization's picture; null when none is set. */
  picture?: Maybe<Scalars['String']['output']>;
  /** The follower organization's id. */
  followerId: Scalars['ID']['output'];
  /** The followed organization's id (the caller's organization). */
  followingId: Scalars['ID']['output'];
  /** When the follower started following. */
  createdAt: Scalars['DateTime']['output'];
};

/** An organization the caller's organization follows (the follower side's view). */
export type Following = {
  __typename?: 'Following';
  /** The relation's id: `Following:<followerId>:<followingId>` (the type first, so no other type shares it). */
  id: Scalars['ID']['output'];
  /** The followed organization's name. */
  name: Scalars['String']['output'];
  /** An http(s) URL of the followed organization's picture; null when none is set. */
  picture?: Maybe<Scalars['String']['output']>;
  /** The follower organization's id (the caller's organization). */
  followerId: Scalars['ID']['output'];
  /** The followed organization's id. */
  followingId: Scalars['ID']['output'];
  /** The follower's own labels for this relation (at most 50), which the following-alert filter `followingTags` selects by; the followed organization never sees them. */
  tags: Array<Scalars['String']['output']>;
  /** When the caller's organization started following. */
  createdAt: Scalars['DateTime']['output'];
};

/** A request of the caller's organization asking another one to follow it (the followed side's view). */
export type FollowerRequest = {
  __typename?: 'FollowerRequest';
  /** The id of the organization invited to follow (the same as `followerId`). */
  token: Scalars['ID']['output'];
  /** The request's id: `FollowerRequest:<followerId>:<followingId>` (the type first, so no other type shares it). */
  id: Scalars['ID']['output'];
  /** Always null: an id the inviter typed must not tell whether, or which, organization it belongs to (the name shows in `followers` once accepted). */
  name?: Maybe<Scalars['String']['output']>;
  /** The id of the organization invited to follow. */
  followerId: Scalars['ID']['output'];
  /** The id of the organization that asks to be followed (the caller's organization). */
  followingId: Scalars['ID']['output'];
  /** Whether the invited organization has declined. */
  status: FollowRequestStatus;
  /** When the request was made (or last made again). */
  createdAt: Scalars['DateTime']['output'];
  /** When the invited organization declined; null while pending. */
  decidedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** A pending request asking the caller's organization to follow another one (the invited side's view). */
export type FollowingRequest = {
  __typename?: 'FollowingRequest';
  /** The request's id: `FollowingRequest:<followerId>:<followingId>` (the type first, so no other type shares it). */
  id: Scalars['ID']['output'];
  /** The name of the organization that asks to be followed. */
  name: Scalars['String']['output'];
  /** The id of the organization invited to follow (the caller's organization). */
  followerId: Scalars['ID']['output'];
  /** The id of the organization that asks to be followed. */
  followingId: Scalars['ID']['output'];
  /** PENDING in the list; DECLINED in `declineFollowingRequest`'s answer. */
  status: FollowRequestStatus;
  /** When the request was made (or last made again). */
  createdAt: Scalars['DateTime']['output'];
  /** When the caller's organization declined; null while pending. */
  decidedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** A page of followers. */
export type FollowerConnection = {
  __typename?: 'FollowerConnection';
  /** The page's entries with their cursors. */
  edges: Array<FollowerEdge>;
  /** The page's followers (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<Follower>;
  /** Where this page stands: whether another follows, and the cursor to ask for it. */
  pageInfo: PageInfo;
};

/** A follower with its cursor in the list. */
export type FollowerEdge = {
  __typename?: 'FollowerEdge';
  /** Pass it as `after` to read the entries that follow this one. */
  cursor: Scalars['String']['output'];
  /** A follower. */
  node: Follower;
};

/** A page of followed organizations. */
export type FollowingConnection = {
  __typename?: 'FollowingConnection';
  /** The page's entries with their cursors. */
  edges: Array<FollowingEdge>;
  /** The page's followed organizations (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<Following>;
  /** Where this page stands: whether another follows, and the cursor to ask for it. */
  pageInfo: PageInfo;
};

/** A followed organization with its cursor in the list. */
export type FollowingEdge = {
  __typename?: 'FollowingEdge';
  /** Pass it as `after` to read the entries that follow this one. */
  cursor: Scalars['String']['output'];
  /** A followed organization. */
  node: Following;
};

/** A page of follower requests. */
export type FollowerRequestConnection = {
  __typename?: 'FollowerRequestConnection';
  /** The page's entries with their cursors. */
  edges: Array<FollowerRequestEdge>;
  /** The page's follower requests (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<FollowerRequest>;
  /** Where this page stands: whether another follows, and the cursor to ask for it. */
  pageInfo: PageInfo;
};

/** A follower request with its cursor in the list. */
export type FollowerRequestEdge = {
  __typename?: 'FollowerRequestEdge';
  /** Pass it as `after` to read the entries that follow this one. */
  cursor: Scalars['String']['output'];
  /** A follower request. */
  node: FollowerRequest;
};

/** A page of following requests. */
export type FollowingRequestConnection = {
  __typename?: 'FollowingRequestConnection';
  /** The page's entries with their cursors. */
  edges: Array<FollowingRequestEdge>;
  /** The page's following requests (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<FollowingRequest>;
  /** Where this page stands: whether another follows, and the cursor to ask for it. */
  pageInfo: PageInfo;
};

/** A following request with its cursor in the list. */
export type FollowingRequestEdge = {
  __typename?: 'FollowingRequestEdge';
  /** Pass it as `after` to read the entries that follow this one. */
  cursor: Scalars['String']['output'];
  /** A following request. */
  node: FollowingRequest;
};

/** The organization `createFollowerRequest` asks to follow the caller's. */
export type CreateFollowerRequestInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
  /** The id of the organization invited to follow. */
  token: Scalars['ID']['input'];
};

/** The request `deleteFollowerRequest` withdraws. */
export type DeleteFollowerRequestInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
  /** The id of the organization invited to follow. */
  token: Scalars['ID']['input'];
};

/** The follower `removeFollower` stops. */
export type RemoveFollowerInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
  /** The follower organization's id. */
  followerId: Scalars['ID']['input'];
};

/** The request `acceptFollowingRequest` accepts, and the relation's labels. */
export type AcceptFollowingRequestInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
  /** The id of the followed organization (or the one that asks to be followed). */
  followingId: Scalars['ID']['input'];
  /** Labels of the new relation (at most 50, each 1 to 100 characters); none when absent. */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** The request `declineFollowingRequest` declines. */
export type DeclineFollowingRequestInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
  /** The id of the followed organization (or the one that asks to be followed). */
  followingId: Scalars['ID']['input'];
};

/** The relation whose labels `updateFollowingTags` replaces. */
export type UpdateFollowingTagsInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
  /** The followed organization's id. */
  followingId: Scalars['ID']['input'];
  /** The new labels (at most 50, each 1 to 100 characters); an empty list removes them all. */
  tags: Array<Scalars['String']['input']>;
};

/** The relation `stopFollowing` ends. */
export type StopFollowingInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
  /** The followed organization's id. */
  followingId: Scalars['ID']['input'];
};

/** The answer to `createFollowerRequest`. */
export type CreateFollowerRequestPayload = {
  __typename?: 'CreateFollowerRequestPayload';
  /** The request, PENDING. */
  followerRequest: FollowerRequest;
};

/** The answer to `deleteFollowerRequest`. */
export type DeleteFollowerRequestPayload = {
  __typename?: 'DeleteFollowerRequestPayload';
  /** The id of the withdrawn request (`FollowerRequest.id`, `FollowerRequest:<followerId>:<followingId>`). */
  deletedId: Scalars['ID']['output'];
};

/** The answer to `removeFollower`. */
export type RemoveFollowerPayload = {
  __typename?: 'RemoveFollowerPayload';
  /** The id of the ended relation (`Follower.id`, `Follower:<followerId>:<followingId>`). */
  deletedId: Scalars['ID']['output'];
};

/** The answer to `acceptFollowingRequest`. */
export type AcceptFollowingRequestPayload = {
  __typename?: 'AcceptFollowingRequestPayload';
  /** The new relation. */
  following: Following;
};

/** The answer to `declineFollowingRequest`. */
export type DeclineFollowingRequestPayload = {
  __typename?: 'DeclineFollowingRequestPayload';
  /** The request, DECLINED. */
  followingRequest: FollowingRequest;
};

/** The answer to `updateFollowingTags`. */
export type UpdateFollowingTagsPayload = {
  __typename?: 'UpdateFollowingTagsPayload';
  /** The relation with its new labels. */
  following: Following;
};

/** The answer to `stopFollowing`. */
export type StopFollowingPayload = {
  __typename?: 'StopFollowingPayload';
  /** The id of the ended relation (`Following.id`, `Following:<followerId>:<followingId>`). */
  deletedId: Scalars['ID']['output'];
};

/** Whom `createInvite` invites, and with which roles. */
export type CreateInviteInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
  /** The invited email address. */
  email: Scalars['String']['input'];
  /** The roles the invitee gets on accepting; null or absent means none (a member who reads). */
  roles?: InputMaybe<Array<MemberRole>>;
};

/** The invite `deleteInvite` withdraws. */
export type DeleteInviteInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
  /** The invited email address. */
  email: Scalars['String']['input'];
};

/** The invite `resendInvite` sends again. */
export type ResendInviteInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
  /** The invited email address. */
  email: Scalars['String']['input'];
};

/** The answer to `createInvite`. */
export type CreateInvitePayload = {
  __typename?: 'CreateInvitePayload';
  /** The new invite. */
  invite: Invite;
};

/** The answer to `deleteInvite`. */
export type DeleteInvitePayload = {
  __typename?: 'DeleteInvitePayload';
  /** The id of the withdrawn invite. */
  deletedId: Scalars['ID']['output'];
};

/** The answer to `resendInvite`. */
export type ResendInvitePayload = {
  __typename?: 'ResendInvitePayload';
  /** The invite with its new expiry. */
  invite: Invite;
};

/** A page of members. */
export type MembershipConnection = {
  __typename?: 'MembershipConnection';
  /** The page's entries with their cursors. */
  edges: Array<MembershipEdge>;
  /** The page's members (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<Membership>;
  /** Where this page stands: whether another follows, and the cursor to ask for it. */
  pageInfo: PageInfo;
};

/** A member with its cursor in the list. */
export type MembershipEdge = {
  __typename?: 'MembershipEdge';
  /** Pass it as `after` to read the entries that follow this one. */
  cursor: Scalars['String']['output'];
  /** A member. */
  node: Membership;
};

/** The member `updateMember` changes, and its new roles. */
export type UpdateMemberInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
  /** The member's user id. */
  userId: Scalars['ID']['input'];
  /** The member's new roles; null or absent means none (a member who reads). */
  roles?: InputMaybe<Array<MemberRole>>;
};

/** The member `removeMember` removes. */
export type RemoveMemberInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
  /** The member's user id. */
  userId: Scalars['ID']['input'];
};

/** The member whose multi-factor authentication `resetMemberMfa` resets. */
export type ResetMemberMfaInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
  /** The member's user id. */
  userId: Scalars['ID']['input'];
};

/** The member whose password `resetMemberPassword` resets. */
export type ResetMemberPasswordInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
  /** The member's user id. */
  userId: Scalars['ID']['input'];
};

/** The answer to `updateMember`. */
export type UpdateMemberPayload = {
  __typename?: 'UpdateMemberPayload';
  /** The member with its new roles. */
  membership: Membership;
};

/** The answer to `removeMember`. */
export type RemoveMemberPayload = {
  __typename?: 'RemoveMemberPayload';
  /** The id of the removed membership (`<organizationId>:<userId>`). */
  deletedId: Scalars['ID']['output'];
};

/** The answer to `resetMemberMfa`. */
export type ResetMemberMfaPayload = {
  __typename?: 'ResetMemberMfaPayload';
  /** The member whose reset was requested. */
  membership: Membership;
};

/** The answer to `resetMemberPassword`. */
export type ResetMemberPasswordPayload = {
  __typename?: 'ResetMemberPasswordPayload';
  /** The member whose reset was requested. */
  membership: Membership;
};

/**
 * An object a client can refetch by its id alone (Relay's object identification): `Query.node(id:)`
 * answers it with the same visibility as the lists it came from. Ids are unique across the types that
 * implement `Node`, so a cache keyed by `id` alone (Relay, urql's graphcache) never mixes two objects.
 */
export type Node = {
  /** The object's id, unique across all types that implement `Node`; pass it to `node(id:)` to refetch the object. */
  id: Scalars['ID']['output'];
};

export type Alert = Node & {
  __typename?: 'Alert';
  /** The cache identity of this view of the alert: the alert's id, or `followed:<alert id>` for a follower's censored copy. */
  id: Scalars['ID']['output'];
};

export type ScanTarget = Node & {
  __typename?: 'ScanTarget';
  /** The scan target's id (UUID). */
  id: Scalars['ID']['output'];
};

export type Questionnaire = Node & {
  __typename?: 'Questionnaire';
  /** The template's id. */
  id: Scalars['ID']['output'];
};

export type Webhook = Node & {
  __typename?: 'Webhook';
  /** The webhook's id (UUID). */
  id: Scalars['ID']['output'];
};

/**
 * A company, business or sector whose security posture Vigil follows: it has members, scan targets and
 * their alerts, and it may follow other organizations (reading their alerts censored) and be followed by
 * them. Its members see it, and so do the members of the organizations that follow it.
 */
export type Organization = Node & {
  __typename?: 'Organization';
  /** The organization's id (a UUID). */
  id: Scalars['ID']['output'];
  /** The organization's name (1 to 200 characters). */
  name: Scalars['String']['output'];
  /** An http(s) URL of the organization's picture, whose path ends in .jpg, .jpeg, .png or .svg; null when none is set. */
  picture?: Maybe<Scalars['String']['output']>;
  /** The organization's contact email address; null when none is set. */
  email?: Maybe<Scalars['String']['output']>;
  /** When the organization was created. */
  createdAt: Scalars['DateTime']['output'];
  /** When the organization's name, picture, email or `trustedDocumentsOnly` last changed. */
  updatedAt: Scalars['DateTime']['output'];
  /**
   * Whether its members' API keys run only trusted documents (docs/api.md, "Trusted documents"): every key of
   * every member is refused any other operation on `/graphql`, SSE and graphql-ws with
   * `PERSISTED_QUERY_NOT_IN_LIST`, whatever organization the operation reads; the REST API is not affected. It
   * restricts nothing in the organizations that follow it or that it follows. Null for a caller who is not a member.
   */
  trustedDocumentsOnly?: Maybe<Scalars['Boolean']['output']>;
};

/** A page of organizations. */
export type OrganizationConnection = {
  __typename?: 'OrganizationConnection';
  /** The page's entries with their cursors. */
  edges: Array<OrganizationEdge>;
  /** The page's organizations (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<Organization>;
  /** Where this page stands: whether another follows, and the cursor to ask for it. */
  pageInfo: PageInfo;
};

/** An organization with its cursor in the list. */
export type OrganizationEdge = {
  __typename?: 'OrganizationEdge';
  /** Pass it as `after` to read the entries that follow this one. */
  cursor: Scalars['String']['output'];
  /** An organization. */
  node: Organization;
};

/** What `createOrganization` creates. */
export type CreateOrganizationInput = {
  /** The name (1 to 200 characters, trimmed). */
  name: Scalars['String']['input'];
  /** An http(s) URL of a .jpg, .jpeg, .png or .svg picture (at most 2048 characters). */
  picture?: InputMaybe<Scalars['String']['input']>;
  /** A contact email address. */
  email?: InputMaybe<Scalars['String']['input']>;
};

/**
 * The changes `updateOrganization` makes. An absent or null field stays as it is; an empty string clears
 * `picture` or `email` (a name cannot be cleared).
 */
export type UpdateOrganizationInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
  /** The new name (1 to 200 characters, trimmed). */
  name?: InputMaybe<Scalars['String']['input']>;
  /** An http(s) URL of a .jpg, .jpeg, .png or .svg picture; an empty string clears it. */
  picture?: InputMaybe<Scalars['String']['input']>;
  /** A contact email address; an empty string clears it. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** True: its members' keys run only trusted documents (`Organization.trustedDocumentsOnly`); false lifts it. */
  trustedDocumentsOnly?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The organization `deleteOrganization` deletes. */
export type DeleteOrganizationInput = {
  /** The organization's id. */
  organizationId: Scalars['ID']['input'];
};

/** The answer to `createOrganization`. */
export type CreateOrganizationPayload = {
  __typename?: 'CreateOrganizationPayload';
  /** The new organization, whose only member (an ADMIN) is the caller. */
  organization: Organization;
};

/** The answer to `updateOrganization`. */
export type UpdateOrganizationPayload = {
  __typename?: 'UpdateOrganizationPayload';
  /** The organization after the change. */
  organization: Organization;
};

/** The answer to `deleteOrganization`. */
export type DeleteOrganizationPayload = {
  __typename?: 'DeleteOrganizationPayload';
  /** The id of the deleted organization. */
  deletedId: Scalars['ID']['output'];
};



export type ResolverTypeWrapper<T> = Promise<T> | T;

export type ReferenceResolver<TResult, TReference, TContext> = (
      reference: TReference,
      context: TContext,
      info: GraphQLResolveInfo
    ) => Promise<TResult> | TResult;

      type ScalarCheck<T, S> = S extends true ? T : NullableCheck<T, S>;
      type NullableCheck<T, S> = Maybe<T> extends T ? Maybe<ListCheck<NonNullable<T>, S>> : ListCheck<T, S>;
      type ListCheck<T, S> = T extends (infer U)[] ? NullableCheck<U, S>[] : GraphQLRecursivePick<T, S>;
      export type GraphQLRecursivePick<T, S> = { [K in keyof T & keyof S]: ScalarCheck<T[K], S[K]> };
    

export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

/** Mapping of federation types */
export type FederationTypes = {
  User: User;
  Organization: Organization;
};

/** Mapping of federation reference types */
export type FederationReferenceTypes = {
  User:
    ( { __typename: 'User' }
    & GraphQLRecursivePick<FederationTypes['User'], {"id":true}> );
  Organization:
    ( { __typename: 'Organization' }
    & GraphQLRecursivePick<FederationTypes['Organization'], {"id":true}> );
};



/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  DateTime: ResolverTypeWrapper<any>;
  JSON: ResolverTypeWrapper<any>;
  PageInfo: ResolverTypeWrapper<any>;
  Boolean: ResolverTypeWrapper<any>;
  String: ResolverTypeWrapper<any>;
  MemberRole: ResolverTypeWrapper<any>;
  Language: Language;
  UserStatus: ResolverTypeWrapper<any>;
  AccessRequestStatus: ResolverTypeWrapper<any>;
  User: ResolverTypeWrapper<any>;
  ID: ResolverTypeWrapper<any>;
  Int: ResolverTypeWrapper<any>;
  UserMembership: ResolverTypeWrapper<any>;
  ApiKey: ResolverTypeWrapper<any>;
  Invite: ResolverTypeWrapper<any>;
  Membership: ResolverTypeWrapper<any>;
  ApiKeyConnection: ResolverTypeWrapper<any>;
  ApiKeyEdge: ResolverTypeWrapper<any>;
  InviteConnection: ResolverTypeWrapper<any>;
  InviteEdge: ResolverTypeWrapper<any>;
  UpdateMeInput: ResolverTypeWrapper<any>;
  CreateApiKeyInput: ResolverTypeWrapper<any>;
  UpdateApiKeyInput: ResolverTypeWrapper<any>;
  DeleteApiKeyInput: ResolverTypeWrapper<any>;
  AcceptInviteInput: ResolverTypeWrapper<any>;
  RequestAccessInput: ResolverTypeWrapper<any>;
  CreateApiKeyPayload: ResolverTypeWrapper<any>;
  UpdateApiKeyPayload: ResolverTypeWrapper<any>;
  DeleteApiKeyPayload: ResolverTypeWrapper<any>;
  UpdateMePayload: ResolverTypeWrapper<any>;
  AcceptInvitePayload: ResolverTypeWrapper<any>;
  RequestAccessPayload: ResolverTypeWrapper<any>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  FollowRequestStatus: ResolverTypeWrapper<any>;
  Follower: ResolverTypeWrapper<any>;
  Following: ResolverTypeWrapper<any>;
  FollowerRequest: ResolverTypeWrapper<any>;
  FollowingRequest: ResolverTypeWrapper<any>;
  FollowerConnection: ResolverTypeWrapper<any>;
  FollowerEdge: ResolverTypeWrapper<any>;
  FollowingConnection: ResolverTypeWrapper<any>;
  FollowingEdge: ResolverTypeWrapper<any>;
  FollowerRequestConnection: ResolverTypeWrapper<any>;
  FollowerRequestEdge: ResolverTypeWrapper<any>;
  FollowingRequestConnection: ResolverTypeWrapper<any>;
  FollowingRequestEdge: ResolverTypeWrapper<any>;
  CreateFollowerRequestInput: ResolverTypeWrapper<any>;
  DeleteFollowerRequestInput: ResolverTypeWrapper<any>;
  RemoveFollowerInput: ResolverTypeWrapper<any>;
  AcceptFollowingRequestInput: ResolverTypeWrapper<any>;
  DeclineFollowingRequestInput: ResolverTypeWrapper<any>;
  UpdateFollowingTagsInput: ResolverTypeWrapper<any>;
  StopFollowingInput: ResolverTypeWrapper<any>;
  CreateFollowerRequestPayload: ResolverTypeWrapper<any>;
  DeleteFollowerRequestPayload: ResolverTypeWrapper<any>;
  RemoveFollowerPayload: ResolverTypeWrapper<any>;
  AcceptFollowingRequestPayload: ResolverTypeWrapper<any>;
  DeclineFollowingRequestPayload: ResolverTypeWrapper<any>;
  UpdateFollowingTagsPayload: ResolverTypeWrapper<any>;
  StopFollowingPayload: ResolverTypeWrapper<any>;
  CreateInviteInput: ResolverTypeWrapper<any>;
  DeleteInviteInput: ResolverTypeWrapper<any>;
  ResendInviteInput: ResolverTypeWrapper<any>;
  CreateInvitePayload: ResolverTypeWrapper<any>;
  DeleteInvitePayload: ResolverTypeWrapper<any>;
  ResendInvitePayload: ResolverTypeWrapper<any>;
  MembershipConnection: ResolverTypeWrapper<any>;
  MembershipEdge: ResolverTypeWrapper<any>;
  UpdateMemberInput: ResolverTypeWrapper<any>;
  RemoveMemberInput: ResolverTypeWrapper<any>;
  ResetMemberMfaInput: ResolverTypeWrapper<any>;
  ResetMemberPasswordInput: ResolverTypeWrapper<any>;
  UpdateMemberPayload: ResolverTypeWrapper<any>;
  RemoveMemberPayload: ResolverTypeWrapper<any>;
  ResetMemberMfaPayload: ResolverTypeWrapper<any>;
  ResetMemberPasswordPayload: ResolverTypeWrapper<any>;
  Node: ResolverTypeWrapper<any>;
  Alert: ResolverTypeWrapper<any>;
  ScanTarget: ResolverTypeWrapper<any>;
  Questionnaire: ResolverTypeWrapper<any>;
  Webhook: ResolverTypeWrapper<any>;
  Organization: ResolverTypeWrapper<any>;
  OrganizationConnection: ResolverTypeWrapper<any>;
  OrganizationEdge: ResolverTypeWrapper<any>;
  CreateOrganizationInput: ResolverTypeWrapper<any>;
  UpdateOrganizationInput: ResolverTypeWrapper<any>;
  DeleteOrganizationInput: ResolverTypeWrapper<any>;
  CreateOrganizationPayload: ResolverTypeWrapper<any>;
  UpdateOrganizationPayload: ResolverTypeWrapper<any>;
  DeleteOrganizationPayload: ResolverTypeWrapper<any>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  DateTime: any;
  JSON: any;
  PageInfo: any;
  Boolean: any;
  String: any;
  User: any;
  ID: any;
  Int: any;
  UserMembership: any;
  ApiKey: any;
  Invite: any;
  Membership: any;
  ApiKeyConnection: any;
  ApiKeyEdge: any;
  InviteConnection: any;
  InviteEdge: any;
  UpdateMeInput: any;
  CreateApiKeyInput: any;
  UpdateApiKeyInput: any;
  DeleteApiKeyInput: any;
  AcceptInviteInput: any;
  RequestAccessInput: any;
  CreateApiKeyPayload: any;
  UpdateApiKeyPayload: any;
  DeleteApiKeyPayload: any;
  UpdateMePayload: any;
  AcceptInvitePayload: any;
  RequestAccessPayload: any;
  Query: Record<PropertyKey, never>;
  Mutation: Record<PropertyKey, never>;
  Follower: any;
  Following: any;
  FollowerRequest: any;
  FollowingRequest: any;
  FollowerConnection: any;
  FollowerEdge: any;
  FollowingConnection: any;
  FollowingEdge: any;
  FollowerRequestConnection: any;
  FollowerRequestEdge: any;
  FollowingRequestConnection: any;
  FollowingRequestEdge: any;
  CreateFollowerRequestInput: any;
  DeleteFollowerRequestInput: any;
  RemoveFollowerInput: any;
  AcceptFollowingRequestInput: any;
  DeclineFollowingRequestInput: any;
  UpdateFollowingTagsInput: any;
  StopFollowingInput: any;
  CreateFollowerRequestPayload: any;
  DeleteFollowerRequestPayload: any;
  RemoveFollowerPayload: any;
  AcceptFollowingRequestPayload: any;
  DeclineFollowingRequestPayload: any;
  UpdateFollowingTagsPayload: any;
  StopFollowingPayload: any;
  CreateInviteInput: any;
  DeleteInviteInput: any;
  ResendInviteInput: any;
  CreateInvitePayload: any;
  DeleteInvitePayload: any;
  ResendInvitePayload: any;
  MembershipConnection: any;
  MembershipEdge: any;
  UpdateMemberInput: any;
  RemoveMemberInput: any;
  ResetMemberMfaInput: any;
  ResetMemberPasswordInput: any;
  UpdateMemberPayload: any;
  RemoveMemberPayload: any;
  ResetMemberMfaPayload: any;
  ResetMemberPasswordPayload: any;
  Node: any;
  Alert: any;
  ScanTarget: any;
  Questionnaire: any;
  Webhook: any;
  Organization: any;
  OrganizationConnection: any;
  OrganizationEdge: any;
  CreateOrganizationInput: any;
  UpdateOrganizationInput: any;
  DeleteOrganizationInput: any;
  CreateOrganizationPayload: any;
  UpdateOrganizationPayload: any;
  DeleteOrganizationPayload: any;
};

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type PageInfoResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type LanguageResolvers = { PT_BR: 'pt_BR', EN_US: 'en_US' };

export type UserResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User'], FederationReferenceType extends FederationReferenceTypes['User'] = FederationReferenceTypes['User']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['User']> | FederationReferenceType, FederationReferenceType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  picture?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  roles?: Resolver<Array<ResolversTypes['MemberRole']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['UserStatus'], ParentType, ContextType>;
  member?: Resolver<Array<ResolversTypes['UserMembership']>, ParentType, ContextType>;
  following?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  followedOrganizations?: Resolver<ResolversTypes['OrganizationConnection'], ParentType, ContextType, RequireFields<UserFollowedOrganizationsArgs, 'first'>>;
  language?: Resolver<ResolversTypes['Language'], ParentType, ContextType>;
  identityProvider?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  emailVerified?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  lastIp?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  loginsCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  lastLogin?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type UserMembershipResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['UserMembership'] = ResolversParentTypes['UserMembership']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  roles?: Resolver<Array<ResolversTypes['MemberRole']>, ParentType, ContextType>;
};

export type ApiKeyResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ApiKey'] = ResolversParentTypes['ApiKey']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  userId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastIp?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastUse?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  trustedDocumentsOnly?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type InviteResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Invite'] = ResolversParentTypes['Invite']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  token?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  roles?: Resolver<Array<ResolversTypes['MemberRole']>, ParentType, ContextType>;
  expiredAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type MembershipResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Membership'] = ResolversParentTypes['Membership']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  userId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  roles?: Resolver<Array<ResolversTypes['MemberRole']>, ParentType, ContextType>;
  identityProvider?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastIp?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastLogin?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  loginsCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  picture?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type ApiKeyConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ApiKeyConnection'] = ResolversParentTypes['ApiKeyConnection']> = {
  edges?: Resolver<Array<ResolversTypes['ApiKeyEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['ApiKey']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type ApiKeyEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ApiKeyEdge'] = ResolversParentTypes['ApiKeyEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ApiKey'], ParentType, ContextType>;
};

export type InviteConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['InviteConnection'] = ResolversParentTypes['InviteConnection']> = {
  edges?: Resolver<Array<ResolversTypes['InviteEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Invite']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type InviteEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['InviteEdge'] = ResolversParentTypes['InviteEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Invite'], ParentType, ContextType>;
};

export type CreateApiKeyPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CreateApiKeyPayload'] = ResolversParentTypes['CreateApiKeyPayload']> = {
  apiKey?: Resolver<ResolversTypes['ApiKey'], ParentType, ContextType>;
};

export type UpdateApiKeyPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['UpdateApiKeyPayload'] = ResolversParentTypes['UpdateApiKeyPayload']> = {
  apiKey?: Resolver<ResolversTypes['ApiKey'], ParentType, ContextType>;
};

export type DeleteApiKeyPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['DeleteApiKeyPayload'] = ResolversParentTypes['DeleteApiKeyPayload']> = {
  deletedId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type UpdateMePayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['UpdateMePayload'] = ResolversParentTypes['UpdateMePayload']> = {
  user?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
};

export type AcceptInvitePayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AcceptInvitePayload'] = ResolversParentTypes['AcceptInvitePayload']> = {
  membership?: Resolver<ResolversTypes['Membership'], ParentType, ContextType>;
};

export type RequestAccessPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['RequestAccessPayload'] = ResolversParentTypes['RequestAccessPayload']> = {
  status?: Resolver<ResolversTypes['AccessRequestStatus'], ParentType, ContextType>;
};

export type QueryResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  me?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
  apiKeys?: Resolver<ResolversTypes['ApiKeyConnection'], ParentType, ContextType, RequireFields<QueryApiKeysArgs, 'first'>>;
  myInvites?: Resolver<ResolversTypes['InviteConnection'], ParentType, ContextType, RequireFields<QueryMyInvitesArgs, 'first'>>;
  myInvite?: Resolver<Maybe<ResolversTypes['Invite']>, ParentType, ContextType, RequireFields<QueryMyInviteArgs, 'token'>>;
  followers?: Resolver<ResolversTypes['FollowerConnection'], ParentType, ContextType, RequireFields<QueryFollowersArgs, 'organizationId' | 'first'>>;
  followerRequests?: Resolver<ResolversTypes['FollowerRequestConnection'], ParentType, ContextType, RequireFields<QueryFollowerRequestsArgs, 'organizationId' | 'first'>>;
  followerRequest?: Resolver<Maybe<ResolversTypes['FollowerRequest']>, ParentType, ContextType, RequireFields<QueryFollowerRequestArgs, 'organizationId' | 'token'>>;
  following?: Resolver<ResolversTypes['FollowingConnection'], ParentType, ContextType, RequireFields<QueryFollowingArgs, 'organizationId' | 'first'>>;
  followingRequests?: Resolver<ResolversTypes['FollowingRequestConnection'], ParentType, ContextType, RequireFields<QueryFollowingRequestsArgs, 'organizationId' | 'first'>>;
  followingRequest?: Resolver<Maybe<ResolversTypes['FollowingRequest']>, ParentType, ContextType, RequireFields<QueryFollowingRequestArgs, 'organizationId' | 'followingId'>>;
  organizationInvites?: Resolver<ResolversTypes['InviteConnection'], ParentType, ContextType, RequireFields<QueryOrganizationInvitesArgs, 'organizationId' | 'first'>>;
  organizationInvite?: Resolver<Maybe<ResolversTypes['Invite']>, ParentType, ContextType, RequireFields<QueryOrganizationInviteArgs, 'organizationId' | 'email'>>;
  members?: Resolver<ResolversTypes['MembershipConnection'], ParentType, ContextType, RequireFields<QueryMembersArgs, 'organizationId' | 'first'>>;
  member?: Resolver<Maybe<ResolversTypes['Membership']>, ParentType, ContextType, RequireFields<QueryMemberArgs, 'organizationId' | 'userId'>>;
  node?: Resolver<Maybe<ResolversTypes['Node']>, ParentType, ContextType, RequireFields<QueryNodeArgs, 'id'>>;
  nodes?: Resolver<Array<Maybe<ResolversTypes['Node']>>, ParentType, ContextType, RequireFields<QueryNodesArgs, 'ids'>>;
  organizations?: Resolver<ResolversTypes['OrganizationConnection'], ParentType, ContextType, RequireFields<QueryOrganizationsArgs, 'first'>>;
  organization?: Resolver<Maybe<ResolversTypes['Organization']>, ParentType, ContextType, RequireFields<QueryOrganizationArgs, 'id'>>;
};

export type MutationResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  createApiKey?: Resolver<ResolversTypes['CreateApiKeyPayload'], ParentType, ContextType, RequireFields<MutationCreateApiKeyArgs, 'input'>>;
  updateApiKey?: Resolver<ResolversTypes['UpdateApiKeyPayload'], ParentType, ContextType, RequireFields<MutationUpdateApiKeyArgs, 'input'>>;
  deleteApiKey?: Resolver<ResolversTypes['DeleteApiKeyPayload'], ParentType, ContextType, RequireFields<MutationDeleteApiKeyArgs, 'input'>>;
  updateMe?: Resolver<ResolversTypes['UpdateMePayload'], ParentType, ContextType, RequireFields<MutationUpdateMeArgs, 'input'>>;
  acceptInvite?: Resolver<ResolversTypes['AcceptInvitePayload'], ParentType, ContextType, RequireFields<MutationAcceptInviteArgs, 'input'>>;
  requestAccess?: Resolver<ResolversTypes['RequestAccessPayload'], ParentType, ContextType, RequireFields<MutationRequestAccessArgs, 'input'>>;
  createFollowerRequest?: Resolver<ResolversTypes['CreateFollowerRequestPayload'], ParentType, ContextType, RequireFields<MutationCreateFollowerRequestArgs, 'input'>>;
  deleteFollowerRequest?: Resolver<ResolversTypes['DeleteFollowerRequestPayload'], ParentType, ContextType, RequireFields<MutationDeleteFollowerRequestArgs, 'input'>>;
  removeFollower?: Resolver<ResolversTypes['RemoveFollowerPayload'], ParentType, ContextType, RequireFields<MutationRemoveFollowerArgs, 'input'>>;
  acceptFollowingRequest?: Resolver<ResolversTypes['AcceptFollowingRequestPayload'], ParentType, ContextType, RequireFields<MutationAcceptFollowingRequestArgs, 'input'>>;
  declineFollowingRequest?: Resolver<ResolversTypes['DeclineFollowingRequestPayload'], ParentType, ContextType, RequireFields<MutationDeclineFollowingRequestArgs, 'input'>>;
  updateFollowingTags?: Resolver<ResolversTypes['UpdateFollowingTagsPayload'], ParentType, ContextType, RequireFields<MutationUpdateFollowingTagsArgs, 'input'>>;
  stopFollowing?: Resolver<ResolversTypes['StopFollowingPayload'], ParentType, ContextType, RequireFields<MutationStopFollowingArgs, 'input'>>;
  createInvite?: Resolver<ResolversTypes['CreateInvitePayload'], ParentType, ContextType, RequireFields<MutationCreateInviteArgs, 'input'>>;
  deleteInvite?: Resolver<ResolversTypes['DeleteInvitePayload'], ParentType, ContextType, RequireFields<MutationDeleteInviteArgs, 'input'>>;
  resendInvite?: Resolver<ResolversTypes['ResendInvitePayload'], ParentType, ContextType, RequireFields<MutationResendInviteArgs, 'input'>>;
  updateMember?: Resolver<ResolversTypes['UpdateMemberPayload'], ParentType, ContextType, RequireFields<MutationUpdateMemberArgs, 'input'>>;
  removeMember?: Resolver<ResolversTypes['RemoveMemberPayload'], ParentType, ContextType, RequireFields<MutationRemoveMemberArgs, 'input'>>;
  resetMemberMfa?: Resolver<ResolversTypes['ResetMemberMfaPayload'], ParentType, ContextType, RequireFields<MutationResetMemberMfaArgs, 'input'>>;
  resetMemberPassword?: Resolver<ResolversTypes['ResetMemberPasswordPayload'], ParentType, ContextType, RequireFields<MutationResetMemberPasswordArgs, 'input'>>;
  createOrganization?: Resolver<ResolversTypes['CreateOrganizationPayload'], ParentType, ContextType, RequireFields<MutationCreateOrganizationArgs, 'input'>>;
  updateOrganization?: Resolver<ResolversTypes['UpdateOrganizationPayload'], ParentType, ContextType, RequireFields<MutationUpdateOrganizationArgs, 'input'>>;
  deleteOrganization?: Resolver<ResolversTypes['DeleteOrganizationPayload'], ParentType, ContextType, RequireFields<MutationDeleteOrganizationArgs, 'input'>>;
};

export type FollowerResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Follower'] = ResolversParentTypes['Follower']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  picture?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  followerId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  followingId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type FollowingResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Following'] = ResolversParentTypes['Following']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  picture?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  followerId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  followingId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  tags?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type FollowerRequestResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['FollowerRequest'] = ResolversParentTypes['FollowerRequest']> = {
  token?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  followerId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  followingId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['FollowRequestStatus'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  decidedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type FollowingRequestResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['FollowingRequest'] = ResolversParentTypes['FollowingRequest']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  followerId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  followingId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['FollowRequestStatus'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  decidedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type FollowerConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['FollowerConnection'] = ResolversParentTypes['FollowerConnection']> = {
  edges?: Resolver<Array<ResolversTypes['FollowerEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Follower']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type FollowerEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['FollowerEdge'] = ResolversParentTypes['FollowerEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Follower'], ParentType, ContextType>;
};

export type FollowingConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['FollowingConnection'] = ResolversParentTypes['FollowingConnection']> = {
  edges?: Resolver<Array<ResolversTypes['FollowingEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Following']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type FollowingEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['FollowingEdge'] = ResolversParentTypes['FollowingEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Following'], ParentType, ContextType>;
};

export type FollowerRequestConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['FollowerRequestConnection'] = ResolversParentTypes['FollowerRequestConnection']> = {
  edges?: Resolver<Array<ResolversTypes['FollowerRequestEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['FollowerRequest']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type FollowerRequestEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['FollowerRequestEdge'] = ResolversParentTypes['FollowerRequestEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['FollowerRequest'], ParentType, ContextType>;
};

export type FollowingRequestConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['FollowingRequestConnection'] = ResolversParentTypes['FollowingRequestConnection']> = {
  edges?: Resolver<Array<ResolversTypes['FollowingRequestEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['FollowingRequest']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type FollowingRequestEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['FollowingRequestEdge'] = ResolversParentTypes['FollowingRequestEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['FollowingRequest'], ParentType, ContextType>;
};

export type CreateFollowerRequestPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CreateFollowerRequestPayload'] = ResolversParentTypes['CreateFollowerRequestPayload']> = {
  followerRequest?: Resolver<ResolversTypes['FollowerRequest'], ParentType, ContextType>;
};

export type DeleteFollowerRequestPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['DeleteFollowerRequestPayload'] = ResolversParentTypes['DeleteFollowerRequestPayload']> = {
  deletedId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type RemoveFollowerPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['RemoveFollowerPayload'] = ResolversParentTypes['RemoveFollowerPayload']> = {
  deletedId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type AcceptFollowingRequestPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AcceptFollowingRequestPayload'] = ResolversParentTypes['AcceptFollowingRequestPayload']> = {
  following?: Resolver<ResolversTypes['Following'], ParentType, ContextType>;
};

export type DeclineFollowingRequestPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['DeclineFollowingRequestPayload'] = ResolversParentTypes['DeclineFollowingRequestPayload']> = {
  followingRequest?: Resolver<ResolversTypes['FollowingRequest'], ParentType, ContextType>;
};

export type UpdateFollowingTagsPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['UpdateFollowingTagsPayload'] = ResolversParentTypes['UpdateFollowingTagsPayload']> = {
  following?: Resolver<ResolversTypes['Following'], ParentType, ContextType>;
};

export type StopFollowingPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['StopFollowingPayload'] = ResolversParentTypes['StopFollowingPayload']> = {
  deletedId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type CreateInvitePayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CreateInvitePayload'] = ResolversParentTypes['CreateInvitePayload']> = {
  invite?: Resolver<ResolversTypes['Invite'], ParentType, ContextType>;
};

export type DeleteInvitePayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['DeleteInvitePayload'] = ResolversParentTypes['DeleteInvitePayload']> = {
  deletedId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type ResendInvitePayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ResendInvitePayload'] = ResolversParentTypes['ResendInvitePayload']> = {
  invite?: Resolver<ResolversTypes['Invite'], ParentType, ContextType>;
};

export type MembershipConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['MembershipConnection'] = ResolversParentTypes['MembershipConnection']> = {
  edges?: Resolver<Array<ResolversTypes['MembershipEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Membership']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type MembershipEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['MembershipEdge'] = ResolversParentTypes['MembershipEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Membership'], ParentType, ContextType>;
};

export type UpdateMemberPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['UpdateMemberPayload'] = ResolversParentTypes['UpdateMemberPayload']> = {
  membership?: Resolver<ResolversTypes['Membership'], ParentType, ContextType>;
};

export type RemoveMemberPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['RemoveMemberPayload'] = ResolversParentTypes['RemoveMemberPayload']> = {
  deletedId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type ResetMemberMfaPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ResetMemberMfaPayload'] = ResolversParentTypes['ResetMemberMfaPayload']> = {
  membership?: Resolver<ResolversTypes['Membership'], ParentType, ContextType>;
};

export type ResetMemberPasswordPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ResetMemberPasswordPayload'] = ResolversParentTypes['ResetMemberPasswordPayload']> = {
  membership?: Resolver<ResolversTypes['Membership'], ParentType, ContextType>;
};

export type NodeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Node'] = ResolversParentTypes['Node']> = {
  __resolveType: TypeResolveFn<'Alert' | 'ScanTarget' | 'Questionnaire' | 'Webhook' | 'Organization', ParentType, ContextType>;
};

export type AlertResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Alert'] = ResolversParentTypes['Alert']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ScanTargetResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanTarget'] = ResolversParentTypes['ScanTarget']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type QuestionnaireResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Questionnaire'] = ResolversParentTypes['Questionnaire']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type WebhookResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Webhook'] = ResolversParentTypes['Webhook']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OrganizationResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Organization'] = ResolversParentTypes['Organization'], FederationReferenceType extends FederationReferenceTypes['Organization'] = FederationReferenceTypes['Organization']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Organization']> | FederationReferenceType, FederationReferenceType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  picture?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  trustedDocumentsOnly?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OrganizationConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['OrganizationConnection'] = ResolversParentTypes['OrganizationConnection']> = {
  edges?: Resolver<Array<ResolversTypes['OrganizationEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Organization']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type OrganizationEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['OrganizationEdge'] = ResolversParentTypes['OrganizationEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Organization'], ParentType, ContextType>;
};

export type CreateOrganizationPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CreateOrganizationPayload'] = ResolversParentTypes['CreateOrganizationPayload']> = {
  organization?: Resolver<ResolversTypes['Organization'], ParentType, ContextType>;
};

export type UpdateOrganizationPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['UpdateOrganizationPayload'] = ResolversParentTypes['UpdateOrganizationPayload']> = {
  organization?: Resolver<ResolversTypes['Organization'], ParentType, ContextType>;
};

export type DeleteOrganizationPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['DeleteOrganizationPayload'] = ResolversParentTypes['DeleteOrganizationPayload']> = {
  deletedId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type Resolvers<ContextType = SubgraphContext> = {
  DateTime?: GraphQLScalarType;
  JSON?: GraphQLScalarType;
  PageInfo?: PageInfoResolvers<ContextType>;
  Language?: LanguageResolvers;
  User?: UserResolvers<ContextType>;
  UserMembership?: UserMembershipResolvers<ContextType>;
  ApiKey?: ApiKeyResolvers<ContextType>;
  Invite?: InviteResolvers<ContextType>;
  Membership?: MembershipResolvers<ContextType>;
  ApiKeyConnection?: ApiKeyConnectionResolvers<ContextType>;
  ApiKeyEdge?: ApiKeyEdgeResolvers<ContextType>;
  InviteConnection?: InviteConnectionResolvers<ContextType>;
  InviteEdge?: InviteEdgeResolvers<ContextType>;
  CreateApiKeyPayload?: CreateApiKeyPayloadResolvers<ContextType>;
  UpdateApiKeyPayload?: UpdateApiKeyPayloadResolvers<ContextType>;
  DeleteApiKeyPayload?: DeleteApiKeyPayloadResolvers<ContextType>;
  UpdateMePayload?: UpdateMePayloadResolvers<ContextType>;
  AcceptInvitePayload?: AcceptInvitePayloadResolvers<ContextType>;
  RequestAccessPayload?: RequestAccessPayloadResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Follower?: FollowerResolvers<ContextType>;
  Following?: FollowingResolvers<ContextType>;
  FollowerRequest?: FollowerRequestResolvers<ContextType>;
  FollowingRequest?: FollowingRequestResolvers<ContextType>;
  FollowerConnection?: FollowerConnectionResolvers<ContextType>;
  FollowerEdge?: FollowerEdgeResolvers<ContextType>;
  FollowingConnection?: FollowingConnectionResolvers<ContextType>;
  FollowingEdge?: FollowingEdgeResolvers<ContextType>;
  FollowerRequestConnection?: FollowerRequestConnectionResolvers<ContextType>;
  FollowerRequestEdge?: FollowerRequestEdgeResolvers<ContextType>;
  FollowingRequestConnection?: FollowingRequestConnectionResolvers<ContextType>;
  FollowingRequestEdge?: FollowingRequestEdgeResolvers<ContextType>;
  CreateFollowerRequestPayload?: CreateFollowerRequestPayloadResolvers<ContextType>;
  DeleteFollowerRequestPayload?: DeleteFollowerRequestPayloadResolvers<ContextType>;
  RemoveFollowerPayload?: RemoveFollowerPayloadResolvers<ContextType>;
  AcceptFollowingRequestPayload?: AcceptFollowingRequestPayloadResolvers<ContextType>;
  DeclineFollowingRequestPayload?: DeclineFollowingRequestPayloadResolvers<ContextType>;
  UpdateFollowingTagsPayload?: UpdateFollowingTagsPayloadResolvers<ContextType>;
  StopFollowingPayload?: StopFollowingPayloadResolvers<ContextType>;
  CreateInvitePayload?: CreateInvitePayloadResolvers<ContextType>;
  DeleteInvitePayload?: DeleteInvitePayloadResolvers<ContextType>;
  ResendInvitePayload?: ResendInvitePayloadResolvers<ContextType>;
  MembershipConnection?: MembershipConnectionResolvers<ContextType>;
  MembershipEdge?: MembershipEdgeResolvers<ContextType>;
  UpdateMemberPayload?: UpdateMemberPayloadResolvers<ContextType>;
  RemoveMemberPayload?: RemoveMemberPayloadResolvers<ContextType>;
  ResetMemberMfaPayload?: ResetMemberMfaPayloadResolvers<ContextType>;
  ResetMemberPasswordPayload?: ResetMemberPasswordPayloadResolvers<ContextType>;
  Node?: NodeResolvers<ContextType>;
  Alert?: AlertResolvers<ContextType>;
  ScanTarget?: ScanTargetResolvers<ContextType>;
  Questionnaire?: QuestionnaireResolvers<ContextType>;
  Webhook?: WebhookResolvers<ContextType>;
  Organization?: OrganizationResolvers<ContextType>;
  OrganizationConnection?: OrganizationConnectionResolvers<ContextType>;
  OrganizationEdge?: OrganizationEdgeResolvers<ContextType>;
  CreateOrganizationPayload?: CreateOrganizationPayloadResolvers<ContextType>;
  UpdateOrganizationPayload?: UpdateOrganizationPayloadResolvers<ContextType>;
  DeleteOrganizationPayload?: DeleteOrganizationPayloadResolvers<ContextType>;
};

