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

/**
 * A file. After creating it, PUT its bytes to `url` with `Content-Length` and `Content-MD5` equal to the
 * declared ones (anything else is refused: 400, nothing stored); read it with `attachment(id)`, whose
 * `url` is then a signed download link. Questionnaire answers, elements and comments name attachments
 * by id; an attachment you may not read resolves to null.
 */
export type Attachment = {
  __typename?: 'Attachment';
  /** The attachment's id (UUID). */
  id: Scalars['ID']['output'];
  /** The owning organization; null for a document's (export's) file, private to the user who exported. */
  organizationId?: Maybe<Scalars['ID']['output']>;
  /** The file's name, as given. */
  fileName: Scalars['String']['output'];
  /** The file's size in bytes, as declared. */
  contentLength: Scalars['Float']['output'];
  /** The file's media type, as declared (e.g. `application/pdf`). */
  contentType: Scalars['String']['output'];
  /** base64 of the MD5 digest of the bytes, as S3's Content-MD5 takes it. */
  contentMD5: Scalars['String']['output'];
  /** Absolute, signed, expiring: the upload URL (PUT) in the answer of createAttachment, a download URL (GET) when read; null when read before the bytes were uploaded. */
  url?: Maybe<Scalars['String']['output']>;
  /** Whether the bytes were uploaded and verified. */
  uploaded: Scalars['Boolean']['output'];
  /** When the attachment was declared. */
  createdAt: Scalars['DateTime']['output'];
  /** After this time the attachment and its bytes are deleted; null = kept. */
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
};

/** A file to declare: its bytes are uploaded afterwards to the answer's `url`. */
export type CreateAttachmentInput = {
  /** The organization the file belongs to (UUID); you must be a member. */
  organizationId: Scalars['ID']['input'];
  /** The file's name (no path separators or control characters). */
  fileName: Scalars['String']['input'];
  /** The file's size in bytes (at most the server's limit). */
  contentLength: Scalars['Float']['input'];
  /** The file's media type (e.g. `application/pdf`). */
  contentType: Scalars['String']['input'];
  /** base64 of the MD5 digest of the bytes; the upload must match it. */
  contentMD5: Scalars['String']['input'];
  /** When to delete the attachment (in the future); absent or null: kept. */
  expiresAt?: InputMaybe<Scalars['DateTime']['input']>;
};

/** The declared attachment. */
export type CreateAttachmentPayload = {
  __typename?: 'CreateAttachmentPayload';
  /** The new attachment; its `url` is the signed upload URL. */
  attachment?: Maybe<Attachment>;
};

/** Changes to an attachment: an absent field is unchanged. */
export type UpdateAttachmentInput = {
  /** The attachment's id (UUID). */
  id: Scalars['ID']['input'];
  /** A new file name. */
  fileName?: InputMaybe<Scalars['String']['input']>;
  /** A new expiry time (in the future); null keeps it for ever. */
  expiresAt?: InputMaybe<Scalars['DateTime']['input']>;
};

/** The changed attachment. */
export type UpdateAttachmentPayload = {
  __typename?: 'UpdateAttachmentPayload';
  /** The attachment as changed, with a signed download URL. */
  attachment?: Maybe<Attachment>;
};

export type Query = {
  __typename?: 'Query';
  /** An attachment of one of your organizations (or shared with one of them through an assessment), with a signed download URL; null when it does not exist or you may not read it. */
  attachment?: Maybe<Attachment>;
  /** Your documents (the exports you requested that have not expired), newest first. Any authenticated caller; only your own. */
  documents: DocumentConnection;
  /** One of your documents; null when it does not exist, expired or is not yours. */
  document?: Maybe<Document>;
  /** Every event name Vigil writes, grouped by the kind of object it is about (at most one group per kind: a fixed catalog). Any authenticated caller. */
  eventNames: Array<EventNameGroup>;
  /**
   * The organization's event log, oldest first, with the alert events of the organizations it follows
   * (since the follow began, censored as followers see them). Members of the organization.
   */
  events: EventConnection;
  /** The organization's webhooks, oldest first, secrets never included. ADMINs of the organization. */
  webhooks: WebhookConnection;
  /** One webhook of the organization, without its secret; null when it does not exist. ADMINs of the organization. */
  webhook?: Maybe<Webhook>;
  /** A webhook's delivery log, newest attempt first. ADMINs of the organization; NOT_FOUND for a webhook of another organization. */
  webhookDeliveries: WebhookDeliveryConnection;
};


export type QueryAttachmentArgs = {
  id: Scalars['ID']['input'];
};


export type QueryDocumentsArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


export type QueryDocumentArgs = {
  id: Scalars['ID']['input'];
};


export type QueryEventsArgs = {
  organizationId: Scalars['ID']['input'];
  start?: InputMaybe<Scalars['DateTime']['input']>;
  end?: InputMaybe<Scalars['DateTime']['input']>;
  name?: InputMaybe<EventName>;
  nameText?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


export type QueryWebhooksArgs = {
  organizationId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


export type QueryWebhookArgs = {
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
};


export type QueryWebhookDeliveriesArgs = {
  organizationId: Scalars['ID']['input'];
  webhookId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Declares a file of an organization (members) and answers its signed upload URL. Writes an AttachmentCreated event. BAD_REQUEST naming a bad field. */
  createAttachment: CreateAttachmentPayload;
  /** Renames an attachment or changes its expiry (members of the owning organization). Writes an AttachmentUpdated event. NOT_FOUND when you may not change it. */
  updateAttachment: UpdateAttachmentPayload;
  /**
   * Requests an export of an organization's data: members for every type, followers for ALERT and
   * THIRD_PARTY_REPORT (censored as they see it). Answers the PENDING document. Errors: BAD_REQUEST
   * naming the bad parameter; NOT_FOUND for an organization (or assessment) you may not export.
   */
  createDocument: CreateDocumentPayload;
  /** Deletes one of your documents and its file. NOT_FOUND when it is not yours or does not exist. */
  deleteDocument: DeleteDocumentPayload;
  /** Registers a webhook (ADMIN); the answer carries its secret, shown this once. Writes a WebhookCreated event. BAD_REQUEST naming a bad `url` or `eventNames`. */
  createWebhook: CreateWebhookPayload;
  /** Changes a webhook's URL, event names or enabled (ADMIN). Writes a WebhookUpdated event. NOT_FOUND for a webhook of another organization. */
  updateWebhook: UpdateWebhookPayload;
  /** Replaces a webhook's signing secret (ADMIN); the new one is shown this once, the old one stops signing at once. Writes a WebhookUpdated event. */
  rotateWebhookSecret: RotateWebhookSecretPayload;
  /** Deletes a webhook and its delivery log (ADMIN). Writes a WebhookDeleted event. */
  deleteWebhook: DeleteWebhookPayload;
};


export type MutationCreateAttachmentArgs = {
  input: CreateAttachmentInput;
};


export type MutationUpdateAttachmentArgs = {
  input: UpdateAttachmentInput;
};


export type MutationCreateDocumentArgs = {
  input: CreateDocumentInput;
};


export type MutationDeleteDocumentArgs = {
  input: DeleteDocumentInput;
};


export type MutationCreateWebhookArgs = {
  input: CreateWebhookInput;
};


export type MutationUpdateWebhookArgs = {
  input: UpdateWebhookInput;
};


export type MutationRotateWebhookSecretArgs = {
  input: RotateWebhookSecretInput;
};


export type MutationDeleteWebhookArgs = {
  input: DeleteWebhookInput;
};

/** What a document (an export) holds. The file's format and the `params` each type takes are in the README's Documents section. */
export type DocumentType =
  /** The organization's alerts (CSV), filtered as the alert list filters them; followers get the censored view. Params: `filter`, `order`, `sort`, `lang`. */
  | 'ALERT'
  /** The alerts of the organizations the organization follows (CSV, censored). Params: `following`, `filter`, `order`, `sort`, `lang`. */
  | 'FOLLOWING_ALERT'
  /** The organization's event log (CSV). Params: `filter` = {`name`, `start`, `end`}. */
  | 'EVENT'
  /** A report on the organization for those who follow it (PDF). Params: `language` (`en-US` or `pt-BR`). */
  | 'THIRD_PARTY_REPORT'
  /** The report of one assessment (PDF), for its two organizations. Params: `language`, `filter` = {`assessmentId` (required), `includeAnswers` (default true)}. */
  | 'QUESTIONNAIRE_REPORT';

/** Where an export stands. */
export type DocumentStatus =
  /** Requested; the file is being made. */
  | 'PENDING'
  /** The file is ready: read it through `attachment`. */
  | 'DONE'
  /** The export failed; `reason` says why. */
  | 'FAILED';

/**
 * An export of an organization's data, private to the user who requested it. Created PENDING; when
 * the file is made it turns DONE and `attachment` holds the file (with a signed download URL), or
 * FAILED with a `reason`. Deleted, with its file, at `expiresAt`.
 */
export type Document = {
  __typename?: 'Document';
  /** The document's id (UUID). */
  id: Scalars['ID']['output'];
  /** The user who requested it (the only one who may read it). */
  userId: Scalars['ID']['output'];
  /** The organization whose data it exports. */
  organizationId: Scalars['ID']['output'];
  /** What it exports. */
  type: DocumentType;
  /** The export's parameters as stored (arbitrary properties that depend on `type`, defaults filled in). */
  params: Scalars['JSON']['output'];
  /** Where the export stands. */
  status: DocumentStatus;
  /** The id of the file, once DONE; null before. */
  attachmentId?: Maybe<Scalars['ID']['output']>;
  /** The file, once DONE (with a signed download URL); null before. */
  attachment?: Maybe<Attachment>;
  /** Why the export failed (FAILED only). */
  reason?: Maybe<Scalars['String']['output']>;
  /** When it was requested. */
  createdAt: Scalars['DateTime']['output'];
  /** When it turned DONE or FAILED; null while PENDING. */
  finishedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The document and its file are deleted after this time. */
  expiresAt: Scalars['DateTime']['output'];
};

/** A page of your documents, newest first. */
export type DocumentConnection = {
  __typename?: 'DocumentConnection';
  /** The page's documents with their cursors. */
  edges: Array<DocumentEdge>;
  /** The page's documents (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<Document>;
  /** Where this page stands: pass `endCursor` as `after` while `hasNextPage` is true. */
  pageInfo: PageInfo;
};

/** A document with its cursor in the list. */
export type DocumentEdge = {
  __typename?: 'DocumentEdge';
  /** Pass as `after` to read the documents that follow this one. */
  cursor: Scalars['String']['output'];
  /** The document. */
  node: Document;
};

/** What to export. */
export type CreateDocumentInput = {
  /** The organization whose data is exported (UUID): members, and followers for ALERT and THIRD_PARTY_REPORT. */
  organizationId: Scalars['ID']['input'];
  /** What to export. */
  type: DocumentType;
  /** The export's parameters, an object whose properties depend on `type` (see `DocumentType`); `{}` for the defaults. */
  params: Scalars['JSON']['input'];
};

/** The requested export. */
export type CreateDocumentPayload = {
  __typename?: 'CreateDocumentPayload';
  /** The new document, PENDING. */
  document?: Maybe<Document>;
};

/** Which document to delete. */
export type DeleteDocumentInput = {
  /** The id of one of your documents. */
  id: Scalars['ID']['input'];
};

/** The deleted document. */
export type DeleteDocumentPayload = {
  __typename?: 'DeleteDocumentPayload';
  /** The id of the document deleted. */
  deletedId: Scalars['ID']['output'];
};

/**
 * An event's name: what happened. The log, webhook envelopes and the REST API spell it in PascalCase
 * (`ALERT_UPDATED` is `AlertUpdated` there). `eventNames` lists them per kind of object.
 */
export type EventName =
  /** `AlertCreated`: An alert was created. */
  | 'AlertCreated'
  /** `AlertUpdated`: An alert was updated. */
  | 'AlertUpdated'
  /** `AlertFollowingCreated`: An alert was created in an organization this one follows (derived from its AlertCreated, censored for followers). */
  | 'AlertFollowingCreated'
  /** `AlertFollowingUpdated`: An alert changed in an organization this one follows (derived from its AlertUpdated, censored for followers). */
  | 'AlertFollowingUpdated'
  /** `AlertCommentCreated`: An alert comment was created. */
  | 'AlertCommentCreated'
  /** `AnswerCreated`: An answer was created. */
  | 'AnswerCreated'
  /** `AnswerUpdated`: An answer was updated. */
  | 'AnswerUpdated'
  /** `AssessmentCreated`: An assessment was created. */
  | 'AssessmentCreated'
  /** `AssessmentUpdated`: An assessment was updated. */
  | 'AssessmentUpdated'
  /** `AssessmentOverdue`: An assessment passed its due date unanswered. */
  | 'AssessmentOverdue'
  /** `AssessmentCommentCreated`: An assessment comment was created. */
  | 'AssessmentCommentCreated'
  /** `AttachmentCreated`: An attachment was created. */
  | 'AttachmentCreated'
  /** `AttachmentUpdated`: An attachment was updated. */
  | 'AttachmentUpdated'
  /** `ElementCreated`: An element was created. */
  | 'ElementCreated'
  /** `ElementDeleted`: An element was removed from a questionnaire. */
  | 'ElementDeleted'
  /** `FollowerRequested`: An organization asked to follow this one. */
  | 'FollowerRequested'
  /** `FollowerRequestDeleted`: An organization withdrew its request to follow this one. */
  | 'FollowerRequestDeleted'
  /** `FollowerRemoved`: A follower was removed (it no longer follows this organization). */
  | 'FollowerRemoved'
  /** `FollowingRequested`: This organization asked to follow another. */
  | 'FollowingRequested'
  /** `FollowingAccepted`: An organization accepted this one's request to follow it. */
  | 'FollowingAccepted'
  /** `FollowingDeclined`: An organization declined this one's request to follow it. */
  | 'FollowingDeclined'
  /** `FollowingUpdated`: This organization changed its tags on an organization it follows. */
  | 'FollowingUpdated'
  /** `FollowingRemoved`: This organization stopped following another. */
  | 'FollowingRemoved'
  /** `MemberInvited`: Someone was invited to join the organization. */
  | 'MemberInvited'
  /** `MemberInviteResent`: An invite to join the organization was sent again. */
  | 'MemberInviteResent'
  /** `MemberInviteDeleted`: An invite to join the organization was withdrawn. */
  | 'MemberInviteDeleted'
  /** `MemberJoined`: A user joined the organization. */
  | 'MemberJoined'
  /** `MemberUpdated`: A member's roles changed. */
  | 'MemberUpdated'
  /** `MemberRemoved`: A member was removed from the organization. */
  | 'MemberRemoved'
  /** `MemberMfaResetRequested`: An ADMIN asked to reset a member's multi-factor authentication. */
  | 'MemberMfaResetRequested'
  /** `MemberPasswordResetRequested`: An ADMIN asked to reset a member's password. */
  | 'MemberPasswordResetRequested'
  /** `OrganizationCreated`: An organization was created. */
  | 'OrganizationCreated'
  /** `OrganizationUpdated`: An organization was updated. */
  | 'OrganizationUpdated'
  /** `OrganizationDeleted`: An organization was deleted. */
  | 'OrganizationDeleted'
  /** `QuestionCreated`: A question was created. */
  | 'QuestionCreated'
  /** `QuestionnaireCreated`: A questionnaire was created. */
  | 'QuestionnaireCreated'
  /** `ScanCreated`: A scan was created. */
  | 'ScanCreated'
  /** `ScanStarted`: A scan started running. */
  | 'ScanStarted'
  /** `ScanCompleted`: A scan finished. */
  | 'ScanCompleted'
  /** `ScanFailed`: A scan failed. */
  | 'ScanFailed'
  /** `ScanStopped`: A scan was stopped before it finished. */
  | 'ScanStopped'
  /** `ScanTargetCreated`: A scan target was created. */
  | 'ScanTargetCreated'
  /** `ScanTargetUpdated`: A scan target was updated. */
  | 'ScanTargetUpdated'
  /** `ScanTargetDeleted`: A scan target was deleted. */
  | 'ScanTargetDeleted'
  /** `WebhookCreated`: A webhook was created. */
  | 'WebhookCreated'
  /** `WebhookUpdated`: A webhook was updated. */
  | 'WebhookUpdated'
  /** `WebhookDeleted`: A webhook was deleted. */
  | 'WebhookDeleted'
  /** `WebhookDisabled`: A webhook was disabled after failing for too long. */
  | 'WebhookDisabled';

/** The kind of object events are about (the REST API keys its event name catalog with the camelCase form, `alertComment`). */
export type EventEntity =
  /** `alert`: An alert (a finding of a scan) of the organization, or one of an organization it follows. */
  | 'alert'
  /** `alertComment`: A comment on an alert. */
  | 'alertComment'
  /** `answer`: An answer to a question of an assessment. */
  | 'answer'
  /** `assessment`: An assessment: a questionnaire sent from one organization to another. */
  | 'assessment'
  /** `assessmentComment`: A comment on an assessment. */
  | 'assessmentComment'
  /** `attachment`: An attachment (a file). */
  | 'attachment'
  /** `element`: An element (a question or a section) of a questionnaire. */
  | 'element'
  /** `follower`: An organization following this one, or asking to. */
  | 'follower'
  /** `following`: An organization this one follows, or asks to follow. */
  | 'following'
  /** `member`: A member of the organization, or an invite to become one. */
  | 'member'
  /** `organization`: The organization itself. */
  | 'organization'
  /** `question`: A question of a questionnaire. */
  | 'question'
  /** `questionnaire`: A questionnaire. */
  | 'questionnaire'
  /** `scan`: A scan of a scan target. */
  | 'scan'
  /** `scanTarget`: A scan target (an account, tenant or domain Vigil scans). */
  | 'scanTarget'
  /** `webhook`: A webhook of the organization. */
  | 'webhook';

/** The event names of one kind of object. */
export type EventNameGroup = {
  __typename?: 'EventNameGroup';
  /** The kind of object. */
  entity: EventEntity;
  /** The names of the events about it, in the order Vigil lists them. */
  names: Array<EventName>;
};

/**
 * One entry of an organization's event log: something that happened in the organization (or, for
 * `ALERT_FOLLOWING_*`, to an alert of an organization it follows, censored as followers see it).
 * Webhooks deliver the same record.
 */
export type Event = {
  __typename?: 'Event';
  /** The event's id (UUID). A follower's derived event has its own id, stable for that follower. */
  id: Scalars['ID']['output'];
  /** What happened. */
  name: EventName;
  /** Which part of Vigil wrote it, as `service.<area>` (`service.alert`, `service.webhook`, …). */
  source: Scalars['String']['output'];
  /** The version of the event's `data` shape (starts at 1). */
  version: Scalars['Int']['output'];
  /**
   * The event's payload: arbitrary properties that depend on `name` (usually the changed object as
   * the REST API shows it, and for updates the names of the changed fields). See the README's Events section.
   */
  data: Scalars['JSON']['output'];
  /** Arbitrary string properties about the event (e.g. `userId`, the user who caused it; left out for followers). */
  metadata: Scalars['JSON']['output'];
  /** When it happened. */
  createdAt: Scalars['DateTime']['output'];
};

/** A page of an organization's event log, oldest first. */
export type EventConnection = {
  __typename?: 'EventConnection';
  /** The page's events with their cursors. */
  edges: Array<EventEdge>;
  /** The page's events (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<Event>;
  /** Where this page stands: pass `endCursor` as `after` while `hasNextPage` is true. */
  pageInfo: PageInfo;
};

/** An event with its cursor in the log. */
export type EventEdge = {
  __typename?: 'EventEdge';
  /** Pass as `after` to read the events that follow this one. */
  cursor: Scalars['String']['output'];
  /** The event. */
  node: Event;
};

/** Live streams, over graphql-ws on /graphql and GraphQL over SSE on /graphql/stream. */
export type Subscription = {
  __typename?: 'Subscription';
  /**
   * The organization's events as they are appended, as `events` lists them (a follower's derived
   * ALERT_FOLLOWING_* events included). Members of the organization.
   */
  eventAppended: EventMessage;
};


/** Live streams, over graphql-ws on /graphql and GraphQL over SSE on /graphql/stream. */
export type SubscriptionEventAppendedArgs = {
  organizationId: Scalars['ID']['input'];
  names?: InputMaybe<Array<EventName>>;
  after?: InputMaybe<Scalars['String']['input']>;
};

/** One event of the log, as a subscription message. */
export type EventMessage = {
  __typename?: 'EventMessage';
  /** Pass as `after` when subscribing again to resume right after this message. */
  cursor: Scalars['String']['output'];
  /** The event. */
  event: Event;
};

/**
 * A webhook: the organization's events (those named, or all) POSTed to `url` as they happen, signed per
 * Standard Webhooks with the webhook's secret. ADMINs of the organization only.
 */
export type Webhook = {
  __typename?: 'Webhook';
  /** The webhook's id (UUID). */
  id: Scalars['ID']['output'];
  /** The organization whose events it delivers. */
  organizationId: Scalars['ID']['output'];
  /** Where events are POSTed: an absolute http(s) URL whose host resolves to a public address. */
  url: Scalars['String']['output'];
  /** The event names delivered; null: every event (a follower's ALERT_FOLLOWING_* included). */
  eventNames?: Maybe<Array<EventName>>;
  /** Whether events are delivered; false after `updateWebhook` disabled it or after it failed for too long. */
  enabled: Scalars['Boolean']['output'];
  /** The signing secret (`whsec_…`): only in the answer of createWebhook and rotateWebhookSecret, null elsewhere. */
  secret?: Maybe<Scalars['String']['output']>;
  /** Failed attempts since the last successful delivery. */
  consecutiveFailures: Scalars['Int']['output'];
  /** When the current run of failures began; null while deliveries succeed. */
  failingSince?: Maybe<Scalars['DateTime']['output']>;
  /** Why delivery stopped (set when the webhook was disabled for failing too long). */
  disabledReason?: Maybe<Scalars['String']['output']>;
  /** When the last delivery attempt was made; null before the first. */
  lastDeliveryAt?: Maybe<Scalars['DateTime']['output']>;
  /** When the webhook was registered. */
  createdAt: Scalars['DateTime']['output'];
  /** When the webhook last changed. */
  updatedAt: Scalars['DateTime']['output'];
};

/** The outcome of one delivery attempt. */
export type WebhookDeliveryStatus =
  /** The receiver answered 2xx. */
  | 'DELIVERED'
  /** The receiver answered otherwise, or did not answer; the event is tried again later. */
  | 'FAILED';

/** One attempt to deliver one event. */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  /** The attempt's own id (its place in the delivery log). */
  id: Scalars['ID']['output'];
  /** The id of the event delivered. */
  eventId: Scalars['ID']['output'];
  /** The name of the event delivered. */
  eventName: EventName;
  /** 1 for the first attempt at this event, 2 for its first retry… */
  attempt: Scalars['Int']['output'];
  /** Whether the receiver took it. */
  status: WebhookDeliveryStatus;
  /** The receiver's HTTP status; null when no answer came (timeout, refused address, connection error). */
  responseCode?: Maybe<Scalars['Int']['output']>;
  /** How long the attempt took, in milliseconds. */
  latencyMs: Scalars['Int']['output'];
  /** What went wrong (FAILED only): the receiver's status or the connection error. */
  error?: Maybe<Scalars['String']['output']>;
  /** When the attempt was made. */
  createdAt: Scalars['DateTime']['output'];
};

/** A page of an organization's webhooks, oldest first. */
export type WebhookConnection = {
  __typename?: 'WebhookConnection';
  /** The page's webhooks with their cursors. */
  edges: Array<WebhookEdge>;
  /** The page's webhooks (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<Webhook>;
  /** Where this page stands: pass `endCursor` as `after` while `hasNextPage` is true. */
  pageInfo: PageInfo;
};

/** A webhook with its cursor in the list. */
export type WebhookEdge = {
  __typename?: 'WebhookEdge';
  /** Pass as `after` to read the webhooks that follow this one. */
  cursor: Scalars['String']['output'];
  /** The webhook. */
  node: Webhook;
};

/** A page of a webhook's delivery log, newest attempt first. */
export type WebhookDeliveryConnection = {
  __typename?: 'WebhookDeliveryConnection';
  /** The page's attempts with their cursors. */
  edges: Array<WebhookDeliveryEdge>;
  /** The page's attempts (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<WebhookDelivery>;
  /** Where this page stands: pass `endCursor` as `after` while `hasNextPage` is true. */
  pageInfo: PageInfo;
};

/** A delivery attempt with its cursor in the log. */
export type WebhookDeliveryEdge = {
  __typename?: 'WebhookDeliveryEdge';
  /** Pass as `after` to read the (older) attempts that follow this one. */
  cursor: Scalars['String']['output'];
  /** The attempt. */
  node: WebhookDelivery;
};

/** A webhook to register. */
export type CreateWebhookInput = {
  /** The organization whose events it delivers (UUID); you must be an ADMIN. */
  organizationId: Scalars['ID']['input'];
  /** Where to POST events: an absolute http(s) URL whose host resolves to a public address. */
  url: Scalars['String']['input'];
  /** The events to deliver (at least one, no repeats); null or absent: every event. */
  eventNames?: InputMaybe<Array<EventName>>;
  /** Whether to deliver at once; true when absent. */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The registered webhook. */
export type CreateWebhookPayload = {
  __typename?: 'CreateWebhookPayload';
  /** The new webhook, with its signing secret (shown this once). */
  webhook?: Maybe<Webhook>;
};

/** Changes to a webhook: an absent field is unchanged. */
export type UpdateWebhookInput = {
  /** The webhook's organization (UUID); you must be an ADMIN. */
  organizationId: Scalars['ID']['input'];
  /** The webhook's id (UUID). */
  id: Scalars['ID']['input'];
  /** A new URL (absolute http(s), public host). */
  url?: InputMaybe<Scalars['String']['input']>;
  /** The events to deliver; null: every event. */
  eventNames?: InputMaybe<Array<EventName>>;
  /** Whether to deliver; enabling again clears the failure record and resumes delivery where it stopped. */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The changed webhook. */
export type UpdateWebhookPayload = {
  __typename?: 'UpdateWebhookPayload';
  /** The webhook as changed (without its secret). */
  webhook?: Maybe<Webhook>;
};

/** The webhook whose secret to replace. */
export type RotateWebhookSecretInput = {
  /** The webhook's organization (UUID); you must be an ADMIN. */
  organizationId: Scalars['ID']['input'];
  /** The webhook's id (UUID). */
  id: Scalars['ID']['input'];
};

/** The webhook with its new secret. */
export type RotateWebhookSecretPayload = {
  __typename?: 'RotateWebhookSecretPayload';
  /** The webhook, with its new signing secret (shown this once). */
  webhook?: Maybe<Webhook>;
};

/** The webhook to delete. */
export type DeleteWebhookInput = {
  /** The webhook's organization (UUID); you must be an ADMIN. */
  organizationId: Scalars['ID']['input'];
  /** The webhook's id (UUID). */
  id: Scalars['ID']['input'];
};

/** The deleted webhook. */
export type DeleteWebhookPayload = {
  __typename?: 'DeleteWebhookPayload';
  /** The id of the webhook deleted (its delivery log went with it). */
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
  Attachment: Attachment;
  Webhook: Webhook;
};

/** Mapping of federation reference types */
export type FederationReferenceTypes = {
  Attachment:
    ( { __typename: 'Attachment' }
    & GraphQLRecursivePick<FederationTypes['Attachment'], {"id":true}> );
  Webhook:
    ( { __typename: 'Webhook' }
    & GraphQLRecursivePick<FederationTypes['Webhook'], {"id":true}> );
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
  CreateAttachmentInput: ResolverTypeWrapper<any>;
  CreateAttachmentPayload: ResolverTypeWrapper<any>;
  UpdateAttachmentInput: ResolverTypeWrapper<any>;
  UpdateAttachmentPayload: ResolverTypeWrapper<any>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Int: ResolverTypeWrapper<any>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  DocumentType: ResolverTypeWrapper<any>;
  DocumentStatus: ResolverTypeWrapper<any>;
  Document: ResolverTypeWrapper<any>;
  DocumentConnection: ResolverTypeWrapper<any>;
  DocumentEdge: ResolverTypeWrapper<any>;
  CreateDocumentInput: ResolverTypeWrapper<any>;
  CreateDocumentPayload: ResolverTypeWrapper<any>;
  DeleteDocumentInput: ResolverTypeWrapper<any>;
  DeleteDocumentPayload: ResolverTypeWrapper<any>;
  EventName: EventName;
  EventEntity: EventEntity;
  EventNameGroup: ResolverTypeWrapper<any>;
  Event: ResolverTypeWrapper<any>;
  EventConnection: ResolverTypeWrapper<any>;
  EventEdge: ResolverTypeWrapper<any>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  EventMessage: ResolverTypeWrapper<any>;
  Webhook: ResolverTypeWrapper<any>;
  WebhookDeliveryStatus: ResolverTypeWrapper<any>;
  WebhookDelivery: ResolverTypeWrapper<any>;
  WebhookConnection: ResolverTypeWrapper<any>;
  WebhookEdge: ResolverTypeWrapper<any>;
  WebhookDeliveryConnection: ResolverTypeWrapper<any>;
  WebhookDeliveryEdge: ResolverTypeWrapper<any>;
  CreateWebhookInput: ResolverTypeWrapper<any>;
  CreateWebhookPayload: ResolverTypeWrapper<any>;
  UpdateWebhookInput: ResolverTypeWrapper<any>;
  UpdateWebhookPayload: ResolverTypeWrapper<any>;
  RotateWebhookSecretInput: ResolverTypeWrapper<any>;
  RotateWebhookSecretPayload: ResolverTypeWrapper<any>;
  DeleteWebhookInput: ResolverTypeWrapper<any>;
  DeleteWebhookPayload: ResolverTypeWrapper<any>;
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
  CreateAttachmentInput: any;
  CreateAttachmentPayload: any;
  UpdateAttachmentInput: any;
  UpdateAttachmentPayload: any;
  Query: Record<PropertyKey, never>;
  Int: any;
  Mutation: Record<PropertyKey, never>;
  Document: any;
  DocumentConnection: any;
  DocumentEdge: any;
  CreateDocumentInput: any;
  CreateDocumentPayload: any;
  DeleteDocumentInput: any;
  DeleteDocumentPayload: any;
  EventNameGroup: any;
  Event: any;
  EventConnection: any;
  EventEdge: any;
  Subscription: Record<PropertyKey, never>;
  EventMessage: any;
  Webhook: any;
  WebhookDelivery: any;
  WebhookConnection: any;
  WebhookEdge: any;
  WebhookDeliveryConnection: any;
  WebhookDeliveryEdge: any;
  CreateWebhookInput: any;
  CreateWebhookPayload: any;
  UpdateWebhookInput: any;
  UpdateWebhookPayload: any;
  RotateWebhookSecretInput: any;
  RotateWebhookSecretPayload: any;
  DeleteWebhookInput: any;
  DeleteWebhookPayload: any;
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

export type CreateAttachmentPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CreateAttachmentPayload'] = ResolversParentTypes['CreateAttachmentPayload']> = {
  attachment?: Resolver<Maybe<ResolversTypes['Attachment']>, ParentType, ContextType>;
};

export type UpdateAttachmentPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['UpdateAttachmentPayload'] = ResolversParentTypes['UpdateAttachmentPayload']> = {
  attachment?: Resolver<Maybe<ResolversTypes['Attachment']>, ParentType, ContextType>;
};

export type QueryResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  attachment?: Resolver<Maybe<ResolversTypes['Attachment']>, ParentType, ContextType, RequireFields<QueryAttachmentArgs, 'id'>>;
  documents?: Resolver<ResolversTypes['DocumentConnection'], ParentType, ContextType, RequireFields<QueryDocumentsArgs, 'first'>>;
  document?: Resolver<Maybe<ResolversTypes['Document']>, ParentType, ContextType, RequireFields<QueryDocumentArgs, 'id'>>;
  eventNames?: Resolver<Array<ResolversTypes['EventNameGroup']>, ParentType, ContextType>;
  events?: Resolver<ResolversTypes['EventConnection'], ParentType, ContextType, RequireFields<QueryEventsArgs, 'organizationId' | 'first'>>;
  webhooks?: Resolver<ResolversTypes['WebhookConnection'], ParentType, ContextType, RequireFields<QueryWebhooksArgs, 'organizationId' | 'first'>>;
  webhook?: Resolver<Maybe<ResolversTypes['Webhook']>, ParentType, ContextType, RequireFields<QueryWebhookArgs, 'organizationId' | 'id'>>;
  webhookDeliveries?: Resolver<ResolversTypes['WebhookDeliveryConnection'], ParentType, ContextType, RequireFields<QueryWebhookDeliveriesArgs, 'organizationId' | 'webhookId' | 'first'>>;
};

export type MutationResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  createAttachment?: Resolver<ResolversTypes['CreateAttachmentPayload'], ParentType, ContextType, RequireFields<MutationCreateAttachmentArgs, 'input'>>;
  updateAttachment?: Resolver<ResolversTypes['UpdateAttachmentPayload'], ParentType, ContextType, RequireFields<MutationUpdateAttachmentArgs, 'input'>>;
  createDocument?: Resolver<ResolversTypes['CreateDocumentPayload'], ParentType, ContextType, RequireFields<MutationCreateDocumentArgs, 'input'>>;
  deleteDocument?: Resolver<ResolversTypes['DeleteDocumentPayload'], ParentType, ContextType, RequireFields<MutationDeleteDocumentArgs, 'input'>>;
  createWebhook?: Resolver<ResolversTypes['CreateWebhookPayload'], ParentType, ContextType, RequireFields<MutationCreateWebhookArgs, 'input'>>;
  updateWebhook?: Resolver<ResolversTypes['UpdateWebhookPayload'], ParentType, ContextType, RequireFields<MutationUpdateWebhookArgs, 'input'>>;
  rotateWebhookSecret?: Resolver<ResolversTypes['RotateWebhookSecretPayload'], ParentType, ContextType, RequireFields<MutationRotateWebhookSecretArgs, 'input'>>;
  deleteWebhook?: Resolver<ResolversTypes['DeleteWebhookPayload'], ParentType, ContextType, RequireFields<MutationDeleteWebhookArgs, 'input'>>;
};

export type DocumentResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Document'] = ResolversParentTypes['Document']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  userId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['DocumentType'], ParentType, ContextType>;
  params?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['DocumentStatus'], ParentType, ContextType>;
  attachmentId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  attachment?: Resolver<Maybe<ResolversTypes['Attachment']>, ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  finishedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type DocumentConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['DocumentConnection'] = ResolversParentTypes['DocumentConnection']> = {
  edges?: Resolver<Array<ResolversTypes['DocumentEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Document']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type DocumentEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['DocumentEdge'] = ResolversParentTypes['DocumentEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Document'], ParentType, ContextType>;
};

export type CreateDocumentPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CreateDocumentPayload'] = ResolversParentTypes['CreateDocumentPayload']> = {
  document?: Resolver<Maybe<ResolversTypes['Document']>, ParentType, ContextType>;
};

export type DeleteDocumentPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['DeleteDocumentPayload'] = ResolversParentTypes['DeleteDocumentPayload']> = {
  deletedId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type EventNameResolvers = { ALERT_CREATED: 'AlertCreated', ALERT_UPDATED: 'AlertUpdated', ALERT_FOLLOWING_CREATED: 'AlertFollowingCreated', ALERT_FOLLOWING_UPDATED: 'AlertFollowingUpdated', ALERT_COMMENT_CREATED: 'AlertCommentCreated', ANSWER_CREATED: 'AnswerCreated', ANSWER_UPDATED: 'AnswerUpdated', ASSESSMENT_CREATED: 'AssessmentCreated', ASSESSMENT_UPDATED: 'AssessmentUpdated', ASSESSMENT_OVERDUE: 'AssessmentOverdue', ASSESSMENT_COMMENT_CREATED: 'AssessmentCommentCreated', ATTACHMENT_CREATED: 'AttachmentCreated', ATTACHMENT_UPDATED: 'AttachmentUpdated', ELEMENT_CREATED: 'ElementCreated', ELEMENT_DELETED: 'ElementDeleted', FOLLOWER_REQUESTED: 'FollowerRequested', FOLLOWER_REQUEST_DELETED: 'FollowerRequestDeleted', FOLLOWER_REMOVED: 'FollowerRemoved', FOLLOWING_REQUESTED: 'FollowingRequested', FOLLOWING_ACCEPTED: 'FollowingAccepted', FOLLOWING_DECLINED: 'FollowingDeclined', FOLLOWING_UPDATED: 'FollowingUpdated', FOLLOWING_REMOVED: 'FollowingRemoved', MEMBER_INVITED: 'MemberInvited', MEMBER_INVITE_RESENT: 'MemberInviteResent', MEMBER_INVITE_DELETED: 'MemberInviteDeleted', MEMBER_JOINED: 'MemberJoined', MEMBER_UPDATED: 'MemberUpdated', MEMBER_REMOVED: 'MemberRemoved', MEMBER_MFA_RESET_REQUESTED: 'MemberMfaResetRequested', MEMBER_PASSWORD_RESET_REQUESTED: 'MemberPasswordResetRequested', ORGANIZATION_CREATED: 'OrganizationCreated', ORGANIZATION_UPDATED: 'OrganizationUpdated', ORGANIZATION_DELETED: 'OrganizationDeleted', QUESTION_CREATED: 'QuestionCreated', QUESTIONNAIRE_CREATED: 'QuestionnaireCreated', SCAN_CREATED: 'ScanCreated', SCAN_STARTED: 'ScanStarted', SCAN_COMPLETED: 'ScanCompleted', SCAN_FAILED: 'ScanFailed', SCAN_STOPPED: 'ScanStopped', SCAN_TARGET_CREATED: 'ScanTargetCreated', SCAN_TARGET_UPDATED: 'ScanTargetUpdated', SCAN_TARGET_DELETED: 'ScanTargetDeleted', WEBHOOK_CREATED: 'WebhookCreated', WEBHOOK_UPDATED: 'WebhookUpdated', WEBHOOK_DELETED: 'WebhookDeleted', WEBHOOK_DISABLED: 'WebhookDisabled' };

export type EventEntityResolvers = { ALERT: 'alert', ALERT_COMMENT: 'alertComment', ANSWER: 'answer', ASSESSMENT: 'assessment', ASSESSMENT_COMMENT: 'assessmentComment', ATTACHMENT: 'attachment', ELEMENT: 'element', FOLLOWER: 'follower', FOLLOWING: 'following', MEMBER: 'member', ORGANIZATION: 'organization', QUESTION: 'question', QUESTIONNAIRE: 'questionnaire', SCAN: 'scan', SCAN_TARGET: 'scanTarget', WEBHOOK: 'webhook' };

export type EventNameGroupResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['EventNameGroup'] = ResolversParentTypes['EventNameGroup']> = {
  entity?: Resolver<ResolversTypes['EventEntity'], ParentType, ContextType>;
  names?: Resolver<Array<ResolversTypes['EventName']>, ParentType, ContextType>;
};

export type EventResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Event'] = ResolversParentTypes['Event']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['EventName'], ParentType, ContextType>;
  source?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  data?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  metadata?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type EventConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['EventConnection'] = ResolversParentTypes['EventConnection']> = {
  edges?: Resolver<Array<ResolversTypes['EventEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Event']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type EventEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['EventEdge'] = ResolversParentTypes['EventEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Event'], ParentType, ContextType>;
};

export type SubscriptionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = {
  eventAppended?: SubscriptionResolver<ResolversTypes['EventMessage'], "eventAppended", ParentType, ContextType, RequireFields<SubscriptionEventAppendedArgs, 'organizationId'>>;
};

export type EventMessageResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['EventMessage'] = ResolversParentTypes['EventMessage']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  event?: Resolver<ResolversTypes['Event'], ParentType, ContextType>;
};

export type WebhookResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Webhook'] = ResolversParentTypes['Webhook'], FederationReferenceType extends FederationReferenceTypes['Webhook'] = FederationReferenceTypes['Webhook']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Webhook']> | FederationReferenceType, FederationReferenceType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  eventNames?: Resolver<Maybe<Array<ResolversTypes['EventName']>>, ParentType, ContextType>;
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
  eventName?: Resolver<ResolversTypes['EventName'], ParentType, ContextType>;
  attempt?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['WebhookDeliveryStatus'], ParentType, ContextType>;
  responseCode?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  latencyMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type WebhookConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['WebhookConnection'] = ResolversParentTypes['WebhookConnection']> = {
  edges?: Resolver<Array<ResolversTypes['WebhookEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Webhook']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type WebhookEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['WebhookEdge'] = ResolversParentTypes['WebhookEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Webhook'], ParentType, ContextType>;
};

export type WebhookDeliveryConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['WebhookDeliveryConnection'] = ResolversParentTypes['WebhookDeliveryConnection']> = {
  edges?: Resolver<Array<ResolversTypes['WebhookDeliveryEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['WebhookDelivery']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type WebhookDeliveryEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['WebhookDeliveryEdge'] = ResolversParentTypes['WebhookDeliveryEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['WebhookDelivery'], ParentType, ContextType>;
};

export type CreateWebhookPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CreateWebhookPayload'] = ResolversParentTypes['CreateWebhookPayload']> = {
  webhook?: Resolver<Maybe<ResolversTypes['Webhook']>, ParentType, ContextType>;
};

export type UpdateWebhookPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['UpdateWebhookPayload'] = ResolversParentTypes['UpdateWebhookPayload']> = {
  webhook?: Resolver<Maybe<ResolversTypes['Webhook']>, ParentType, ContextType>;
};

export type RotateWebhookSecretPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['RotateWebhookSecretPayload'] = ResolversParentTypes['RotateWebhookSecretPayload']> = {
  webhook?: Resolver<Maybe<ResolversTypes['Webhook']>, ParentType, ContextType>;
};

export type DeleteWebhookPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['DeleteWebhookPayload'] = ResolversParentTypes['DeleteWebhookPayload']> = {
  deletedId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type Resolvers<ContextType = SubgraphContext> = {
  DateTime?: GraphQLScalarType;
  JSON?: GraphQLScalarType;
  PageInfo?: PageInfoResolvers<ContextType>;
  Attachment?: AttachmentResolvers<ContextType>;
  CreateAttachmentPayload?: CreateAttachmentPayloadResolvers<ContextType>;
  UpdateAttachmentPayload?: UpdateAttachmentPayloadResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Document?: DocumentResolvers<ContextType>;
  DocumentConnection?: DocumentConnectionResolvers<ContextType>;
  DocumentEdge?: DocumentEdgeResolvers<ContextType>;
  CreateDocumentPayload?: CreateDocumentPayloadResolvers<ContextType>;
  DeleteDocumentPayload?: DeleteDocumentPayloadResolvers<ContextType>;
  EventName?: EventNameResolvers;
  EventEntity?: EventEntityResolvers;
  EventNameGroup?: EventNameGroupResolvers<ContextType>;
  Event?: EventResolvers<ContextType>;
  EventConnection?: EventConnectionResolvers<ContextType>;
  EventEdge?: EventEdgeResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  EventMessage?: EventMessageResolvers<ContextType>;
  Webhook?: WebhookResolvers<ContextType>;
  WebhookDelivery?: WebhookDeliveryResolvers<ContextType>;
  WebhookConnection?: WebhookConnectionResolvers<ContextType>;
  WebhookEdge?: WebhookEdgeResolvers<ContextType>;
  WebhookDeliveryConnection?: WebhookDeliveryConnectionResolvers<ContextType>;
  WebhookDeliveryEdge?: WebhookDeliveryEdgeResolvers<ContextType>;
  CreateWebhookPayload?: CreateWebhookPayloadResolvers<ContextType>;
  UpdateWebhookPayload?: UpdateWebhookPayloadResolvers<ContextType>;
  RotateWebhookSecretPayload?: RotateWebhookSecretPayloadResolvers<ContextType>;
  DeleteWebhookPayload?: DeleteWebhookPayloadResolvers<ContextType>;
};

