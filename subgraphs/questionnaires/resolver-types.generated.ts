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
 * An attachment of the documents subgraph, referenced by id (answers, comments and elements store
 * attachment ids; the documents subgraph resolves the rest).
 */
export type Attachment = {
  __typename?: 'Attachment';
  id: Scalars['ID']['output'];
};

/** Which side of an assessment the caller reads it as: the sender sees every field, the receiver not the sender-only ones. */
export type AssessmentSide =
  /** The organization that sent the assessment. */
  | 'sender'
  /** The organization that answers it. */
  | 'receiver';

/** The kind of content an answer gives. */
export type AnswerType =
  /** Skips an optional question. */
  | 'EMPTY'
  /** A free text answer. */
  | 'TEXT'
  /** One of the question's choices. */
  | 'SINGLE_CHOICE'
  /** Some of the question's choices. */
  | 'MULTIPLE_CHOICE'
  /** Files: the content entry's attachments. */
  | 'FILE';

/** Where an answer stands in the review. */
export type AnswerStatus =
  /** Given; not yet handed to the sender (the receiver has not asked for review since). */
  | 'NEW'
  /** Handed to the sender for review. */
  | 'REQUESTED_REVIEW'
  /** The sender asked the receiver to clarify it. */
  | 'REQUESTED_CLARIFICATION'
  /** The sender approved it. */
  | 'APPROVED'
  /** The sender rejected it. */
  | 'REJECTED'
  /** It matched the question's expected choices. */
  | 'AUTOMATICALLY_APPROVED'
  /** It did not match the question's expected choices. */
  | 'AUTOMATICALLY_REJECTED'
  /** An optional question the receiver skipped (an EMPTY answer). */
  | 'SKIPPED';

/** The sender's grade of an answer. */
export type AnswerGrade =
  /** Worth 0 in the assessment's grade. */
  | 'BAD'
  /** Worth 0.5 in the assessment's grade. */
  | 'GOOD'
  /** Worth 1 in the assessment's grade. */
  | 'EXCELLENT';

/** One content variant, discriminated by `type`: TEXT has `text`, SINGLE_CHOICE `choice`, MULTIPLE_CHOICE `choices`; the others none. */
export type AnswerContent = {
  __typename?: 'AnswerContent';
  /** The kind of content. */
  type: AnswerType;
  /** The text of a TEXT answer; null otherwise. */
  text?: Maybe<Scalars['String']['output']>;
  /** The choice of a SINGLE_CHOICE answer; null otherwise. */
  choice?: Maybe<Scalars['String']['output']>;
  /** The choices of a MULTIPLE_CHOICE answer, sorted; null otherwise. */
  choices?: Maybe<Array<Scalars['String']['output']>>;
};

/** One content the receiver gave for a question (an answer keeps every one, at most 100). */
export type AnswerContentEntry = {
  __typename?: 'AnswerContentEntry';
  /** The ids of the files given with this content (a FILE answer's files), including any that have since expired. */
  attachmentIds: Array<Scalars['ID']['output']>;
  /** The files given with this content that are still there (expired ones are left out). */
  attachments: Array<Attachment>;
  /** What the receiver answered. */
  content: AnswerContent;
  /** When the receiver gave this content. */
  createdAt: Scalars['DateTime']['output'];
};

/** The receiver's answer to one question of an assessment, with every content it gave. */
export type Answer = {
  __typename?: 'Answer';
  /** The cache identity of this view of the answer: `<assessmentId>:<questionId>` for the sender, `received:<assessmentId>:<questionId>` for the receiver (which does not see the grade). */
  id: Scalars['ID']['output'];
  /** The assessment the answer belongs to. */
  assessmentId: Scalars['ID']['output'];
  /** The question (an element of the assessment's version) the answer is for. */
  questionId: Scalars['ID']['output'];
  /** The questionnaire template of the assessment. */
  questionnaireId: Scalars['ID']['output'];
  /** The version of the template the assessment was sent with. */
  questionnaireVersion: Scalars['Int']['output'];
  /** The organization that sent the assessment. */
  senderId: Scalars['ID']['output'];
  /** The organization that answers it. */
  receiverId: Scalars['ID']['output'];
  /** Every content the receiver gave, oldest first (at most 100, so the list is not paged); the last one is the answer. */
  content: Array<AnswerContentEntry>;
  /** Where the answer stands in the review. */
  status: AnswerStatus;
  /** Sender-only (null for the receiver, and until the sender grades it): the sender's grade; a new content drops it. */
  grade?: Maybe<AnswerGrade>;
  /** When the question was first answered. */
  createdAt: Scalars['DateTime']['output'];
  /** When the answer last changed. */
  updatedAt: Scalars['DateTime']['output'];
};

/** The receiver's answer to one question; which fields it needs depends on `type`. */
export type AnswerQuestionInput = {
  /** The receiving organization (the caller must be one of its ADMIN members). */
  organizationId: Scalars['ID']['input'];
  /** The assessment to answer: its id, or the receiver's copy's `id` (`received:<id>`). */
  assessmentId: Scalars['ID']['input'];
  /** The question to answer: a QUESTION element of the assessment's version, by its `elementId` or the receiver's copy's `id` (`received:<id>`). */
  questionId: Scalars['ID']['input'];
  /** The kind of answer: the question's own type, or EMPTY to skip an optional question. */
  type: AnswerType;
  /** For TEXT: the answer (at most 20,000 characters). */
  text?: InputMaybe<Scalars['String']['input']>;
  /** For SINGLE_CHOICE: one of the question's choices. */
  choice?: InputMaybe<Scalars['String']['input']>;
  /** For MULTIPLE_CHOICE: one or more of the question's choices. */
  choices?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Files given with the answer (required for FILE): attachments of the receiving organization (at most 50). */
  attachmentIds?: InputMaybe<Array<Scalars['ID']['input']>>;
};

/** The answer `answerQuestion` gave. */
export type AnswerQuestionPayload = {
  __typename?: 'AnswerQuestionPayload';
  /** The answer with its new content, as the receiver reads it. */
  answer?: Maybe<Answer>;
  /** The assessment, as the receiver reads it. */
  assessment?: Maybe<Assessment>;
};

/** A review verdict the sender may give one answer. */
export type AnswerReviewStatus =
  /** Approve the answer. */
  | 'APPROVED'
  /** Reject the answer. */
  | 'REJECTED'
  /** Ask the receiver to clarify the answer. */
  | 'REQUESTED_CLARIFICATION';

/** The sender's review of one answer: a status, a grade, or both. */
export type ReviewAnswerInput = {
  /** The sending organization (the caller must be one of its ADMIN members). */
  organizationId: Scalars['ID']['input'];
  /** The assessment the answer belongs to: its id (a `received:` id names the receiver's copy, so it is not found here). */
  assessmentId: Scalars['ID']['input'];
  /** The question whose answer to review: its element's `elementId`. */
  questionId: Scalars['ID']['input'];
  /** The answer's new status. */
  status?: InputMaybe<AnswerReviewStatus>;
  /** The answer's grade. */
  grade?: InputMaybe<AnswerGrade>;
};

/** The answer `reviewAnswer` reviewed. */
export type ReviewAnswerPayload = {
  __typename?: 'ReviewAnswerPayload';
  /** The answer with its new status or grade, as the sender reads it. */
  answer?: Maybe<Answer>;
  /** The assessment with its new grade, as the sender reads it. */
  assessment?: Maybe<Assessment>;
};

/** Where an assessment stands in its workflow. */
export type AssessmentStatus =
  /** Sent; the receiver is answering. */
  | 'NEW'
  /** The receiver asked the sender to review its answers. */
  | 'REQUESTED_REVIEW'
  /** The sender asked the receiver to clarify answers; the receiver may change them. */
  | 'REQUESTED_CLARIFICATION'
  /** The sender approved the assessment (final). */
  | 'APPROVED'
  /** The sender rejected the assessment (final). */
  | 'REJECTED';

/** Which assessments of an organization to list. */
export type AssessmentRole =
  /** Those the organization sent. */
  | 'SENT'
  /** Those the organization received. */
  | 'RECEIVED';

/** Someone the receiver may contact about an assessment. */
export type ContactInformation = {
  __typename?: 'ContactInformation';
  /** The contact's name. */
  name: Scalars['String']['output'];
  /** The contact's email address. */
  email: Scalars['String']['output'];
  /** The contact's phone number, as given; null when none was given. */
  phone?: Maybe<Scalars['String']['output']>;
};

/**
 * One questionnaire version sent by the sender to the receiver. Only the two organizations' members
 * see it; the receiver reads null in the sender-only fields (reviewNotes, grade).
 *
 * Identity: the sender's copy has `id` = the assessment's id; the receiver's copy has
 * `id` = `received:<assessment id>` (and its answers and elements `received:` ids too), so a normalised
 * client cache never mixes the two views, even for a user who is a member of both organizations.
 * `assessmentId` is the assessment's id in both. Both ids are accepted where an assessment is named
 * (`assessment`, the mutations' `assessmentId`); a `received:` id by the receiver only.
 */
export type Assessment = {
  __typename?: 'Assessment';
  /** The cache identity of this view of the assessment: the assessment's id for the sender, `received:<assessment id>` for the receiver. */
  id: Scalars['ID']['output'];
  /** The assessment's id, the same in both views. */
  assessmentId: Scalars['ID']['output'];
  /** The questionnaire template the assessment was sent from. */
  questionnaireId: Scalars['ID']['output'];
  /** The version of the template the assessment was sent with; later edits of the template do not change it. */
  questionnaireVersion: Scalars['Int']['output'];
  /** The organization that sent the assessment. */
  senderId: Scalars['ID']['output'];
  /** The organization that answers it. */
  receiverId: Scalars['ID']['output'];
  /** The side the caller reads it as (the organization it named). */
  view: AssessmentSide;
  /** The assessment's name (1 to 200 characters). */
  name: Scalars['String']['output'];
  /** What the sender asks for, in plain text; empty when none was given. */
  description: Scalars['String']['output'];
  /** When the receiver's answers are due. */
  dueDate: Scalars['DateTime']['output'];
  /** When the receiver first asked for review; null until then. */
  firstRequestedReviewAt?: Maybe<Scalars['DateTime']['output']>;
  /** Where the assessment stands in its workflow. */
  status: AssessmentStatus;
  /** Past its due date and not APPROVED or REJECTED. */
  overdue: Scalars['Boolean']['output'];
  /** Whom the receiver may contact about the assessment (at most 20). */
  contactInformation: Array<ContactInformation>;
  /**
   * Sender-only (null for the receiver, and while nothing counts): 0 to 100, one decimal, the weighted
   * mean of the answers' values (graded BAD 0, GOOD 0.5, EXCELLENT 1; automatically approved 1, rejected
   * 0) by their questions' weights. Skipped and ungraded answers do not count.
   */
  grade?: Maybe<Scalars['Float']['output']>;
  /** Sender-only (null for the receiver): the sender's internal notes; empty when none were written. */
  reviewNotes?: Maybe<Scalars['String']['output']>;
  /**
   * The elements of the version the assessment was sent with, in their order, as the caller's side reads
   * them; at most 500 (a version holds no more), so the list is not paged.
   */
  elements: Array<Element>;
  /**
   * The answers given so far, at most one per question of the version (so at most 500: the list is not
   * paged), the first answered first.
   */
  answers: Array<Answer>;
  /**
   * Comments on the assessment and its questions, oldest first (only those on `questionId` when given).
   * Both sides read every comment.
   */
  comments: AssessmentCommentConnection;
  /** When the assessment was sent. */
  createdAt: Scalars['DateTime']['output'];
  /** When the assessment last changed. */
  updatedAt: Scalars['DateTime']['output'];
};


/**
 * One questionnaire version sent by the sender to the receiver. Only the two organizations' members
 * see it; the receiver reads null in the sender-only fields (reviewNotes, grade).
 *
 * Identity: the sender's copy has `id` = the assessment's id; the receiver's copy has
 * `id` = `received:<assessment id>` (and its answers and elements `received:` ids too), so a normalised
 * client cache never mixes the two views, even for a user who is a member of both organizations.
 * `assessmentId` is the assessment's id in both. Both ids are accepted where an assessment is named
 * (`assessment`, the mutations' `assessmentId`); a `received:` id by the receiver only.
 */
export type AssessmentCommentsArgs = {
  questionId?: InputMaybe<Scalars['ID']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};

/** A page of assessments. */
export type AssessmentConnection = {
  __typename?: 'AssessmentConnection';
  /** The page's entries with their cursors. */
  edges: Array<AssessmentEdge>;
  /** The page's assessments (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<Assessment>;
  /** Where the page stands: pass `pageInfo.endCursor` as `after` while `hasNextPage` is true. */
  pageInfo: PageInfo;
};

/** An assessment with its cursor in the list. */
export type AssessmentEdge = {
  __typename?: 'AssessmentEdge';
  /** The cursor of this entry: pass it as `after` to read the entries after it. */
  cursor: Scalars['String']['output'];
  /** The assessment, as the organization's side reads it. */
  node: Assessment;
};

/** Someone the receiver may contact about an assessment. */
export type ContactInformationInput = {
  /** The contact's name: 1 to 200 characters. */
  name: Scalars['String']['input'];
  /** The contact's email address. */
  email: Scalars['String']['input'];
  /** The contact's phone number, as written (at most 50 characters). */
  phone?: InputMaybe<Scalars['String']['input']>;
};

/** A questionnaire's current version, sent to another organization. */
export type CreateAssessmentInput = {
  /** The sending organization (the caller must be one of its ADMIN members). */
  organizationId: Scalars['ID']['input'];
  /** The sender's template to send; its current version must hold at least one question. */
  questionnaireId: Scalars['ID']['input'];
  /** The receiving organization: one with an accepted follow relation to the sender, in either direction. */
  receiverId: Scalars['ID']['input'];
  /** The assessment's name: 1 to 200 characters. */
  name: Scalars['String']['input'];
  /** What the sender asks for, in plain text (at most 20,000 characters). */
  description?: InputMaybe<Scalars['String']['input']>;
  /** When the answers are due (RFC 3339 date-time). */
  dueDate: Scalars['DateTime']['input'];
  /** Whom the receiver may contact (at most 20). */
  contactInformation?: InputMaybe<Array<ContactInformationInput>>;
};

/** The assessment `createAssessment` sent. */
export type CreateAssessmentPayload = {
  __typename?: 'CreateAssessmentPayload';
  /** The new assessment, NEW, as the sender reads it. */
  assessment?: Maybe<Assessment>;
};

/** The sender's changes to an assessment; omitted fields stay as they are. */
export type UpdateAssessmentInput = {
  /** The sending organization (the caller must be one of its ADMIN members). */
  organizationId: Scalars['ID']['input'];
  /** The assessment to change: its id (a `received:` id names the receiver's copy, so it is not found here). */
  assessmentId: Scalars['ID']['input'];
  /** The new name: 1 to 200 characters. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** The new description, in plain text (at most 20,000 characters). */
  description?: InputMaybe<Scalars['String']['input']>;
  /** The new due date (RFC 3339 date-time); a later one clears the overdue flag. */
  dueDate?: InputMaybe<Scalars['DateTime']['input']>;
  /** The contacts instead of the current ones (at most 20). */
  contactInformation?: InputMaybe<Array<ContactInformationInput>>;
  /** The sender's internal notes, never shown to the receiver (at most 20,000 characters). */
  reviewNotes?: InputMaybe<Scalars['String']['input']>;
};

/** The assessment `updateAssessment` changed. */
export type UpdateAssessmentPayload = {
  __typename?: 'UpdateAssessmentPayload';
  /** The assessment as the sender reads it. */
  assessment?: Maybe<Assessment>;
};

/** One move of an assessment's workflow. */
export type UpdateAssessmentStatusInput = {
  /** The organization making the move: the sender or the receiver (the caller must be one of its ADMIN members). */
  organizationId: Scalars['ID']['input'];
  /** The assessment to move: its id, or the receiver's copy's `id` (`received:<id>`, for the receiver only). */
  assessmentId: Scalars['ID']['input'];
  /** The status to move to. */
  status: AssessmentStatus;
};

/** The assessment `updateAssessmentStatus` moved. */
export type UpdateAssessmentStatusPayload = {
  __typename?: 'UpdateAssessmentStatusPayload';
  /** The assessment in its new status, as the mover's side reads it (asking for review hands the NEW answers over: their status is REQUESTED_REVIEW). */
  assessment?: Maybe<Assessment>;
};

/** A markdown comment by either side of an assessment, on the assessment or on one of its questions; both sides read it. */
export type AssessmentComment = {
  __typename?: 'AssessmentComment';
  /** The comment's id. */
  id: Scalars['ID']['output'];
  /** The organization (the sender or the receiver) whose member wrote it. */
  organizationId: Scalars['ID']['output'];
  /** The user who wrote it. */
  userId: Scalars['ID']['output'];
  /** The assessment commented on. */
  assessmentId: Scalars['ID']['output'];
  /** The question commented on; null for a comment on the whole assessment. */
  questionId?: Maybe<Scalars['ID']['output']>;
  /** The comment, in markdown. */
  content: Scalars['String']['output'];
  /** The ids of the files attached to the comment, including any that have since expired. */
  attachmentIds: Array<Scalars['ID']['output']>;
  /** The files attached to the comment that are still there (expired ones are left out). */
  attachments: Array<Attachment>;
  /** When the comment was written. */
  createdAt: Scalars['DateTime']['output'];
};

/** A page of an assessment's comments. */
export type AssessmentCommentConnection = {
  __typename?: 'AssessmentCommentConnection';
  /** The page's entries with their cursors. */
  edges: Array<AssessmentCommentEdge>;
  /** The page's comments (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<AssessmentComment>;
  /** Where the page stands: pass `pageInfo.endCursor` as `after` while `hasNextPage` is true. */
  pageInfo: PageInfo;
};

/** A comment with its cursor in the list. */
export type AssessmentCommentEdge = {
  __typename?: 'AssessmentCommentEdge';
  /** The cursor of this entry: pass it as `after` to read the entries after it. */
  cursor: Scalars['String']['output'];
  /** The comment. */
  node: AssessmentComment;
};

/** A new comment on an assessment or one of its questions. */
export type CreateAssessmentCommentInput = {
  /** The commenting organization: the sender or the receiver (the caller must be one of its ADMIN members). */
  organizationId: Scalars['ID']['input'];
  /** The assessment to comment on: its id, or the receiver's copy's `id` (`received:<id>`, for the receiver only). */
  assessmentId: Scalars['ID']['input'];
  /** The question to comment on (a QUESTION element of the assessment's version: its `elementId`, or for the receiver its copy's `id`); omit it to comment on the whole assessment. */
  questionId?: InputMaybe<Scalars['ID']['input']>;
  /** The comment, in markdown: non-empty, at most 20,000 characters. */
  content: Scalars['String']['input'];
  /** Files attached to the comment: attachments of the commenting organization (at most 50). */
  attachmentIds?: InputMaybe<Array<Scalars['ID']['input']>>;
};

/** The comment `createAssessmentComment` wrote. */
export type CreateAssessmentCommentPayload = {
  __typename?: 'CreateAssessmentCommentPayload';
  /** The new comment. */
  comment?: Maybe<AssessmentComment>;
};

/**
 * A questionnaire template: named, versioned list of sections and questions an organization sends to the
 * organizations it has a follow relation with, as assessments. Only the owning organization's members
 * see it.
 */
export type Questionnaire = {
  __typename?: 'Questionnaire';
  /** The template's id. */
  id: Scalars['ID']['output'];
  /** The organization that owns the template. */
  organizationId: Scalars['ID']['output'];
  /** The template's name (1 to 200 characters). */
  name: Scalars['String']['output'];
  /** What the template is for, in plain text; empty when none was given. */
  description: Scalars['String']['output'];
  /**
   * The current version, from 1. Editing the elements of a version an assessment was sent with first
   * copies them into a new version (new element ids); the assessment keeps its own version.
   */
  version: Scalars['Int']['output'];
  /** The current version's elements in their order; at most 500 (a version holds no more), so the list is not paged. */
  elements: Array<Element>;
  /** When the template was created. */
  createdAt: Scalars['DateTime']['output'];
  /** When the template or its current version last changed. */
  updatedAt: Scalars['DateTime']['output'];
};

/** What an element of a questionnaire is. */
export type ElementType =
  /** A question the receiver answers. */
  | 'QUESTION'
  /** A heading grouping the questions after it; it takes no answer. */
  | 'SECTION';

/** What kind of answer a question takes. */
export type QuestionType =
  /** A free text answer (at most 20,000 characters). */
  | 'TEXT'
  /** Exactly one of the question's choices. */
  | 'SINGLE_CHOICE'
  /** One or more of the question's choices. */
  | 'MULTIPLE_CHOICE'
  /** One or more files, given as attachments of the receiving organization. */
  | 'FILE';

/** How much a question counts in the assessment's grade. */
export type QuestionWeight =
  /** Counts for nothing in the grade (weight 0); the default of a section. */
  | 'INFORMATIONAL'
  /** Weight 1. */
  | 'LOW'
  /** Weight 2; the default of a question. */
  | 'MEDIUM'
  /** Weight 3. */
  | 'HIGH';

/** One choice of a SINGLE_CHOICE or MULTIPLE_CHOICE question. */
export type Choice = {
  __typename?: 'Choice';
  /** The choice as the receiver sees and answers it; distinct within the question. */
  value: Scalars['String']['output'];
  /**
   * Whether this choice is an expected answer. Sender-only: null for the receiver. An answer matching
   * the expected choices (one of them for a single choice, exactly them for a multiple choice) is
   * approved automatically, any other rejected automatically.
   */
  expected?: Maybe<Scalars['Boolean']['output']>;
};

/** How a question is answered. */
export type QuestionParams = {
  __typename?: 'QuestionParams';
  /** The kind of answer the question takes. */
  type: QuestionType;
  /** Whether the receiver must answer it before asking for review; an optional question may be skipped (an EMPTY answer). */
  required: Scalars['Boolean']['output'];
  /** The choices of a choice question (2 to 100); empty for TEXT and FILE questions. */
  choices: Array<Choice>;
};

/**
 * What an element says and how it is answered. A typed object rather than arbitrary JSON: every
 * property is checked against the element's type.
 */
export type ElementProps = {
  __typename?: 'ElementProps';
  /** The element's title or question (1 to 500 characters). */
  title: Scalars['String']['output'];
  /** More detail for the receiver, in plain text; empty when none was given. */
  description: Scalars['String']['output'];
  /** How the question is answered; null for a SECTION. */
  params?: Maybe<QuestionParams>;
  /** How much the question counts in the grade; INFORMATIONAL for a SECTION. */
  weight: QuestionWeight;
};

/**
 * One element (a question or a section heading) of one version of a questionnaire. Elements sort by
 * `order`.
 */
export type Element = {
  __typename?: 'Element';
  /**
   * The cache identity of this view of the element: its id, or `received:<element id>` for the copy an
   * assessment's receiver reads (expected choices hidden).
   */
  id: Scalars['ID']['output'];
  /** The element's id, the same in every view; each version has its own element ids. */
  elementId: Scalars['ID']['output'];
  /** The organization that owns the questionnaire. */
  organizationId: Scalars['ID']['output'];
  /** The questionnaire the element belongs to. */
  questionnaireId: Scalars['ID']['output'];
  /** The version of the questionnaire the element belongs to. */
  questionnaireVersion: Scalars['Int']['output'];
  /** The element's rank: elements sort by it in byte order. A new element gets a rank between its neighbours', so others keep theirs. */
  order: Scalars['String']['output'];
  /** Whether the element is a question or a section heading. */
  type: ElementType;
  /** The element's title, description, answer parameters and weight (expected choices hidden from the receiver). */
  props: ElementProps;
  /** The ids of the files attached to the element (at most 50), including any that have since expired. */
  attachmentIds: Array<Scalars['ID']['output']>;
  /** The files attached to the element that are still there (expired ones are left out). */
  attachments: Array<Attachment>;
  /** When the element was created (in this version). */
  createdAt: Scalars['DateTime']['output'];
  /** When the element last changed. */
  updatedAt: Scalars['DateTime']['output'];
};

/** A page of an organization's questionnaire templates. */
export type QuestionnaireConnection = {
  __typename?: 'QuestionnaireConnection';
  /** The page's entries with their cursors. */
  edges: Array<QuestionnaireEdge>;
  /** The page's questionnaires (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<Questionnaire>;
  /** Where the page stands: pass `pageInfo.endCursor` as `after` while `hasNextPage` is true. */
  pageInfo: PageInfo;
};

/** A questionnaire template with its cursor in the list. */
export type QuestionnaireEdge = {
  __typename?: 'QuestionnaireEdge';
  /** The cursor of this entry: pass it as `after` to read the entries after it. */
  cursor: Scalars['String']['output'];
  /** The questionnaire template. */
  node: Questionnaire;
};

/** A new questionnaire template. */
export type CreateQuestionnaireInput = {
  /** The organization that will own the template (the caller must be one of its ADMIN members). */
  organizationId: Scalars['ID']['input'];
  /** The template's name: 1 to 200 characters. */
  name: Scalars['String']['input'];
  /** What the template is for, in plain text (at most 20,000 characters); empty when omitted. */
  description?: InputMaybe<Scalars['String']['input']>;
};

/** The template `createQuestionnaire` made. */
export type CreateQuestionnairePayload = {
  __typename?: 'CreateQuestionnairePayload';
  /** The new template, at version 1 with no elements. */
  questionnaire?: Maybe<Questionnaire>;
};

/** A template's new name or description; omitted fields stay as they are. */
export type UpdateQuestionnaireInput = {
  /** The organization that owns the template (the caller must be one of its ADMIN members). */
  organizationId: Scalars['ID']['input'];
  /** The template to change. */
  questionnaireId: Scalars['ID']['input'];
  /** The new name: 1 to 200 characters. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** The new description, in plain text (at most 20,000 characters). */
  description?: InputMaybe<Scalars['String']['input']>;
};

/** The template `updateQuestionnaire` changed. */
export type UpdateQuestionnairePayload = {
  __typename?: 'UpdateQuestionnairePayload';
  /** The template with its new name and description (same version). */
  questionnaire?: Maybe<Questionnaire>;
};

/** One choice of a choice question. */
export type ChoiceInput = {
  /** The choice as the receiver sees and answers it: 1 to 500 characters, distinct within the question. */
  value: Scalars['String']['input'];
  /** Whether this choice is an expected answer (default false): matching answers are approved automatically. */
  expected?: InputMaybe<Scalars['Boolean']['input']>;
};

/** How a question is answered. */
export type QuestionParamsInput = {
  /** The kind of answer the question takes. */
  type: QuestionType;
  /** Whether an answer is required before review (default true); an optional question may be skipped (an EMPTY answer). */
  required?: InputMaybe<Scalars['Boolean']['input']>;
  /** The choices: 2 to 100 for a choice question, none for TEXT and FILE. */
  choices?: InputMaybe<Array<ChoiceInput>>;
};

/** What an element says and how it is answered. */
export type ElementPropsInput = {
  /** The element's title or question: 1 to 500 characters. */
  title: Scalars['String']['input'];
  /** More detail for the receiver, in plain text (at most 20,000 characters). */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Required for a QUESTION, absent for a SECTION. */
  params?: InputMaybe<QuestionParamsInput>;
  /** How much a question counts in the grade (default MEDIUM); a SECTION is always INFORMATIONAL. */
  weight?: InputMaybe<QuestionWeight>;
};

/** A new element of a template's current version. */
export type CreateQuestionnaireElementInput = {
  /** The organization that owns the template (the caller must be one of its ADMIN members). */
  organizationId: Scalars['ID']['input'];
  /** The template to add the element to. */
  questionnaireId: Scalars['ID']['input'];
  /** A question or a section heading. */
  type: ElementType;
  /** What the element says and, for a question, how it is answered. */
  props: ElementPropsInput;
  /** Insert the element right after this element of the current version (not with `before`); neither: at the end. */
  after?: InputMaybe<Scalars['ID']['input']>;
  /** Insert the element right before this element of the current version (not with `after`). */
  before?: InputMaybe<Scalars['ID']['input']>;
  /** Files attached to the element: attachments of the organization (at most 50). */
  attachmentIds?: InputMaybe<Array<Scalars['ID']['input']>>;
};

/** The element `createQuestionnaireElement` added. */
export type CreateQuestionnaireElementPayload = {
  __typename?: 'CreateQuestionnaireElementPayload';
  /** The new element, in the template's current version (a new version when the previous one had been sent). */
  element?: Maybe<Element>;
  /** The template with its current version and elements, for a client that lists them. */
  questionnaire?: Maybe<Questionnaire>;
};

/** An element's new props or attachments; omitted fields stay as they are. */
export type UpdateQuestionnaireElementInput = {
  /** The organization that owns the template (the caller must be one of its ADMIN members). */
  organizationId: Scalars['ID']['input'];
  /** The template the element belongs to. */
  questionnaireId: Scalars['ID']['input'];
  /** The element to change: an element of the current version. */
  elementId: Scalars['ID']['input'];
  /** The element's new props, checked against its type. */
  props?: InputMaybe<ElementPropsInput>;
  /** The files attached to the element instead of the current ones: attachments of the organization (at most 50). */
  attachmentIds?: InputMaybe<Array<Scalars['ID']['input']>>;
};

/** The element `updateQuestionnaireElement` changed. */
export type UpdateQuestionnaireElementPayload = {
  __typename?: 'UpdateQuestionnaireElementPayload';
  /**
   * The element as it is in the template's current version: when that version had been sent, a new
   * version was made first and the element has a new id there.
   */
  element?: Maybe<Element>;
  /** The template with its current version and elements, for a client that lists them. */
  questionnaire?: Maybe<Questionnaire>;
};

/** The element to remove from a template's current version. */
export type DeleteQuestionnaireElementInput = {
  /** The organization that owns the template (the caller must be one of its ADMIN members). */
  organizationId: Scalars['ID']['input'];
  /** The template the element belongs to. */
  questionnaireId: Scalars['ID']['input'];
  /** The element to remove: an element of the current version. */
  elementId: Scalars['ID']['input'];
};

/** What `deleteQuestionnaireElement` removed. */
export type DeleteQuestionnaireElementPayload = {
  __typename?: 'DeleteQuestionnaireElementPayload';
  /**
   * The id of the element removed. When the current version had been sent, a new version was made
   * first: this is the id of the element's copy in it, and the element named stays in the version the
   * assessments hold.
   */
  deletedId: Scalars['ID']['output'];
  /** The removed element as it was. */
  element?: Maybe<Element>;
  /** The template with its current version and remaining elements, for a client that lists them. */
  questionnaire?: Maybe<Questionnaire>;
};

export type Query = {
  __typename?: 'Query';
  /**
   * The organization's questionnaire templates, oldest first. Any member of the organization may read
   * them; following an organization does not show its templates.
   */
  questionnaires: QuestionnaireConnection;
  /** One template of the organization with its current version's elements; null when there is none (or the caller is not a member). */
  questionnaire?: Maybe<Questionnaire>;
  /**
   * The assessments the organization sent and received (or only those of one `role`), newest first, each
   * as the organization's side reads it. Any member of the organization may read them.
   */
  assessments: AssessmentConnection;
  /**
   * One assessment as the organization's side (its sender or its receiver) reads it; null when there is
   * none the organization sent or received (or the caller is not one of its members).
   */
  assessment?: Maybe<Assessment>;
};


export type QueryQuestionnairesArgs = {
  organizationId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


export type QueryQuestionnaireArgs = {
  organizationId: Scalars['ID']['input'];
  questionnaireId: Scalars['ID']['input'];
};


export type QueryAssessmentsArgs = {
  organizationId: Scalars['ID']['input'];
  role?: InputMaybe<AssessmentRole>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


export type QueryAssessmentArgs = {
  organizationId: Scalars['ID']['input'];
  assessmentId: Scalars['ID']['input'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Creates a questionnaire template (ADMIN members of the organization). */
  createQuestionnaire: CreateQuestionnairePayload;
  /** Renames or describes a template (ADMIN members); no new version. NOT_FOUND for a template of no organization of the caller. */
  updateQuestionnaire: UpdateQuestionnairePayload;
  /**
   * Adds an element to the template's current version (ADMIN members); when an assessment holds that
   * version, a new version is made first. At most 500 elements a version (CONFLICT beyond).
   */
  createQuestionnaireElement: CreateQuestionnaireElementPayload;
  /**
   * Changes an element's props or attachments (ADMIN members); when an assessment holds the current
   * version, a new version is made first and the element answered is the copy in it (a new id).
   */
  updateQuestionnaireElement: UpdateQuestionnaireElementPayload;
  /** Removes an element from the current version (ADMIN members); when an assessment holds that version, a new version is made first. */
  deleteQuestionnaireElement: DeleteQuestionnaireElementPayload;
  /**
   * The receiver answers (or answers again) one question while the assessment is NEW or
   * REQUESTED_CLARIFICATION (ADMIN members of the receiver); CONFLICT at other times.
   */
  answerQuestion: AnswerQuestionPayload;
  /** The sender sets an answer's status and/or grade while the assessment is REQUESTED_REVIEW (ADMIN members of the sender). */
  reviewAnswer: ReviewAnswerPayload;
  /** Sends a questionnaire's current version to another organization (ADMIN members of the sender). */
  createAssessment: CreateAssessmentPayload;
  /** Changes an assessment's name, description, due date, contacts or review notes (ADMIN members of the sender). */
  updateAssessment: UpdateAssessmentPayload;
  /**
   * One move of the workflow (ADMIN members of the side that makes it): NEW → REQUESTED_REVIEW
   * (receiver; every required question answered), REQUESTED_REVIEW → REQUESTED_CLARIFICATION, APPROVED
   * or REJECTED (sender), REQUESTED_CLARIFICATION → REQUESTED_REVIEW (receiver). Any other move:
   * CONFLICT naming both states; the other side's move: FORBIDDEN.
   */
  updateAssessmentStatus: UpdateAssessmentStatusPayload;
  /** Comments on an assessment or one of its questions (ADMIN members of either side); an assessment holds at most 1,000 comments (CONFLICT beyond). */
  createAssessmentComment: CreateAssessmentCommentPayload;
};


export type MutationCreateQuestionnaireArgs = {
  input: CreateQuestionnaireInput;
};


export type MutationUpdateQuestionnaireArgs = {
  input: UpdateQuestionnaireInput;
};


export type MutationCreateQuestionnaireElementArgs = {
  input: CreateQuestionnaireElementInput;
};


export type MutationUpdateQuestionnaireElementArgs = {
  input: UpdateQuestionnaireElementInput;
};


export type MutationDeleteQuestionnaireElementArgs = {
  input: DeleteQuestionnaireElementInput;
};


export type MutationAnswerQuestionArgs = {
  input: AnswerQuestionInput;
};


export type MutationReviewAnswerArgs = {
  input: ReviewAnswerInput;
};


export type MutationCreateAssessmentArgs = {
  input: CreateAssessmentInput;
};


export type MutationUpdateAssessmentArgs = {
  input: UpdateAssessmentInput;
};


export type MutationUpdateAssessmentStatusArgs = {
  input: UpdateAssessmentStatusInput;
};


export type MutationCreateAssessmentCommentArgs = {
  input: CreateAssessmentCommentInput;
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
  Questionnaire: Questionnaire;
};

/** Mapping of federation reference types */
export type FederationReferenceTypes = {
  Questionnaire:
    ( { __typename: 'Questionnaire' }
    & GraphQLRecursivePick<FederationTypes['Questionnaire'], {"id":true}> );
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
  AssessmentSide: AssessmentSide;
  AnswerType: ResolverTypeWrapper<any>;
  AnswerStatus: ResolverTypeWrapper<any>;
  AnswerGrade: ResolverTypeWrapper<any>;
  AnswerContent: ResolverTypeWrapper<any>;
  AnswerContentEntry: ResolverTypeWrapper<any>;
  Answer: ResolverTypeWrapper<any>;
  Int: ResolverTypeWrapper<any>;
  AnswerQuestionInput: ResolverTypeWrapper<any>;
  AnswerQuestionPayload: ResolverTypeWrapper<any>;
  AnswerReviewStatus: ResolverTypeWrapper<any>;
  ReviewAnswerInput: ResolverTypeWrapper<any>;
  ReviewAnswerPayload: ResolverTypeWrapper<any>;
  AssessmentStatus: ResolverTypeWrapper<any>;
  AssessmentRole: ResolverTypeWrapper<any>;
  ContactInformation: ResolverTypeWrapper<any>;
  Assessment: ResolverTypeWrapper<any>;
  Float: ResolverTypeWrapper<any>;
  AssessmentConnection: ResolverTypeWrapper<any>;
  AssessmentEdge: ResolverTypeWrapper<any>;
  ContactInformationInput: ResolverTypeWrapper<any>;
  CreateAssessmentInput: ResolverTypeWrapper<any>;
  CreateAssessmentPayload: ResolverTypeWrapper<any>;
  UpdateAssessmentInput: ResolverTypeWrapper<any>;
  UpdateAssessmentPayload: ResolverTypeWrapper<any>;
  UpdateAssessmentStatusInput: ResolverTypeWrapper<any>;
  UpdateAssessmentStatusPayload: ResolverTypeWrapper<any>;
  AssessmentComment: ResolverTypeWrapper<any>;
  AssessmentCommentConnection: ResolverTypeWrapper<any>;
  AssessmentCommentEdge: ResolverTypeWrapper<any>;
  CreateAssessmentCommentInput: ResolverTypeWrapper<any>;
  CreateAssessmentCommentPayload: ResolverTypeWrapper<any>;
  Questionnaire: ResolverTypeWrapper<any>;
  ElementType: ResolverTypeWrapper<any>;
  QuestionType: ResolverTypeWrapper<any>;
  QuestionWeight: ResolverTypeWrapper<any>;
  Choice: ResolverTypeWrapper<any>;
  QuestionParams: ResolverTypeWrapper<any>;
  ElementProps: ResolverTypeWrapper<any>;
  Element: ResolverTypeWrapper<any>;
  QuestionnaireConnection: ResolverTypeWrapper<any>;
  QuestionnaireEdge: ResolverTypeWrapper<any>;
  CreateQuestionnaireInput: ResolverTypeWrapper<any>;
  CreateQuestionnairePayload: ResolverTypeWrapper<any>;
  UpdateQuestionnaireInput: ResolverTypeWrapper<any>;
  UpdateQuestionnairePayload: ResolverTypeWrapper<any>;
  ChoiceInput: ResolverTypeWrapper<any>;
  QuestionParamsInput: ResolverTypeWrapper<any>;
  ElementPropsInput: ResolverTypeWrapper<any>;
  CreateQuestionnaireElementInput: ResolverTypeWrapper<any>;
  CreateQuestionnaireElementPayload: ResolverTypeWrapper<any>;
  UpdateQuestionnaireElementInput: ResolverTypeWrapper<any>;
  UpdateQuestionnaireElementPayload: ResolverTypeWrapper<any>;
  DeleteQuestionnaireElementInput: ResolverTypeWrapper<any>;
  DeleteQuestionnaireElementPayload: ResolverTypeWrapper<any>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
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
  AnswerContent: any;
  AnswerContentEntry: any;
  Answer: any;
  Int: any;
  AnswerQuestionInput: any;
  AnswerQuestionPayload: any;
  ReviewAnswerInput: any;
  ReviewAnswerPayload: any;
  ContactInformation: any;
  Assessment: any;
  Float: any;
  AssessmentConnection: any;
  AssessmentEdge: any;
  ContactInformationInput: any;
  CreateAssessmentInput: any;
  CreateAssessmentPayload: any;
  UpdateAssessmentInput: any;
  UpdateAssessmentPayload: any;
  UpdateAssessmentStatusInput: any;
  UpdateAssessmentStatusPayload: any;
  AssessmentComment: any;
  AssessmentCommentConnection: any;
  AssessmentCommentEdge: any;
  CreateAssessmentCommentInput: any;
  CreateAssessmentCommentPayload: any;
  Questionnaire: any;
  Choice: any;
  QuestionParams: any;
  ElementProps: any;
  Element: any;
  QuestionnaireConnection: any;
  QuestionnaireEdge: any;
  CreateQuestionnaireInput: any;
  CreateQuestionnairePayload: any;
  UpdateQuestionnaireInput: any;
  UpdateQuestionnairePayload: any;
  ChoiceInput: any;
  QuestionParamsInput: any;
  ElementPropsInput: any;
  CreateQuestionnaireElementInput: any;
  CreateQuestionnaireElementPayload: any;
  UpdateQuestionnaireElementInput: any;
  UpdateQuestionnaireElementPayload: any;
  DeleteQuestionnaireElementInput: any;
  DeleteQuestionnaireElementPayload: any;
  Query: Record<PropertyKey, never>;
  Mutation: Record<PropertyKey, never>;
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

export type AttachmentResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Attachment'] = ResolversParentTypes['Attachment']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type AssessmentSideResolvers = { SENDER: 'sender', RECEIVER: 'receiver' };

export type AnswerContentResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AnswerContent'] = ResolversParentTypes['AnswerContent']> = {
  type?: Resolver<ResolversTypes['AnswerType'], ParentType, ContextType>;
  text?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  choice?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  choices?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
};

export type AnswerContentEntryResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AnswerContentEntry'] = ResolversParentTypes['AnswerContentEntry']> = {
  attachmentIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  attachments?: Resolver<Array<ResolversTypes['Attachment']>, ParentType, ContextType>;
  content?: Resolver<ResolversTypes['AnswerContent'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type AnswerResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Answer'] = ResolversParentTypes['Answer']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  assessmentId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  questionId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  questionnaireId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  questionnaireVersion?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  senderId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  receiverId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  content?: Resolver<Array<ResolversTypes['AnswerContentEntry']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['AnswerStatus'], ParentType, ContextType>;
  grade?: Resolver<Maybe<ResolversTypes['AnswerGrade']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type AnswerQuestionPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AnswerQuestionPayload'] = ResolversParentTypes['AnswerQuestionPayload']> = {
  answer?: Resolver<Maybe<ResolversTypes['Answer']>, ParentType, ContextType>;
  assessment?: Resolver<Maybe<ResolversTypes['Assessment']>, ParentType, ContextType>;
};

export type ReviewAnswerPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ReviewAnswerPayload'] = ResolversParentTypes['ReviewAnswerPayload']> = {
  answer?: Resolver<Maybe<ResolversTypes['Answer']>, ParentType, ContextType>;
  assessment?: Resolver<Maybe<ResolversTypes['Assessment']>, ParentType, ContextType>;
};

export type ContactInformationResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ContactInformation'] = ResolversParentTypes['ContactInformation']> = {
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  phone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AssessmentResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Assessment'] = ResolversParentTypes['Assessment']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  assessmentId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  questionnaireId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  questionnaireVersion?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  senderId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  receiverId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  view?: Resolver<ResolversTypes['AssessmentSide'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dueDate?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  firstRequestedReviewAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['AssessmentStatus'], ParentType, ContextType>;
  overdue?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  contactInformation?: Resolver<Array<ResolversTypes['ContactInformation']>, ParentType, ContextType>;
  grade?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  reviewNotes?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  elements?: Resolver<Array<ResolversTypes['Element']>, ParentType, ContextType>;
  answers?: Resolver<Array<ResolversTypes['Answer']>, ParentType, ContextType>;
  comments?: Resolver<ResolversTypes['AssessmentCommentConnection'], ParentType, ContextType, RequireFields<AssessmentCommentsArgs, 'first'>>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type AssessmentConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AssessmentConnection'] = ResolversParentTypes['AssessmentConnection']> = {
  edges?: Resolver<Array<ResolversTypes['AssessmentEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Assessment']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type AssessmentEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AssessmentEdge'] = ResolversParentTypes['AssessmentEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Assessment'], ParentType, ContextType>;
};

export type CreateAssessmentPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CreateAssessmentPayload'] = ResolversParentTypes['CreateAssessmentPayload']> = {
  assessment?: Resolver<Maybe<ResolversTypes['Assessment']>, ParentType, ContextType>;
};

export type UpdateAssessmentPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['UpdateAssessmentPayload'] = ResolversParentTypes['UpdateAssessmentPayload']> = {
  assessment?: Resolver<Maybe<ResolversTypes['Assessment']>, ParentType, ContextType>;
};

export type UpdateAssessmentStatusPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['UpdateAssessmentStatusPayload'] = ResolversParentTypes['UpdateAssessmentStatusPayload']> = {
  assessment?: Resolver<Maybe<ResolversTypes['Assessment']>, ParentType, ContextType>;
};

export type AssessmentCommentResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AssessmentComment'] = ResolversParentTypes['AssessmentComment']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  userId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  assessmentId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  questionId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  content?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  attachmentIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  attachments?: Resolver<Array<ResolversTypes['Attachment']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type AssessmentCommentConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AssessmentCommentConnection'] = ResolversParentTypes['AssessmentCommentConnection']> = {
  edges?: Resolver<Array<ResolversTypes['AssessmentCommentEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['AssessmentComment']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type AssessmentCommentEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AssessmentCommentEdge'] = ResolversParentTypes['AssessmentCommentEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['AssessmentComment'], ParentType, ContextType>;
};

export type CreateAssessmentCommentPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CreateAssessmentCommentPayload'] = ResolversParentTypes['CreateAssessmentCommentPayload']> = {
  comment?: Resolver<Maybe<ResolversTypes['AssessmentComment']>, ParentType, ContextType>;
};

export type QuestionnaireResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Questionnaire'] = ResolversParentTypes['Questionnaire'], FederationReferenceType extends FederationReferenceTypes['Questionnaire'] = FederationReferenceTypes['Questionnaire']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Questionnaire']> | FederationReferenceType, FederationReferenceType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  elements?: Resolver<Array<ResolversTypes['Element']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type ChoiceResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Choice'] = ResolversParentTypes['Choice']> = {
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expected?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
};

export type QuestionParamsResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['QuestionParams'] = ResolversParentTypes['QuestionParams']> = {
  type?: Resolver<ResolversTypes['QuestionType'], ParentType, ContextType>;
  required?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  choices?: Resolver<Array<ResolversTypes['Choice']>, ParentType, ContextType>;
};

export type ElementPropsResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ElementProps'] = ResolversParentTypes['ElementProps']> = {
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  params?: Resolver<Maybe<ResolversTypes['QuestionParams']>, ParentType, ContextType>;
  weight?: Resolver<ResolversTypes['QuestionWeight'], ParentType, ContextType>;
};

export type ElementResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Element'] = ResolversParentTypes['Element']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  elementId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  questionnaireId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  questionnaireVersion?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  order?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['ElementType'], ParentType, ContextType>;
  props?: Resolver<ResolversTypes['ElementProps'], ParentType, ContextType>;
  attachmentIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  attachments?: Resolver<Array<ResolversTypes['Attachment']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type QuestionnaireConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['QuestionnaireConnection'] = ResolversParentTypes['QuestionnaireConnection']> = {
  edges?: Resolver<Array<ResolversTypes['QuestionnaireEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Questionnaire']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type QuestionnaireEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['QuestionnaireEdge'] = ResolversParentTypes['QuestionnaireEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Questionnaire'], ParentType, ContextType>;
};

export type CreateQuestionnairePayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CreateQuestionnairePayload'] = ResolversParentTypes['CreateQuestionnairePayload']> = {
  questionnaire?: Resolver<Maybe<ResolversTypes['Questionnaire']>, ParentType, ContextType>;
};

export type UpdateQuestionnairePayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['UpdateQuestionnairePayload'] = ResolversParentTypes['UpdateQuestionnairePayload']> = {
  questionnaire?: Resolver<Maybe<ResolversTypes['Questionnaire']>, ParentType, ContextType>;
};

export type CreateQuestionnaireElementPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CreateQuestionnaireElementPayload'] = ResolversParentTypes['CreateQuestionnaireElementPayload']> = {
  element?: Resolver<Maybe<ResolversTypes['Element']>, ParentType, ContextType>;
  questionnaire?: Resolver<Maybe<ResolversTypes['Questionnaire']>, ParentType, ContextType>;
};

export type UpdateQuestionnaireElementPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['UpdateQuestionnaireElementPayload'] = ResolversParentTypes['UpdateQuestionnaireElementPayload']> = {
  element?: Resolver<Maybe<ResolversTypes['Element']>, ParentType, ContextType>;
  questionnaire?: Resolver<Maybe<ResolversTypes['Questionnaire']>, ParentType, ContextType>;
};

export type DeleteQuestionnaireElementPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['DeleteQuestionnaireElementPayload'] = ResolversParentTypes['DeleteQuestionnaireElementPayload']> = {
  deletedId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  element?: Resolver<Maybe<ResolversTypes['Element']>, ParentType, ContextType>;
  questionnaire?: Resolver<Maybe<ResolversTypes['Questionnaire']>, ParentType, ContextType>;
};

export type QueryResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  questionnaires?: Resolver<ResolversTypes['QuestionnaireConnection'], ParentType, ContextType, RequireFields<QueryQuestionnairesArgs, 'organizationId' | 'first'>>;
  questionnaire?: Resolver<Maybe<ResolversTypes['Questionnaire']>, ParentType, ContextType, RequireFields<QueryQuestionnaireArgs, 'organizationId' | 'questionnaireId'>>;
  assessments?: Resolver<ResolversTypes['AssessmentConnection'], ParentType, ContextType, RequireFields<QueryAssessmentsArgs, 'organizationId' | 'first'>>;
  assessment?: Resolver<Maybe<ResolversTypes['Assessment']>, ParentType, ContextType, RequireFields<QueryAssessmentArgs, 'organizationId' | 'assessmentId'>>;
};

export type MutationResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  createQuestionnaire?: Resolver<ResolversTypes['CreateQuestionnairePayload'], ParentType, ContextType, RequireFields<MutationCreateQuestionnaireArgs, 'input'>>;
  updateQuestionnaire?: Resolver<ResolversTypes['UpdateQuestionnairePayload'], ParentType, ContextType, RequireFields<MutationUpdateQuestionnaireArgs, 'input'>>;
  createQuestionnaireElement?: Resolver<ResolversTypes['CreateQuestionnaireElementPayload'], ParentType, ContextType, RequireFields<MutationCreateQuestionnaireElementArgs, 'input'>>;
  updateQuestionnaireElement?: Resolver<ResolversTypes['UpdateQuestionnaireElementPayload'], ParentType, ContextType, RequireFields<MutationUpdateQuestionnaireElementArgs, 'input'>>;
  deleteQuestionnaireElement?: Resolver<ResolversTypes['DeleteQuestionnaireElementPayload'], ParentType, ContextType, RequireFields<MutationDeleteQuestionnaireElementArgs, 'input'>>;
  answerQuestion?: Resolver<ResolversTypes['AnswerQuestionPayload'], ParentType, ContextType, RequireFields<MutationAnswerQuestionArgs, 'input'>>;
  reviewAnswer?: Resolver<ResolversTypes['ReviewAnswerPayload'], ParentType, ContextType, RequireFields<MutationReviewAnswerArgs, 'input'>>;
  createAssessment?: Resolver<ResolversTypes['CreateAssessmentPayload'], ParentType, ContextType, RequireFields<MutationCreateAssessmentArgs, 'input'>>;
  updateAssessment?: Resolver<ResolversTypes['UpdateAssessmentPayload'], ParentType, ContextType, RequireFields<MutationUpdateAssessmentArgs, 'input'>>;
  updateAssessmentStatus?: Resolver<ResolversTypes['UpdateAssessmentStatusPayload'], ParentType, ContextType, RequireFields<MutationUpdateAssessmentStatusArgs, 'input'>>;
  createAssessmentComment?: Resolver<ResolversTypes['CreateAssessmentCommentPayload'], ParentType, ContextType, RequireFields<MutationCreateAssessmentCommentArgs, 'input'>>;
};

export type Resolvers<ContextType = SubgraphContext> = {
  DateTime?: GraphQLScalarType;
  JSON?: GraphQLScalarType;
  PageInfo?: PageInfoResolvers<ContextType>;
  Attachment?: AttachmentResolvers<ContextType>;
  AssessmentSide?: AssessmentSideResolvers;
  AnswerContent?: AnswerContentResolvers<ContextType>;
  AnswerContentEntry?: AnswerContentEntryResolvers<ContextType>;
  Answer?: AnswerResolvers<ContextType>;
  AnswerQuestionPayload?: AnswerQuestionPayloadResolvers<ContextType>;
  ReviewAnswerPayload?: ReviewAnswerPayloadResolvers<ContextType>;
  ContactInformation?: ContactInformationResolvers<ContextType>;
  Assessment?: AssessmentResolvers<ContextType>;
  AssessmentConnection?: AssessmentConnectionResolvers<ContextType>;
  AssessmentEdge?: AssessmentEdgeResolvers<ContextType>;
  CreateAssessmentPayload?: CreateAssessmentPayloadResolvers<ContextType>;
  UpdateAssessmentPayload?: UpdateAssessmentPayloadResolvers<ContextType>;
  UpdateAssessmentStatusPayload?: UpdateAssessmentStatusPayloadResolvers<ContextType>;
  AssessmentComment?: AssessmentCommentResolvers<ContextType>;
  AssessmentCommentConnection?: AssessmentCommentConnectionResolvers<ContextType>;
  AssessmentCommentEdge?: AssessmentCommentEdgeResolvers<ContextType>;
  CreateAssessmentCommentPayload?: CreateAssessmentCommentPayloadResolvers<ContextType>;
  Questionnaire?: QuestionnaireResolvers<ContextType>;
  Choice?: ChoiceResolvers<ContextType>;
  QuestionParams?: QuestionParamsResolvers<ContextType>;
  ElementProps?: ElementPropsResolvers<ContextType>;
  Element?: ElementResolvers<ContextType>;
  QuestionnaireConnection?: QuestionnaireConnectionResolvers<ContextType>;
  QuestionnaireEdge?: QuestionnaireEdgeResolvers<ContextType>;
  CreateQuestionnairePayload?: CreateQuestionnairePayloadResolvers<ContextType>;
  UpdateQuestionnairePayload?: UpdateQuestionnairePayloadResolvers<ContextType>;
  CreateQuestionnaireElementPayload?: CreateQuestionnaireElementPayloadResolvers<ContextType>;
  UpdateQuestionnaireElementPayload?: UpdateQuestionnaireElementPayloadResolvers<ContextType>;
  DeleteQuestionnaireElementPayload?: DeleteQuestionnaireElementPayloadResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
};

