import type { SubgraphContext } from '../server';
import { badRequest } from '../../lib/errors';
import type { AssessmentSide } from '../../lib/visibility';
import * as valid from '../../lib/validate';
import { answerQuestion, reviewAnswer } from './answers';
import { contactInformation, createAssessment, listAssessments, moveAssessment, updateAssessment } from './assessments';
import { createComment, listComments } from './comments';
import type { QuestionnairesLoaders } from './loaders';
import { findAssessment, type AnswerRow, type AssessmentRow, type CommentRow, type ElementRow, type QuestionnaireRow } from './store';
import { createElement, createQuestionnaire, deleteElement, findQuestionnaire, updateElement, updateQuestionnaire, type ElementInput } from './templates';
import { answerView, assessmentView, attachmentsOf, commentView, elementView } from './views';
import type { Resolvers } from './resolver-types.generated';

type Ctx = SubgraphContext<QuestionnairesLoaders>;
type AssessmentView = ReturnType<typeof assessmentView>;

// Resolvers parse, call the services and map to the side's view. Who may call each field is
// permissions.ts (members read, ADMIN members write); an assessment is its sender's and receiver's
// only, which the resolver checks on the row it reads (Visibility.requireAssessmentView / Write).

const MAX_DESCRIPTION = 20_000;
const actorOf = (ctx: Ctx, organizationId: string) => ({ userId: ctx.policy.userId, organizationId });
const optionalText = (value: unknown, field: string) => (value == null ? undefined : valid.name(value, field, MAX_DESCRIPTION));
const ids = (values: readonly unknown[] | null | undefined, field: string) => valid.uuids(values, field) ?? null;
const optionalId = (value: unknown, field: string) => (value == null ? null : valid.uuid(value, field));

function dueDate(value: unknown): Date {
  if (!(value instanceof Date)) throw badRequest('dueDate must be a date-time', 'dueDate');
  return value;
}

/** The assessment as `organizationId`'s side reads it; a write names the side that must make it. */
async function assessmentFor(ctx: Ctx, args: { organizationId: string; assessmentId: string }, write?: { side?: AssessmentSide }) {
  const { organizationId } = args;
  const row = await findAssessment(ctx.db.pool, args.assessmentId);
  const side = write ? await ctx.policy.requireAssessmentWrite(organizationId, row, write.side) : await ctx.policy.requireAssessmentView(organizationId, row);
  return { organizationId, row: row as AssessmentRow, side };
}

function elementInput(input: ElementInput): ElementInput {
  return { ...input, after: optionalId(input.after, 'after'), before: optionalId(input.before, 'before'), attachmentIds: ids(input.attachmentIds, 'attachmentIds') };
}

/** AssessmentSide's internal values are the side names the views use (lib/visibility.ts). */
const assessmentSide = { SENDER: 'sender', RECEIVER: 'receiver' };

const typed = {
  Query: {
    questionnaires: async (_, args, ctx) => {
      const { organizationId } = args;
      return ctx.db.prisma.questionnaire.findMany({ where: { organizationId, deletedAt: null }, orderBy: { createdAt: 'asc' } });
    },
    questionnaire: async (_, args, ctx) => {
      const { organizationId } = args;
      return findQuestionnaire(ctx.db.pool, organizationId, args.questionnaireId);
    },
    assessments: async (_, args, ctx) => {
      const { organizationId } = args;
      const rows = await listAssessments(ctx.db.pool, organizationId, args.role ?? null);
      return rows.map((row) => assessmentView(row, row.senderId === organizationId ? 'sender' : 'receiver'));
    },
    assessment: async (_, args, ctx) => {
      const { row, side } = await assessmentFor(ctx, args);
      return assessmentView(row, side);
    },
  },
  Mutation: {
    createQuestionnaire: async (_, args, ctx) => {
      const { organizationId } = args;
      return createQuestionnaire(ctx.db.pool, actorOf(ctx, organizationId), { name: valid.name(args.input.name), description: optionalText(args.input.description, 'description') ?? '' });
    },
    updateQuestionnaire: async (_, args, ctx) => {
      const { organizationId } = args;
      const input = { name: valid.optionalName(args.input.name), description: optionalText(args.input.description, 'description') };
      return updateQuestionnaire(ctx.db.pool, actorOf(ctx, organizationId), args.questionnaireId, input);
    },
    createQuestionnaireElement: async (_, args, ctx) => {
      const { organizationId } = args;
      return createElement(ctx.db.pool, actorOf(ctx, organizationId), args.questionnaireId, elementInput(args.input));
    },
    updateQuestionnaireElement: async (_, args, ctx) => {
      const { organizationId } = args;
      const input = { props: args.input.props, attachmentIds: ids(args.input.attachmentIds, 'attachmentIds') };
      return updateElement(ctx.db.pool, actorOf(ctx, organizationId), args.questionnaireId, args.elementId, input);
    },
    deleteQuestionnaireElement: async (_, args, ctx) => {
      const { organizationId } = args;
      return deleteElement(ctx.db.pool, actorOf(ctx, organizationId), args.questionnaireId, args.elementId);
    },
    createAssessment: async (_, args, ctx) => {
      const { organizationId } = args;
      const input = args.input;
      const row = await createAssessment(ctx.db.pool, actorOf(ctx, organizationId), {
        questionnaireId: valid.uuid(input.questionnaireId, 'questionnaireId'),
        receiverId: valid.uuid(input.receiverId, 'receiverId'),
        name: valid.name(input.name),
        description: optionalText(input.description, 'description') ?? '',
        dueDate: dueDate(input.dueDate),
        contactInformation: contactInformation(input.contactInformation as never),
      });
      return assessmentView(row, 'sender');
    },
    updateAssessment: async (_, args, ctx) => {
      const { organizationId, row } = await assessmentFor(ctx, args, { side: 'sender' });
      const input = args.input;
      const updated = await updateAssessment(ctx.db.pool, actorOf(ctx, organizationId), row.id, {
        name: valid.optionalName(input.name),
        description: optionalText(input.description, 'description'),
        dueDate: input.dueDate == null ? undefined : dueDate(input.dueDate),
        contactInformation: input.contactInformation == null ? undefined : contactInformation(input.contactInformation as never),
        reviewNotes: input.reviewNotes == null ? undefined : String(input.reviewNotes).slice(0, MAX_DESCRIPTION),
      });
      return assessmentView(updated, 'sender');
    },
    updateAssessmentStatus: async (_, args, ctx) => {
      const { organizationId, row, side } = await assessmentFor(ctx, args, {});
      return assessmentView(await moveAssessment(ctx.db.pool, actorOf(ctx, organizationId), side, row.id, args.status), side);
    },
    answerQuestion: async (_, args, ctx) => {
      const { organizationId, row } = await assessmentFor(ctx, args, { side: 'receiver' });
      const input = { ...args.input, attachmentIds: ids(args.input.attachmentIds, 'attachmentIds') };
      return answerView(await answerQuestion(ctx.db.pool, actorOf(ctx, organizationId), row.id, args.questionId, input), 'receiver');
    },
    reviewAnswer: async (_, args, ctx) => {
      const { organizationId, row } = await assessmentFor(ctx, args, { side: 'sender' });
      return answerView(await reviewAnswer(ctx.db.pool, actorOf(ctx, organizationId), row.id, args.questionId, args.input), 'sender');
    },
    createAssessmentComment: async (_, args, ctx) => {
      const { organizationId, row } = await assessmentFor(ctx, args, {});
      const input = { content: args.input.content, questionId: optionalId(args.input.questionId, 'questionId'), attachmentIds: ids(args.input.attachmentIds, 'attachmentIds') };
      return commentView(await createComment(ctx.db.pool, actorOf(ctx, organizationId), row.id, input));
    },
  },
  Questionnaire: {
    __resolveReference: async (ref: { id: string }, ctx: Ctx) => {
      const row = await ctx.db.prisma.questionnaire.findFirst({ where: { id: ref.id, deletedAt: null } });
      // Members only, like the `questionnaires` list: following an organization does not show its questionnaires.
      return row && (await ctx.policy.isMember(row.organizationId)) ? row : null;
    },
    elements: (q: QuestionnaireRow, _: unknown, ctx: Ctx) => ctx.loaders.elementsOfVersion.load(`${q.id}:${q.version}`),
  },
  Element: {
    attachments: (e: ElementRow) => attachmentsOf(e.attachmentIds),
  },
  Assessment: {
    elements: async (a: AssessmentView, _: unknown, ctx: Ctx) => (await ctx.loaders.elementsOfVersion.load(`${a.questionnaireId}:${a.questionnaireVersion}`)).map((e) => elementView(e, a.view)),
    answers: async (a: AssessmentView, _: unknown, ctx: Ctx) => (await ctx.loaders.answersOfAssessment.load(a.id)).map((row: AnswerRow) => answerView(row, a.view)),
    comments: async (a: AssessmentView, args: { questionId?: string | null }, ctx: Ctx) =>
      (await listComments(ctx.db.pool, a.id, optionalId(args.questionId, 'questionId'))).map((c: CommentRow) => commentView(c)),
  },
} satisfies Resolvers<Ctx>;

export const resolvers = { ...typed, AssessmentSide: assessmentSide };
