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
 * An attachment of the documents subgraph, referenced by id (answers, comments and elements store
 * attachment ids; the documents subgraph resolves the rest).
 */
export type Attachment = {
  __typename?: 'Attachment';
  id: Scalars['ID']['output'];
};

/** Which side of an assessment the caller reads it as: the sender sees every field, the receiver not the sender-only ones. */
export type AssessmentSide =
  | 'SENDER'
  | 'RECEIVER';

export type AnswerType =
  /** Skips an optional question. */
  | 'EMPTY'
  | 'TEXT'
  | 'SINGLE_CHOICE'
  | 'MULTIPLE_CHOICE'
  /** The files are the entry's attachments. */
  | 'FILE';

export type AnswerStatus =
  | 'NEW'
  | 'REQUESTED_REVIEW'
  | 'REQUESTED_CLARIFICATION'
  | 'APPROVED'
  | 'REJECTED'
  | 'AUTOMATICALLY_APPROVED'
  | 'AUTOMATICALLY_REJECTED'
  | 'SKIPPED';

export type AnswerGrade =
  | 'BAD'
  | 'GOOD'
  | 'EXCELLENT';

/** One content variant, discriminated by `type`: TEXT has `text`, SINGLE_CHOICE `choice`, MULTIPLE_CHOICE `choices`. */
export type AnswerContent = {
  __typename?: 'AnswerContent';
  type: AnswerType;
  text?: Maybe<Scalars['String']['output']>;
  choice?: Maybe<Scalars['String']['output']>;
  choices?: Maybe<Array<Scalars['String']['output']>>;
};

export type AnswerContentEntry = {
  __typename?: 'AnswerContentEntry';
  attachmentIds: Array<Scalars['ID']['output']>;
  attachments: Array<Attachment>;
  content: AnswerContent;
  createdAt: Scalars['DateTime']['output'];
};

export type Answer = {
  __typename?: 'Answer';
  /** The answer's id: `<assessmentId>:<questionId>`. */
  id: Scalars['ID']['output'];
  assessmentId: Scalars['ID']['output'];
  questionId: Scalars['ID']['output'];
  questionnaireId: Scalars['ID']['output'];
  questionnaireVersion: Scalars['Int']['output'];
  senderId: Scalars['ID']['output'];
  receiverId: Scalars['ID']['output'];
  /** Every content the receiver gave, oldest first; the last one is the answer. */
  content: Array<AnswerContentEntry>;
  status: AnswerStatus;
  /** Sender-only (null for the receiver). */
  grade?: Maybe<AnswerGrade>;
  createdAt: Scalars['DateTime']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type AnswerInput = {
  type: AnswerType;
  text?: InputMaybe<Scalars['String']['input']>;
  choice?: InputMaybe<Scalars['String']['input']>;
  choices?: InputMaybe<Array<Scalars['String']['input']>>;
  attachmentIds?: InputMaybe<Array<Scalars['ID']['input']>>;
};

export type AnswerReviewStatus =
  | 'APPROVED'
  | 'REJECTED'
  | 'REQUESTED_CLARIFICATION';

export type ReviewAnswerInput = {
  status?: InputMaybe<AnswerReviewStatus>;
  grade?: InputMaybe<AnswerGrade>;
};

export type AssessmentStatus =
  | 'NEW'
  | 'REQUESTED_REVIEW'
  | 'REQUESTED_CLARIFICATION'
  | 'APPROVED'
  | 'REJECTED';

export type AssessmentRole =
  | 'SENT'
  | 'RECEIVED';

export type ContactInformation = {
  __typename?: 'ContactInformation';
  name: Scalars['String']['output'];
  email: Scalars['String']['output'];
  phone?: Maybe<Scalars['String']['output']>;
};

/**
 * One questionnaire version sent by the sender to the receiver. Only the two organizations' members
 * see it; the receiver reads null in the sender-only fields (reviewNotes, grade).
 */
export type Assessment = {
  __typename?: 'Assessment';
  id: Scalars['ID']['output'];
  questionnaireId: Scalars['ID']['output'];
  questionnaireVersion: Scalars['Int']['output'];
  senderId: Scalars['ID']['output'];
  receiverId: Scalars['ID']['output'];
  /** The side the caller reads it as (the organizationId it named). */
  view: AssessmentSide;
  name: Scalars['String']['output'];
  description: Scalars['String']['output'];
  dueDate: Scalars['DateTime']['output'];
  firstRequestedReviewAt?: Maybe<Scalars['DateTime']['output']>;
  status: AssessmentStatus;
  /** Past its due date and not APPROVED or REJECTED. */
  overdue: Scalars['Boolean']['output'];
  contactInformation: Array<ContactInformation>;
  /** Sender-only: 0 to 100 from the answers' grades and the questions' weights (README). */
  grade?: Maybe<Scalars['Float']['output']>;
  /** Sender-only: the sender's internal notes. */
  reviewNotes?: Maybe<Scalars['String']['output']>;
  /** The elements of the version the assessment was sent with, in order. */
  elements: Array<Element>;
  answers: Array<Answer>;
  /** Comments on the assessment and its questions (only those on `questionId` when given). */
  comments: Array<AssessmentComment>;
  createdAt: Scalars['DateTime']['output'];
  updatedAt: Scalars['DateTime']['output'];
};


/**
 * One questionnaire version sent by the sender to the receiver. Only the two organizations' members
 * see it; the receiver reads null in the sender-only fields (reviewNotes, grade).
 */
export type AssessmentCommentsArgs = {
  questionId?: InputMaybe<Scalars['ID']['input']>;
};

export type ContactInformationInput = {
  name: Scalars['String']['input'];
  email: Scalars['String']['input'];
  phone?: InputMaybe<Scalars['String']['input']>;
};

export type CreateAssessmentInput = {
  questionnaireId: Scalars['ID']['input'];
  /** An organization with an accepted follow relation to the sender (either direction). */
  receiverId: Scalars['ID']['input'];
  name: Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
  dueDate: Scalars['DateTime']['input'];
  contactInformation?: InputMaybe<Array<ContactInformationInput>>;
};

export type UpdateAssessmentInput = {
  name?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  dueDate?: InputMaybe<Scalars['DateTime']['input']>;
  contactInformation?: InputMaybe<Array<ContactInformationInput>>;
  reviewNotes?: InputMaybe<Scalars['String']['input']>;
};

/** A markdown comment by either side of an assessment, on the assessment or on one of its questions. */
export type AssessmentComment = {
  __typename?: 'AssessmentComment';
  id: Scalars['ID']['output'];
  organizationId: Scalars['ID']['output'];
  userId: Scalars['ID']['output'];
  assessmentId: Scalars['ID']['output'];
  questionId?: Maybe<Scalars['ID']['output']>;
  content: Scalars['String']['output'];
  attachmentIds: Array<Scalars['ID']['output']>;
  attachments: Array<Attachment>;
  createdAt: Scalars['DateTime']['output'];
};

export type CreateAssessmentCommentInput = {
  questionId?: InputMaybe<Scalars['ID']['input']>;
  /** Markdown. */
  content: Scalars['String']['input'];
  /** Attachments of the commenting organization. */
  attachmentIds?: InputMaybe<Array<Scalars['ID']['input']>>;
};

/** A questionnaire template an organization sends to others as assessments. */
export type Questionnaire = {
  __typename?: 'Questionnaire';
  id: Scalars['ID']['output'];
  organizationId: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  description: Scalars['String']['output'];
  /** The current version; editing the elements of a version an assessment holds makes a new one. */
  version: Scalars['Int']['output'];
  /** The current version's elements, in order. */
  elements: Array<Element>;
  createdAt: Scalars['DateTime']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type ElementType =
  | 'QUESTION'
  /** A heading grouping the questions after it; it takes no answer. */
  | 'SECTION';

export type QuestionType =
  | 'TEXT'
  | 'SINGLE_CHOICE'
  | 'MULTIPLE_CHOICE'
  | 'FILE';

/** How much a question counts in the assessment's grade: INFORMATIONAL 0, LOW 1, MEDIUM 2, HIGH 3. */
export type QuestionWeight =
  | 'INFORMATIONAL'
  | 'LOW'
  | 'MEDIUM'
  | 'HIGH';

export type Choice = {
  __typename?: 'Choice';
  value: Scalars['String']['output'];
  /** Sender-only (null for the receiver): answers matching the expected choices are approved automatically. */
  expected?: Maybe<Scalars['Boolean']['output']>;
};

export type QuestionParams = {
  __typename?: 'QuestionParams';
  type: QuestionType;
  required: Scalars['Boolean']['output'];
  choices: Array<Choice>;
};

export type ElementProps = {
  __typename?: 'ElementProps';
  title: Scalars['String']['output'];
  description: Scalars['String']['output'];
  /** Null for a SECTION. */
  params?: Maybe<QuestionParams>;
  weight: QuestionWeight;
};

/** One element of one version of a questionnaire. `order` is a rank string: elements sort by it (byte order). */
export type Element = {
  __typename?: 'Element';
  id: Scalars['ID']['output'];
  organizationId: Scalars['ID']['output'];
  questionnaireId: Scalars['ID']['output'];
  questionnaireVersion: Scalars['Int']['output'];
  order: Scalars['String']['output'];
  type: ElementType;
  props: ElementProps;
  attachmentIds: Array<Scalars['ID']['output']>;
  attachments: Array<Attachment>;
  createdAt: Scalars['DateTime']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type CreateQuestionnaireInput = {
  name: Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
};

export type UpdateQuestionnaireInput = {
  name?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
};

export type ChoiceInput = {
  value: Scalars['String']['input'];
  expected?: InputMaybe<Scalars['Boolean']['input']>;
};

export type QuestionParamsInput = {
  type: QuestionType;
  /** Default true; an optional question may be skipped (an EMPTY answer). */
  required?: InputMaybe<Scalars['Boolean']['input']>;
  choices?: InputMaybe<Array<ChoiceInput>>;
};

export type ElementPropsInput = {
  title: Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
  /** Required for a QUESTION, absent for a SECTION. */
  params?: InputMaybe<QuestionParamsInput>;
  /** Default MEDIUM for a question. */
  weight?: InputMaybe<QuestionWeight>;
};

export type CreateElementInput = {
  type: ElementType;
  props: ElementPropsInput;
  /** Insert right after this element, or right before `before`; neither: at the end. */
  after?: InputMaybe<Scalars['ID']['input']>;
  before?: InputMaybe<Scalars['ID']['input']>;
  attachmentIds?: InputMaybe<Array<Scalars['ID']['input']>>;
};

export type UpdateElementInput = {
  props?: InputMaybe<ElementPropsInput>;
  attachmentIds?: InputMaybe<Array<Scalars['ID']['input']>>;
};

export type Query = {
  __typename?: 'Query';
  /** The organization's templates (members). */
  questionnaires: Array<Questionnaire>;
  questionnaire?: Maybe<Questionnaire>;
  /** Assessments the organization sent and received (or only one role). */
  assessments: Array<Assessment>;
  assessment?: Maybe<Assessment>;
};


export type QueryQuestionnairesArgs = {
  organizationId: Scalars['ID']['input'];
};


export type QueryQuestionnaireArgs = {
  organizationId: Scalars['ID']['input'];
  questionnaireId: Scalars['ID']['input'];
};


export type QueryAssessmentsArgs = {
  organizationId: Scalars['ID']['input'];
  role?: InputMaybe<AssessmentRole>;
};


export type QueryAssessmentArgs = {
  organizationId: Scalars['ID']['input'];
  assessmentId: Scalars['ID']['input'];
};

export type Mutation = {
  __typename?: 'Mutation';
  createQuestionnaire: Questionnaire;
  /** Name and description; no new version. */
  updateQuestionnaire: Questionnaire;
  /** Adds an element to the current version (a new version first when the current one was sent). */
  createQuestionnaireElement: Element;
  /** Answers the element as it is in the (possibly new) current version: its id changes when a new version was made. */
  updateQuestionnaireElement: Element;
  deleteQuestionnaireElement: Element;
  /** The receiver (ADMIN) answers one question while the assessment is NEW or REQUESTED_CLARIFICATION. */
  answerQuestion: Answer;
  /** The sender (ADMIN) sets an answer's status and/or grade while the assessment is REQUESTED_REVIEW. */
  reviewAnswer: Answer;
  /** The sender (ADMIN) sends its questionnaire's current version. */
  createAssessment: Assessment;
  /** The sender (ADMIN) edits name, description, due date, contacts and review notes. */
  updateAssessment: Assessment;
  /**
   * One move of the workflow: NEW → REQUESTED_REVIEW (receiver), REQUESTED_REVIEW → REQUESTED_CLARIFICATION,
   * APPROVED or REJECTED (sender), REQUESTED_CLARIFICATION → REQUESTED_REVIEW (receiver). Any other move: CONFLICT.
   */
  updateAssessmentStatus: Assessment;
  /** Either side's ADMIN comments. */
  createAssessmentComment: AssessmentComment;
};


export type MutationCreateQuestionnaireArgs = {
  organizationId: Scalars['ID']['input'];
  input: CreateQuestionnaireInput;
};


export type MutationUpdateQuestionnaireArgs = {
  organizationId: Scalars['ID']['input'];
  questionnaireId: Scalars['ID']['input'];
  input: UpdateQuestionnaireInput;
};


export type MutationCreateQuestionnaireElementArgs = {
  organizationId: Scalars['ID']['input'];
  questionnaireId: Scalars['ID']['input'];
  input: CreateElementInput;
};


export type MutationUpdateQuestionnaireElementArgs = {
  organizationId: Scalars['ID']['input'];
  questionnaireId: Scalars['ID']['input'];
  elementId: Scalars['ID']['input'];
  input: UpdateElementInput;
};


export type MutationDeleteQuestionnaireElementArgs = {
  organizationId: Scalars['ID']['input'];
  questionnaireId: Scalars['ID']['input'];
  elementId: Scalars['ID']['input'];
};


export type MutationAnswerQuestionArgs = {
  organizationId: Scalars['ID']['input'];
  assessmentId: Scalars['ID']['input'];
  questionId: Scalars['ID']['input'];
  input: AnswerInput;
};


export type MutationReviewAnswerArgs = {
  organizationId: Scalars['ID']['input'];
  assessmentId: Scalars['ID']['input'];
  questionId: Scalars['ID']['input'];
  input: ReviewAnswerInput;
};


export type MutationCreateAssessmentArgs = {
  organizationId: Scalars['ID']['input'];
  input: CreateAssessmentInput;
};


export type MutationUpdateAssessmentArgs = {
  organizationId: Scalars['ID']['input'];
  assessmentId: Scalars['ID']['input'];
  input: UpdateAssessmentInput;
};


export type MutationUpdateAssessmentStatusArgs = {
  organizationId: Scalars['ID']['input'];
  assessmentId: Scalars['ID']['input'];
  status: AssessmentStatus;
};


export type MutationCreateAssessmentCommentArgs = {
  organizationId: Scalars['ID']['input'];
  assessmentId: Scalars['ID']['input'];
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
  AssessmentSide: ResolverTypeWrapper<any>;
  AnswerType: ResolverTypeWrapper<any>;
  AnswerStatus: ResolverTypeWrapper<any>;
  AnswerGrade: ResolverTypeWrapper<any>;
  AnswerContent: ResolverTypeWrapper<any>;
  AnswerContentEntry: ResolverTypeWrapper<any>;
  Answer: ResolverTypeWrapper<any>;
  Int: ResolverTypeWrapper<any>;
  AnswerInput: ResolverTypeWrapper<any>;
  AnswerReviewStatus: ResolverTypeWrapper<any>;
  ReviewAnswerInput: ResolverTypeWrapper<any>;
  AssessmentStatus: ResolverTypeWrapper<any>;
  AssessmentRole: ResolverTypeWrapper<any>;
  ContactInformation: ResolverTypeWrapper<any>;
  Assessment: ResolverTypeWrapper<any>;
  Float: ResolverTypeWrapper<any>;
  ContactInformationInput: ResolverTypeWrapper<any>;
  CreateAssessmentInput: ResolverTypeWrapper<any>;
  UpdateAssessmentInput: ResolverTypeWrapper<any>;
  AssessmentComment: ResolverTypeWrapper<any>;
  CreateAssessmentCommentInput: ResolverTypeWrapper<any>;
  Questionnaire: ResolverTypeWrapper<any>;
  ElementType: ResolverTypeWrapper<any>;
  QuestionType: ResolverTypeWrapper<any>;
  QuestionWeight: ResolverTypeWrapper<any>;
  Choice: ResolverTypeWrapper<any>;
  QuestionParams: ResolverTypeWrapper<any>;
  ElementProps: ResolverTypeWrapper<any>;
  Element: ResolverTypeWrapper<any>;
  CreateQuestionnaireInput: ResolverTypeWrapper<any>;
  UpdateQuestionnaireInput: ResolverTypeWrapper<any>;
  ChoiceInput: ResolverTypeWrapper<any>;
  QuestionParamsInput: ResolverTypeWrapper<any>;
  ElementPropsInput: ResolverTypeWrapper<any>;
  CreateElementInput: ResolverTypeWrapper<any>;
  UpdateElementInput: ResolverTypeWrapper<any>;
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
  AnswerInput: any;
  ReviewAnswerInput: any;
  ContactInformation: any;
  Assessment: any;
  Float: any;
  ContactInformationInput: any;
  CreateAssessmentInput: any;
  UpdateAssessmentInput: any;
  AssessmentComment: any;
  CreateAssessmentCommentInput: any;
  Questionnaire: any;
  Choice: any;
  QuestionParams: any;
  ElementProps: any;
  Element: any;
  CreateQuestionnaireInput: any;
  UpdateQuestionnaireInput: any;
  ChoiceInput: any;
  QuestionParamsInput: any;
  ElementPropsInput: any;
  CreateElementInput: any;
  UpdateElementInput: any;
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

export type ContactInformationResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ContactInformation'] = ResolversParentTypes['ContactInformation']> = {
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  phone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AssessmentResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Assessment'] = ResolversParentTypes['Assessment']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
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
  comments?: Resolver<Array<ResolversTypes['AssessmentComment']>, ParentType, ContextType, Partial<AssessmentCommentsArgs>>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
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

export type QueryResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  questionnaires?: Resolver<Array<ResolversTypes['Questionnaire']>, ParentType, ContextType, RequireFields<QueryQuestionnairesArgs, 'organizationId'>>;
  questionnaire?: Resolver<Maybe<ResolversTypes['Questionnaire']>, ParentType, ContextType, RequireFields<QueryQuestionnaireArgs, 'organizationId' | 'questionnaireId'>>;
  assessments?: Resolver<Array<ResolversTypes['Assessment']>, ParentType, ContextType, RequireFields<QueryAssessmentsArgs, 'organizationId'>>;
  assessment?: Resolver<Maybe<ResolversTypes['Assessment']>, ParentType, ContextType, RequireFields<QueryAssessmentArgs, 'organizationId' | 'assessmentId'>>;
};

export type MutationResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  createQuestionnaire?: Resolver<ResolversTypes['Questionnaire'], ParentType, ContextType, RequireFields<MutationCreateQuestionnaireArgs, 'organizationId' | 'input'>>;
  updateQuestionnaire?: Resolver<ResolversTypes['Questionnaire'], ParentType, ContextType, RequireFields<MutationUpdateQuestionnaireArgs, 'organizationId' | 'questionnaireId' | 'input'>>;
  createQuestionnaireElement?: Resolver<ResolversTypes['Element'], ParentType, ContextType, RequireFields<MutationCreateQuestionnaireElementArgs, 'organizationId' | 'questionnaireId' | 'input'>>;
  updateQuestionnaireElement?: Resolver<ResolversTypes['Element'], ParentType, ContextType, RequireFields<MutationUpdateQuestionnaireElementArgs, 'organizationId' | 'questionnaireId' | 'elementId' | 'input'>>;
  deleteQuestionnaireElement?: Resolver<ResolversTypes['Element'], ParentType, ContextType, RequireFields<MutationDeleteQuestionnaireElementArgs, 'organizationId' | 'questionnaireId' | 'elementId'>>;
  answerQuestion?: Resolver<ResolversTypes['Answer'], ParentType, ContextType, RequireFields<MutationAnswerQuestionArgs, 'organizationId' | 'assessmentId' | 'questionId' | 'input'>>;
  reviewAnswer?: Resolver<ResolversTypes['Answer'], ParentType, ContextType, RequireFields<MutationReviewAnswerArgs, 'organizationId' | 'assessmentId' | 'questionId' | 'input'>>;
  createAssessment?: Resolver<ResolversTypes['Assessment'], ParentType, ContextType, RequireFields<MutationCreateAssessmentArgs, 'organizationId' | 'input'>>;
  updateAssessment?: Resolver<ResolversTypes['Assessment'], ParentType, ContextType, RequireFields<MutationUpdateAssessmentArgs, 'organizationId' | 'assessmentId' | 'input'>>;
  updateAssessmentStatus?: Resolver<ResolversTypes['Assessment'], ParentType, ContextType, RequireFields<MutationUpdateAssessmentStatusArgs, 'organizationId' | 'assessmentId' | 'status'>>;
  createAssessmentComment?: Resolver<ResolversTypes['AssessmentComment'], ParentType, ContextType, RequireFields<MutationCreateAssessmentCommentArgs, 'organizationId' | 'assessmentId' | 'input'>>;
};

export type Resolvers<ContextType = SubgraphContext> = {
  DateTime?: GraphQLScalarType;
  JSON?: GraphQLScalarType;
  PageInfo?: PageInfoResolvers<ContextType>;
  Attachment?: AttachmentResolvers<ContextType>;
  AnswerContent?: AnswerContentResolvers<ContextType>;
  AnswerContentEntry?: AnswerContentEntryResolvers<ContextType>;
  Answer?: AnswerResolvers<ContextType>;
  ContactInformation?: ContactInformationResolvers<ContextType>;
  Assessment?: AssessmentResolvers<ContextType>;
  AssessmentComment?: AssessmentCommentResolvers<ContextType>;
  Questionnaire?: QuestionnaireResolvers<ContextType>;
  Choice?: ChoiceResolvers<ContextType>;
  QuestionParams?: QuestionParamsResolvers<ContextType>;
  ElementProps?: ElementPropsResolvers<ContextType>;
  Element?: ElementResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
};

