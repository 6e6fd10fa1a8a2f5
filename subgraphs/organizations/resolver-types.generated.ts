// Generated from this subgraph's SDL by `npm run codegen` (schema/resolver-types.ts): do not edit.
// test/resolver-types.test.ts fails when it is stale.
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

/** A login account. It belongs to one or more organizations and inherits their follow permissions. */
export type User = {
  __typename?: 'User';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  email: Scalars['String']['output'];
  picture?: Maybe<Scalars['String']['output']>;
  /** Roles the user holds in any of its organizations. */
  roles: Array<Scalars['String']['output']>;
  status: Scalars['String']['output'];
  member: Array<UserMembership>;
  /** Organizations that the user's organizations follow. */
  following: Array<Scalars['ID']['output']>;
  language: Scalars['String']['output'];
  identityProvider: Scalars['String']['output'];
  emailVerified: Scalars['Boolean']['output'];
  lastIp?: Maybe<Scalars['String']['output']>;
  loginsCount: Scalars['Int']['output'];
  lastLogin?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** The caller's membership of one organization. */
export type UserMembership = {
  __typename?: 'UserMembership';
  /** The membership's id: `<organizationId>:<userId>` (the same as Membership.id). */
  id: Scalars['ID']['output'];
  organizationId: Scalars['ID']['output'];
  roles: Array<Scalars['String']['output']>;
};

/** An API key. `key` is masked, except in the answer to createApiKey, the only time it is shown in full. */
export type ApiKey = {
  __typename?: 'ApiKey';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  key: Scalars['String']['output'];
  userId: Scalars['ID']['output'];
  lastIp?: Maybe<Scalars['String']['output']>;
  lastUse?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
};

/**
 * A company, business or sector: it has members and scan targets, and follows and is followed by other
 * organizations. Its members see it; so do the members of organizations that follow it. Deleting an
 * organization is a soft delete (it disappears everywhere, its rows are kept).
 */
export type Organization = {
  __typename?: 'Organization';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** An http(s) URL of an image whose path ends in .jpg, .jpeg, .png or .svg. */
  picture?: Maybe<Scalars['String']['output']>;
  email?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/**
 * An invite to join an organization. `id` and `token` are the same value, used in /me/invites/{token}.
 * Invites expire (`expiredAt`, 7 days after creation or the last resend).
 */
export type Invite = {
  __typename?: 'Invite';
  id: Scalars['ID']['output'];
  token: Scalars['ID']['output'];
  organizationId: Scalars['ID']['output'];
  organizationName: Scalars['String']['output'];
  email: Scalars['String']['output'];
  roles: Array<Scalars['String']['output']>;
  expiredAt: Scalars['DateTime']['output'];
  createdAt: Scalars['DateTime']['output'];
};

/** A member of an organization, as its members see it. */
export type Membership = {
  __typename?: 'Membership';
  /** The membership's id: `<organizationId>:<userId>`. */
  id: Scalars['ID']['output'];
  organizationId: Scalars['ID']['output'];
  userId: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  email: Scalars['String']['output'];
  roles: Array<Scalars['String']['output']>;
  identityProvider: Scalars['String']['output'];
  lastIp?: Maybe<Scalars['String']['output']>;
  lastLogin?: Maybe<Scalars['String']['output']>;
  loginsCount: Scalars['Int']['output'];
  picture?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type AccessRequestStatus = {
  __typename?: 'AccessRequestStatus';
  /** PENDING until an admin of the organization decides, ACCEPTED when the user is already a member. */
  status: Scalars['String']['output'];
};

export type UpdateMeInput = {
  name?: InputMaybe<Scalars['String']['input']>;
  picture?: InputMaybe<Scalars['String']['input']>;
};

export type Query = {
  __typename?: 'Query';
  me: User;
  apiKeys: Array<ApiKey>;
  myInvites: Array<Invite>;
  myInvite?: Maybe<Invite>;
  /** Organizations following this one (members read). */
  followers: Array<Follower>;
  /** Requests this organization sent that are not accepted: PENDING and DECLINED ones. */
  followerRequests: Array<FollowerRequest>;
  followerRequest?: Maybe<FollowerRequest>;
  /** Organizations this one follows (members read). */
  following: Array<Following>;
  /** PENDING requests asking this organization to follow another one. */
  followingRequests: Array<FollowingRequest>;
  followingRequest?: Maybe<FollowingRequest>;
  /** Invites of the organization not accepted yet, expired ones included (they can be resent). */
  organizationInvites: Array<Invite>;
  /** One not-yet-accepted invite, by the invitee's email. */
  organizationInvite?: Maybe<Invite>;
  /** Members of the organization (any member may read). */
  members: Array<Membership>;
  /** One member, by user id. */
  member?: Maybe<Membership>;
  /** The organizations the caller is a member of (not the ones it follows), oldest first. */
  organizations: Array<Organization>;
  /** An organization the caller is a member of, or that one of its organizations follows. */
  organization?: Maybe<Organization>;
};


export type QueryMyInviteArgs = {
  token: Scalars['ID']['input'];
};


export type QueryFollowersArgs = {
  organizationId: Scalars['ID']['input'];
};


export type QueryFollowerRequestsArgs = {
  organizationId: Scalars['ID']['input'];
};


export type QueryFollowerRequestArgs = {
  organizationId: Scalars['ID']['input'];
  token: Scalars['ID']['input'];
};


export type QueryFollowingArgs = {
  organizationId: Scalars['ID']['input'];
};


export type QueryFollowingRequestsArgs = {
  organizationId: Scalars['ID']['input'];
};


export type QueryFollowingRequestArgs = {
  organizationId: Scalars['ID']['input'];
  followingId: Scalars['ID']['input'];
};


export type QueryOrganizationInvitesArgs = {
  organizationId: Scalars['ID']['input'];
};


export type QueryOrganizationInviteArgs = {
  organizationId: Scalars['ID']['input'];
  email: Scalars['String']['input'];
};


export type QueryMembersArgs = {
  organizationId: Scalars['ID']['input'];
};


export type QueryMemberArgs = {
  organizationId: Scalars['ID']['input'];
  userId: Scalars['ID']['input'];
};


export type QueryOrganizationArgs = {
  id: Scalars['ID']['input'];
};

export type Mutation = {
  __typename?: 'Mutation';
  createApiKey: ApiKey;
  deleteApiKey: Scalars['Boolean']['output'];
  /** The caller's profile after the change: the same User as `me`, so a cached `me` updates. */
  updateMe: User;
  acceptInvite: Membership;
  requestAccess: AccessRequestStatus;
  /** ADMIN of the followed organization. `token` = the id of the organization invited to follow. */
  createFollowerRequest: FollowerRequest;
  /** ADMIN of the followed organization. Withdraws a PENDING or DECLINED request. */
  deleteFollowerRequest: Scalars['Boolean']['output'];
  /** ADMIN of the followed organization. Ends a follow relation. */
  removeFollower: Scalars['Boolean']['output'];
  /** ADMIN of the invited organization. Starts following; `tags` are optional labels of the relation. */
  acceptFollowingRequest: Following;
  /** ADMIN of the invited organization. */
  declineFollowingRequest: FollowingRequest;
  /** ADMIN of the follower organization. Replaces the relation's tags. */
  updateFollowingTags: Following;
  /** ADMIN of the follower organization. Stops following. */
  stopFollowing: Scalars['Boolean']['output'];
  /**
   * ADMIN only. Invites an email address with roles (a subset of ["ADMIN"]; null means none). The
   * invite expires after 7 days. CONFLICT when the address is already a member or has a live invite.
   */
  createInvite: Invite;
  /** ADMIN only. Withdraws a not-yet-accepted invite. */
  deleteInvite: Scalars['Boolean']['output'];
  /** ADMIN only. Sends the invite again: same token, expiry moved to 7 days from now. */
  resendInvite: Invite;
  /**
   * ADMIN only. Sets the member's roles (a subset of ["ADMIN"]; null means none). The last ADMIN of
   * an organization cannot be demoted (CONFLICT).
   */
  updateMember: Membership;
  /** ADMIN only. The last ADMIN of an organization cannot be removed (CONFLICT). */
  removeMember: Scalars['Boolean']['output'];
  /** ADMIN only. Records the request (MemberMfaResetRequested event); there is no identity provider to call. */
  resetMemberMfa: Scalars['Boolean']['output'];
  /** ADMIN only. Records the request (MemberPasswordResetRequested event). */
  resetMemberPassword: Scalars['Boolean']['output'];
  /** Creates an organization; the caller becomes its ADMIN member. */
  createOrganization: Organization;
  /** ADMIN only. */
  updateOrganization: Organization;
  /**
   * ADMIN only. A soft delete: the organization gets `deletedAt` and from then on is invisible to
   * everyone (its members, followers, invitees and the organizations it follows), but its rows (members,
   * follows, scan targets, alerts, events) are kept, never orphaned, for audit.
   */
  deleteOrganization: Scalars['Boolean']['output'];
};


export type MutationCreateApiKeyArgs = {
  name?: InputMaybe<Scalars['String']['input']>;
};


export type MutationDeleteApiKeyArgs = {
  id: Scalars['ID']['input'];
};


export type MutationUpdateMeArgs = {
  input: UpdateMeInput;
};


export type MutationAcceptInviteArgs = {
  token: Scalars['ID']['input'];
};


export type MutationRequestAccessArgs = {
  organizationId: Scalars['ID']['input'];
};


export type MutationCreateFollowerRequestArgs = {
  organizationId: Scalars['ID']['input'];
  token: Scalars['ID']['input'];
};


export type MutationDeleteFollowerRequestArgs = {
  organizationId: Scalars['ID']['input'];
  token: Scalars['ID']['input'];
};


export type MutationRemoveFollowerArgs = {
  organizationId: Scalars['ID']['input'];
  followerId: Scalars['ID']['input'];
};


export type MutationAcceptFollowingRequestArgs = {
  organizationId: Scalars['ID']['input'];
  followingId: Scalars['ID']['input'];
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};


export type MutationDeclineFollowingRequestArgs = {
  organizationId: Scalars['ID']['input'];
  followingId: Scalars['ID']['input'];
};


export type MutationUpdateFollowingTagsArgs = {
  organizationId: Scalars['ID']['input'];
  followingId: Scalars['ID']['input'];
  tags: Array<Scalars['String']['input']>;
};


export type MutationStopFollowingArgs = {
  organizationId: Scalars['ID']['input'];
  followingId: Scalars['ID']['input'];
};


export type MutationCreateInviteArgs = {
  organizationId: Scalars['ID']['input'];
  email: Scalars['String']['input'];
  roles?: InputMaybe<Array<Scalars['String']['input']>>;
};


export type MutationDeleteInviteArgs = {
  organizationId: Scalars['ID']['input'];
  email: Scalars['String']['input'];
};


export type MutationResendInviteArgs = {
  organizationId: Scalars['ID']['input'];
  email: Scalars['String']['input'];
};


export type MutationUpdateMemberArgs = {
  organizationId: Scalars['ID']['input'];
  userId: Scalars['ID']['input'];
  roles?: InputMaybe<Array<Scalars['String']['input']>>;
};


export type MutationRemoveMemberArgs = {
  organizationId: Scalars['ID']['input'];
  userId: Scalars['ID']['input'];
};


export type MutationResetMemberMfaArgs = {
  organizationId: Scalars['ID']['input'];
  userId: Scalars['ID']['input'];
};


export type MutationResetMemberPasswordArgs = {
  organizationId: Scalars['ID']['input'];
  userId: Scalars['ID']['input'];
};


export type MutationCreateOrganizationArgs = {
  input: CreateOrganizationInput;
};


export type MutationUpdateOrganizationArgs = {
  id: Scalars['ID']['input'];
  input: UpdateOrganizationInput;
};


export type MutationDeleteOrganizationArgs = {
  id: Scalars['ID']['input'];
};

/** An accepted request becomes a follow relation (Follower / Following) and leaves the request lists. */
export type FollowRequestStatus =
  | 'PENDING'
  | 'DECLINED';

/** An organization that follows the caller's organization (the followed side's view). */
export type Follower = {
  __typename?: 'Follower';
  /** The relation's id: `<followerId>:<followingId>` (the follower organization's id is `followerId`). */
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  picture?: Maybe<Scalars['String']['output']>;
  followerId: Scalars['ID']['output'];
  followingId: Scalars['ID']['output'];
  createdAt: Scalars['DateTime']['output'];
};

/** An organization the caller's organization follows (the follower side's view). */
export type Following = {
  __typename?: 'Following';
  /** The relation's id: `<followerId>:<followingId>` (the followed organization's id is `followingId`). */
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  picture?: Maybe<Scalars['String']['output']>;
  followerId: Scalars['ID']['output'];
  followingId: Scalars['ID']['output'];
  /** The follower's own labels for this relation, used by the following-alert filter `followingTags`. */
  tags: Array<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
};

/** A request of the caller's organization asking another one to follow it (the followed side's view). */
export type FollowerRequest = {
  __typename?: 'FollowerRequest';
  /** The id of the organization invited to follow (the same as `followerId`). */
  token: Scalars['ID']['output'];
  /** The request's id: `<followerId>:<followingId>` (the invited organization's id is `followerId`). */
  id: Scalars['ID']['output'];
  /** Always null: an id the inviter typed must not tell whether, or which, organization it belongs to (the name shows in followers once accepted). */
  name?: Maybe<Scalars['String']['output']>;
  followerId: Scalars['ID']['output'];
  followingId: Scalars['ID']['output'];
  status: FollowRequestStatus;
  createdAt: Scalars['DateTime']['output'];
  decidedAt?: Maybe<Scalars['DateTime']['output']>;
};

/** A pending request asking the caller's organization to follow another one (the invited side's view). */
export type FollowingRequest = {
  __typename?: 'FollowingRequest';
  /** The request's id: `<followerId>:<followingId>` (the organization that would be followed is `followingId`). */
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  followerId: Scalars['ID']['output'];
  followingId: Scalars['ID']['output'];
  status: FollowRequestStatus;
  createdAt: Scalars['DateTime']['output'];
  decidedAt?: Maybe<Scalars['DateTime']['output']>;
};

export type CreateOrganizationInput = {
  name: Scalars['String']['input'];
  picture?: InputMaybe<Scalars['String']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
};

/**
 * Every key is optional; `null` (or an absent key) leaves the field unchanged. An empty string clears
 * `picture` or `email` (a name cannot be cleared).
 */
export type UpdateOrganizationInput = {
  name?: InputMaybe<Scalars['String']['input']>;
  picture?: InputMaybe<Scalars['String']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
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
  User: ResolverTypeWrapper<any>;
  ID: ResolverTypeWrapper<any>;
  Int: ResolverTypeWrapper<any>;
  UserMembership: ResolverTypeWrapper<any>;
  ApiKey: ResolverTypeWrapper<any>;
  Organization: ResolverTypeWrapper<any>;
  Invite: ResolverTypeWrapper<any>;
  Membership: ResolverTypeWrapper<any>;
  AccessRequestStatus: ResolverTypeWrapper<any>;
  UpdateMeInput: ResolverTypeWrapper<any>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  FollowRequestStatus: ResolverTypeWrapper<any>;
  Follower: ResolverTypeWrapper<any>;
  Following: ResolverTypeWrapper<any>;
  FollowerRequest: ResolverTypeWrapper<any>;
  FollowingRequest: ResolverTypeWrapper<any>;
  CreateOrganizationInput: ResolverTypeWrapper<any>;
  UpdateOrganizationInput: ResolverTypeWrapper<any>;
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
  Organization: any;
  Invite: any;
  Membership: any;
  AccessRequestStatus: any;
  UpdateMeInput: any;
  Query: Record<PropertyKey, never>;
  Mutation: Record<PropertyKey, never>;
  Follower: any;
  Following: any;
  FollowerRequest: any;
  FollowingRequest: any;
  CreateOrganizationInput: any;
  UpdateOrganizationInput: any;
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

export type UserResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User'], FederationReferenceType extends FederationReferenceTypes['User'] = FederationReferenceTypes['User']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['User']> | FederationReferenceType, FederationReferenceType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  picture?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  roles?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  member?: Resolver<Array<ResolversTypes['UserMembership']>, ParentType, ContextType>;
  following?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  language?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
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
  roles?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ApiKeyResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ApiKey'] = ResolversParentTypes['ApiKey']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  userId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastIp?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastUse?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type OrganizationResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Organization'] = ResolversParentTypes['Organization'], FederationReferenceType extends FederationReferenceTypes['Organization'] = FederationReferenceTypes['Organization']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Organization']> | FederationReferenceType, FederationReferenceType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  picture?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type InviteResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Invite'] = ResolversParentTypes['Invite']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  token?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  roles?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  expiredAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type MembershipResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Membership'] = ResolversParentTypes['Membership']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  userId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  roles?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  identityProvider?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastIp?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastLogin?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  loginsCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  picture?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type AccessRequestStatusResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AccessRequestStatus'] = ResolversParentTypes['AccessRequestStatus']> = {
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type QueryResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  me?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
  apiKeys?: Resolver<Array<ResolversTypes['ApiKey']>, ParentType, ContextType>;
  myInvites?: Resolver<Array<ResolversTypes['Invite']>, ParentType, ContextType>;
  myInvite?: Resolver<Maybe<ResolversTypes['Invite']>, ParentType, ContextType, RequireFields<QueryMyInviteArgs, 'token'>>;
  followers?: Resolver<Array<ResolversTypes['Follower']>, ParentType, ContextType, RequireFields<QueryFollowersArgs, 'organizationId'>>;
  followerRequests?: Resolver<Array<ResolversTypes['FollowerRequest']>, ParentType, ContextType, RequireFields<QueryFollowerRequestsArgs, 'organizationId'>>;
  followerRequest?: Resolver<Maybe<ResolversTypes['FollowerRequest']>, ParentType, ContextType, RequireFields<QueryFollowerRequestArgs, 'organizationId' | 'token'>>;
  following?: Resolver<Array<ResolversTypes['Following']>, ParentType, ContextType, RequireFields<QueryFollowingArgs, 'organizationId'>>;
  followingRequests?: Resolver<Array<ResolversTypes['FollowingRequest']>, ParentType, ContextType, RequireFields<QueryFollowingRequestsArgs, 'organizationId'>>;
  followingRequest?: Resolver<Maybe<ResolversTypes['FollowingRequest']>, ParentType, ContextType, RequireFields<QueryFollowingRequestArgs, 'organizationId' | 'followingId'>>;
  organizationInvites?: Resolver<Array<ResolversTypes['Invite']>, ParentType, ContextType, RequireFields<QueryOrganizationInvitesArgs, 'organizationId'>>;
  organizationInvite?: Resolver<Maybe<ResolversTypes['Invite']>, ParentType, ContextType, RequireFields<QueryOrganizationInviteArgs, 'organizationId' | 'email'>>;
  members?: Resolver<Array<ResolversTypes['Membership']>, ParentType, ContextType, RequireFields<QueryMembersArgs, 'organizationId'>>;
  member?: Resolver<Maybe<ResolversTypes['Membership']>, ParentType, ContextType, RequireFields<QueryMemberArgs, 'organizationId' | 'userId'>>;
  organizations?: Resolver<Array<ResolversTypes['Organization']>, ParentType, ContextType>;
  organization?: Resolver<Maybe<ResolversTypes['Organization']>, ParentType, ContextType, RequireFields<QueryOrganizationArgs, 'id'>>;
};

export type MutationResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  createApiKey?: Resolver<ResolversTypes['ApiKey'], ParentType, ContextType, Partial<MutationCreateApiKeyArgs>>;
  deleteApiKey?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteApiKeyArgs, 'id'>>;
  updateMe?: Resolver<ResolversTypes['User'], ParentType, ContextType, RequireFields<MutationUpdateMeArgs, 'input'>>;
  acceptInvite?: Resolver<ResolversTypes['Membership'], ParentType, ContextType, RequireFields<MutationAcceptInviteArgs, 'token'>>;
  requestAccess?: Resolver<ResolversTypes['AccessRequestStatus'], ParentType, ContextType, RequireFields<MutationRequestAccessArgs, 'organizationId'>>;
  createFollowerRequest?: Resolver<ResolversTypes['FollowerRequest'], ParentType, ContextType, RequireFields<MutationCreateFollowerRequestArgs, 'organizationId' | 'token'>>;
  deleteFollowerRequest?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteFollowerRequestArgs, 'organizationId' | 'token'>>;
  removeFollower?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRemoveFollowerArgs, 'organizationId' | 'followerId'>>;
  acceptFollowingRequest?: Resolver<ResolversTypes['Following'], ParentType, ContextType, RequireFields<MutationAcceptFollowingRequestArgs, 'organizationId' | 'followingId'>>;
  declineFollowingRequest?: Resolver<ResolversTypes['FollowingRequest'], ParentType, ContextType, RequireFields<MutationDeclineFollowingRequestArgs, 'organizationId' | 'followingId'>>;
  updateFollowingTags?: Resolver<ResolversTypes['Following'], ParentType, ContextType, RequireFields<MutationUpdateFollowingTagsArgs, 'organizationId' | 'followingId' | 'tags'>>;
  stopFollowing?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationStopFollowingArgs, 'organizationId' | 'followingId'>>;
  createInvite?: Resolver<ResolversTypes['Invite'], ParentType, ContextType, RequireFields<MutationCreateInviteArgs, 'organizationId' | 'email'>>;
  deleteInvite?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteInviteArgs, 'organizationId' | 'email'>>;
  resendInvite?: Resolver<ResolversTypes['Invite'], ParentType, ContextType, RequireFields<MutationResendInviteArgs, 'organizationId' | 'email'>>;
  updateMember?: Resolver<ResolversTypes['Membership'], ParentType, ContextType, RequireFields<MutationUpdateMemberArgs, 'organizationId' | 'userId'>>;
  removeMember?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRemoveMemberArgs, 'organizationId' | 'userId'>>;
  resetMemberMfa?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationResetMemberMfaArgs, 'organizationId' | 'userId'>>;
  resetMemberPassword?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationResetMemberPasswordArgs, 'organizationId' | 'userId'>>;
  createOrganization?: Resolver<ResolversTypes['Organization'], ParentType, ContextType, RequireFields<MutationCreateOrganizationArgs, 'input'>>;
  updateOrganization?: Resolver<ResolversTypes['Organization'], ParentType, ContextType, RequireFields<MutationUpdateOrganizationArgs, 'id' | 'input'>>;
  deleteOrganization?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteOrganizationArgs, 'id'>>;
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

export type Resolvers<ContextType = SubgraphContext> = {
  DateTime?: GraphQLScalarType;
  JSON?: GraphQLScalarType;
  PageInfo?: PageInfoResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
  UserMembership?: UserMembershipResolvers<ContextType>;
  ApiKey?: ApiKeyResolvers<ContextType>;
  Organization?: OrganizationResolvers<ContextType>;
  Invite?: InviteResolvers<ContextType>;
  Membership?: MembershipResolvers<ContextType>;
  AccessRequestStatus?: AccessRequestStatusResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Follower?: FollowerResolvers<ContextType>;
  Following?: FollowingResolvers<ContextType>;
  FollowerRequest?: FollowerRequestResolvers<ContextType>;
  FollowingRequest?: FollowingRequestResolvers<ContextType>;
};

