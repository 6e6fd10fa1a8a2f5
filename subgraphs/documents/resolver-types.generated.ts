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
  DateTime: { input: Date; output: Date; }
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

/**
 * A file. Its bytes live in the storage (local disk or S3): after creation, PUT them to `url` with
 * `Content-Length` and `Content-MD5` equal to the declared ones (anything else is refused: 400, nothing
 * stored); read it with `attachment(id)`, whose `url` is a signed download link. Other subgraphs
 * (questionnaires) name attachments by id; an attachment the caller may not read resolves to null.
 */
export type Attachment = {
  __typename?: 'Attachment';
  id: Scalars['ID']['output'];
  /** The owning organization; null for a document's (export's) file, private to the user who exported. */
  organizationId?: Maybe<Scalars['ID']['output']>;
  fileName: Scalars['String']['output'];
  contentLength: Scalars['Float']['output'];
  contentType: Scalars['String']['output'];
  /** base64 of the MD5 digest of the bytes, as S3's Content-MD5 takes it. */
  contentMD5: Scalars['String']['output'];
  /** Absolute, signed, expiring: the upload URL (PUT) in the answer of createAttachment, a download URL (GET) when read; null when read before the bytes were uploaded. */
  url?: Maybe<Scalars['String']['output']>;
  /** The bytes were uploaded and verified. */
  uploaded: Scalars['Boolean']['output'];
  createdAt: Scalars['DateTime']['output'];
  /** After this time the attachment and its bytes are deleted; null = kept. */
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
};

export type AttachmentInput = {
  fileName: Scalars['String']['input'];
  contentLength: Scalars['Float']['input'];
  contentType: Scalars['String']['input'];
  contentMD5: Scalars['String']['input'];
  expiresAt?: InputMaybe<Scalars['DateTime']['input']>;
};

export type AttachmentUpdateInput = {
  fileName?: InputMaybe<Scalars['String']['input']>;
  /** null keeps it for ever. */
  expiresAt?: InputMaybe<Scalars['DateTime']['input']>;
};

export type Query = {
  __typename?: 'Query';
  /** An attachment of one of your organizations (or shared with one of them), with a signed download URL. */
  attachment?: Maybe<Attachment>;
  /** Your documents, newest first. */
  documents: Array<Document>;
  document?: Maybe<Document>;
  /** Event names per entity. */
  eventNames: Scalars['JSON']['output'];
  events: EventPage;
  /** The organization's webhooks (ADMIN). */
  webhooks: Array<Webhook>;
  webhook?: Maybe<Webhook>;
  /** The delivery log of a webhook, newest first (ADMIN). */
  webhookDeliveries: WebhookDeliveryPage;
};


export type QueryAttachmentArgs = {
  id: Scalars['ID']['input'];
};


export type QueryDocumentArgs = {
  id: Scalars['ID']['input'];
};


export type QueryEventsArgs = {
  organizationId: Scalars['ID']['input'];
  start?: InputMaybe<Scalars['DateTime']['input']>;
  end?: InputMaybe<Scalars['DateTime']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  cursor?: InputMaybe<Scalars['String']['input']>;
  size?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryWebhooksArgs = {
  organizationId: Scalars['ID']['input'];
};


export type QueryWebhookArgs = {
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
};


export type QueryWebhookDeliveriesArgs = {
  organizationId: Scalars['ID']['input'];
  webhookId: Scalars['ID']['input'];
  cursor?: InputMaybe<Scalars['String']['input']>;
  size?: InputMaybe<Scalars['Int']['input']>;
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Declares a file of the organization (members) and answers its signed upload URL. AttachmentCreated. */
  createAttachment: Attachment;
  /** Renames an attachment or changes its expiry (members of the owning organization). AttachmentUpdated. */
  updateAttachment: Attachment;
  /** Requests an export of the organization's data (members; followers for what they may see, censored). */
  createDocument: Document;
  /** Deletes one of your documents and its file. */
  deleteDocument: Scalars['Boolean']['output'];
  /** Registers a webhook (ADMIN); the answer carries its secret, shown this once. */
  createWebhook: Webhook;
  updateWebhook: Webhook;
  /** A new secret, shown this once; the old one stops signing at once. */
  rotateWebhookSecret: Webhook;
  deleteWebhook: Scalars['Boolean']['output'];
};


export type MutationCreateAttachmentArgs = {
  organizationId: Scalars['ID']['input'];
  input: AttachmentInput;
};


export type MutationUpdateAttachmentArgs = {
  id: Scalars['ID']['input'];
  input: AttachmentUpdateInput;
};


export type MutationCreateDocumentArgs = {
  organizationId: Scalars['ID']['input'];
  type: Scalars['String']['input'];
  params: Scalars['JSON']['input'];
};


export type MutationDeleteDocumentArgs = {
  id: Scalars['ID']['input'];
};


export type MutationCreateWebhookArgs = {
  organizationId: Scalars['ID']['input'];
  input: CreateWebhookInput;
};


export type MutationUpdateWebhookArgs = {
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
  input: UpdateWebhookInput;
};


export type MutationRotateWebhookSecretArgs = {
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
};


export type MutationDeleteWebhookArgs = {
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
};

export type DocumentStatus =
  | 'PENDING'
  | 'DONE'
  | 'FAILED';

/**
 * An export request. Created PENDING; the export.build job makes the file and sets DONE with
 * `attachmentId` (read it with `attachment(id)` or download it with GET /me/documents/{id}/download),
 * or FAILED with `reason`. Types and their params: ALERT, FOLLOWING_ALERT, EVENT (CSV),
 * THIRD_PARTY_REPORT, QUESTIONNAIRE_REPORT (PDF); see the README's Documents section.
 */
export type Document = {
  __typename?: 'Document';
  id: Scalars['ID']['output'];
  userId: Scalars['ID']['output'];
  organizationId: Scalars['ID']['output'];
  type: Scalars['String']['output'];
  params: Scalars['JSON']['output'];
  status: DocumentStatus;
  attachmentId?: Maybe<Scalars['ID']['output']>;
  /** The file, once DONE (with a signed download URL). */
  attachment?: Maybe<Attachment>;
  /** Why the export FAILED. */
  reason?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  finishedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The document and its file are deleted after this time. */
  expiresAt: Scalars['DateTime']['output'];
};

/** One entry of an organization's event log. */
export type Event = {
  __typename?: 'Event';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  source: Scalars['String']['output'];
  version: Scalars['Int']['output'];
  data: Scalars['JSON']['output'];
  metadata: Scalars['JSON']['output'];
  createdAt: Scalars['DateTime']['output'];
};

export type EventPage = {
  __typename?: 'EventPage';
  data: Array<Event>;
  /** Pass back to get the next page; null on the last page. */
  cursor?: Maybe<Scalars['String']['output']>;
};

/**
 * The live event log. Served by the gateway itself (gateway/subscriptions/), over graphql-ws on
 * /graphql and GraphQL over SSE on /graphql/stream; declared here so the supergraph describes it.
 */
export type Subscription = {
  __typename?: 'Subscription';
  /** The organization's events as Query.events lists them (a follower's derived AlertFollowing* events included), filtered by name. Members. `after`: resume after that message's cursor. */
  eventAppended: EventMessage;
};


/**
 * The live event log. Served by the gateway itself (gateway/subscriptions/), over graphql-ws on
 * /graphql and GraphQL over SSE on /graphql/stream; declared here so the supergraph describes it.
 */
export type SubscriptionEventAppendedArgs = {
  organizationId: Scalars['ID']['input'];
  names?: InputMaybe<Array<Scalars['String']['input']>>;
  after?: InputMaybe<Scalars['String']['input']>;
};

/** One event of the log, as a subscription message. */
export type EventMessage = {
  __typename?: 'EventMessage';
  /** Pass as `after` when subscribing again to resume right after this message. */
  cursor: Scalars['String']['output'];
  event: Event;
};

/** A webhook: the organization's events (those named, or all) POSTed to `url`, signed per Standard Webhooks. */
export type Webhook = {
  __typename?: 'Webhook';
  id: Scalars['ID']['output'];
  organizationId: Scalars['ID']['output'];
  url: Scalars['String']['output'];
  /** The event names delivered; null: every event (a follower's AlertFollowing* included). */
  eventNames?: Maybe<Array<Scalars['String']['output']>>;
  enabled: Scalars['Boolean']['output'];
  /** The signing secret (`whsec_…`): only in the answer of createWebhook and rotateWebhookSecret, null elsewhere. */
  secret?: Maybe<Scalars['String']['output']>;
  /** Failed attempts since the last successful delivery. */
  consecutiveFailures: Scalars['Int']['output'];
  failingSince?: Maybe<Scalars['DateTime']['output']>;
  /** Why delivery stopped (set when the webhook was disabled for failing too long). */
  disabledReason?: Maybe<Scalars['String']['output']>;
  lastDeliveryAt?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

/** One attempt to deliver one event. */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  /** The attempt's own id (its place in the delivery log). */
  id: Scalars['ID']['output'];
  eventId: Scalars['ID']['output'];
  eventName: Scalars['String']['output'];
  /** 1 for the first attempt at this event, 2 for its first retry… */
  attempt: Scalars['Int']['output'];
  /** DELIVERED (2xx answer) or FAILED. */
  status: Scalars['String']['output'];
  /** The receiver's HTTP status; null when no answer came (timeout, refused address, connection error). */
  responseCode?: Maybe<Scalars['Int']['output']>;
  latencyMs: Scalars['Int']['output'];
  error?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
};

export type WebhookDeliveryPage = {
  __typename?: 'WebhookDeliveryPage';
  data: Array<WebhookDelivery>;
  /** Pass back to get the next (older) page; null on the last page. */
  cursor?: Maybe<Scalars['String']['output']>;
};

export type CreateWebhookInput = {
  url: Scalars['String']['input'];
  /** null or absent: every event. */
  eventNames?: InputMaybe<Array<Scalars['String']['input']>>;
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
};

export type UpdateWebhookInput = {
  url?: InputMaybe<Scalars['String']['input']>;
  /** Absent: unchanged; null: every event. */
  eventNames?: InputMaybe<Array<Scalars['String']['input']>>;
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
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
  Attachment: Attachment;
};

/** Mapping of federation reference types */
export type FederationReferenceTypes = {
  Attachment:
    ( { __typename: 'Attachment' }
    & GraphQLRecursivePick<FederationTypes['Attachment'], {"id":true}> );
};



/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  DateTime: ResolverTypeWrapper<any>;
  JSON: ResolverTypeWrapper<any>;
  PageInfo: ResolverTypeWrapper<any>;
  Boolean: ResolverTypeWrapper<any>;
  String: ResolverTypeWrapper<any>;
  Attachment: ResolverTypeWrapper<any>;
  ID: ResolverTypeWrapper<any>;
  Float: ResolverTypeWrapper<any>;
  AttachmentInput: ResolverTypeWrapper<any>;
  AttachmentUpdateInput: ResolverTypeWrapper<any>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Int: ResolverTypeWrapper<any>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  DocumentStatus: ResolverTypeWrapper<any>;
  Document: ResolverTypeWrapper<any>;
  Event: ResolverTypeWrapper<any>;
  EventPage: ResolverTypeWrapper<any>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  EventMessage: ResolverTypeWrapper<any>;
  Webhook: ResolverTypeWrapper<any>;
  WebhookDelivery: ResolverTypeWrapper<any>;
  WebhookDeliveryPage: ResolverTypeWrapper<any>;
  CreateWebhookInput: ResolverTypeWrapper<any>;
  UpdateWebhookInput: ResolverTypeWrapper<any>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  DateTime: any;
  JSON: any;
  PageInfo: any;
  Boolean: any;
  String: any;
  Attachment: any;
  ID: any;
  Float: any;
  AttachmentInput: any;
  AttachmentUpdateInput: any;
  Query: Record<PropertyKey, never>;
  Int: any;
  Mutation: Record<PropertyKey, never>;
  Document: any;
  Event: any;
  EventPage: any;
  Subscription: Record<PropertyKey, never>;
  EventMessage: any;
  Webhook: any;
  WebhookDelivery: any;
  WebhookDeliveryPage: any;
  CreateWebhookInput: any;
  UpdateWebhookInput: any;
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

export type AttachmentResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Attachment'] = ResolversParentTypes['Attachment'], FederationReferenceType extends FederationReferenceTypes['Attachment'] = FederationReferenceTypes['Attachment']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Attachment']> | FederationReferenceType, FederationReferenceType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  fileName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  contentLength?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  contentType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  contentMD5?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  uploaded?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  expiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type QueryResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  attachment?: Resolver<Maybe<ResolversTypes['Attachment']>, ParentType, ContextType, RequireFields<QueryAttachmentArgs, 'id'>>;
  documents?: Resolver<Array<ResolversTypes['Document']>, ParentType, ContextType>;
  document?: Resolver<Maybe<ResolversTypes['Document']>, ParentType, ContextType, RequireFields<QueryDocumentArgs, 'id'>>;
  eventNames?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  events?: Resolver<ResolversTypes['EventPage'], ParentType, ContextType, RequireFields<QueryEventsArgs, 'organizationId'>>;
  webhooks?: Resolver<Array<ResolversTypes['Webhook']>, ParentType, ContextType, RequireFields<QueryWebhooksArgs, 'organizationId'>>;
  webhook?: Resolver<Maybe<ResolversTypes['Webhook']>, ParentType, ContextType, RequireFields<QueryWebhookArgs, 'organizationId' | 'id'>>;
  webhookDeliveries?: Resolver<ResolversTypes['WebhookDeliveryPage'], ParentType, ContextType, RequireFields<QueryWebhookDeliveriesArgs, 'organizationId' | 'webhookId'>>;
};

export type MutationResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  createAttachment?: Resolver<ResolversTypes['Attachment'], ParentType, ContextType, RequireFields<MutationCreateAttachmentArgs, 'organizationId' | 'input'>>;
  updateAttachment?: Resolver<ResolversTypes['Attachment'], ParentType, ContextType, RequireFields<MutationUpdateAttachmentArgs, 'id' | 'input'>>;
  createDocument?: Resolver<ResolversTypes['Document'], ParentType, ContextType, RequireFields<MutationCreateDocumentArgs, 'organizationId' | 'type' | 'params'>>;
  deleteDocument?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteDocumentArgs, 'id'>>;
  createWebhook?: Resolver<ResolversTypes['Webhook'], ParentType, ContextType, RequireFields<MutationCreateWebhookArgs, 'organizationId' | 'input'>>;
  updateWebhook?: Resolver<ResolversTypes['Webhook'], ParentType, ContextType, RequireFields<MutationUpdateWebhookArgs, 'organizationId' | 'id' | 'input'>>;
  rotateWebhookSecret?: Resolver<ResolversTypes['Webhook'], ParentType, ContextType, RequireFields<MutationRotateWebhookSecretArgs, 'organizationId' | 'id'>>;
  deleteWebhook?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteWebhookArgs, 'organizationId' | 'id'>>;
};

export type DocumentResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Document'] = ResolversParentTypes['Document']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  userId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  params?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['DocumentStatus'], ParentType, ContextType>;
  attachmentId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  attachment?: Resolver<Maybe<ResolversTypes['Attachment']>, ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  finishedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type EventResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Event'] = ResolversParentTypes['Event']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  data?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  metadata?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type EventPageResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['EventPage'] = ResolversParentTypes['EventPage']> = {
  data?: Resolver<Array<ResolversTypes['Event']>, ParentType, ContextType>;
  cursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type SubscriptionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = {
  eventAppended?: SubscriptionResolver<ResolversTypes['EventMessage'], "eventAppended", ParentType, ContextType, RequireFields<SubscriptionEventAppendedArgs, 'organizationId'>>;
};

export type EventMessageResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['EventMessage'] = ResolversParentTypes['EventMessage']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  event?: Resolver<ResolversTypes['Event'], ParentType, ContextType>;
};

export type WebhookResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Webhook'] = ResolversParentTypes['Webhook']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  eventNames?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  secret?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  consecutiveFailures?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  failingSince?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  disabledReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastDeliveryAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type WebhookDeliveryResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['WebhookDelivery'] = ResolversParentTypes['WebhookDelivery']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  eventName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  attempt?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  responseCode?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  latencyMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type WebhookDeliveryPageResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['WebhookDeliveryPage'] = ResolversParentTypes['WebhookDeliveryPage']> = {
  data?: Resolver<Array<ResolversTypes['WebhookDelivery']>, ParentType, ContextType>;
  cursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type Resolvers<ContextType = SubgraphContext> = {
  DateTime?: GraphQLScalarType;
  JSON?: GraphQLScalarType;
  PageInfo?: PageInfoResolvers<ContextType>;
  Attachment?: AttachmentResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Document?: DocumentResolvers<ContextType>;
  Event?: EventResolvers<ContextType>;
  EventPage?: EventPageResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  EventMessage?: EventMessageResolvers<ContextType>;
  Webhook?: WebhookResolvers<ContextType>;
  WebhookDelivery?: WebhookDeliveryResolvers<ContextType>;
  WebhookDeliveryPage?: WebhookDeliveryPageResolvers<ContextType>;
};

