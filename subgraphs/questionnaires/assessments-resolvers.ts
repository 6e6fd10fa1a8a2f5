import * as valid from '../../lib/validate';
import { connection } from '../connections';
import { contactInformation, createAssessment, listAssessments, moveAssessment, updateAssessment } from './assessments';
import { actorOf, assessmentFor, type Ctx, MAX_DESCRIPTION, optionalText, pageOf } from './requests';
import type { Resolvers } from './resolver-types.generated';
import type { AnswerRow, AssessmentRow } from './store';
import { viewId } from './view-ids';
import { answerView, assessmentView, elementView } from './views';

/** Assessments (a questionnaire sent to another organization): parse, call assessments.ts, answer the side's view. */

type AssessmentView = ReturnType<typeof assessmentView>;

/** The assessment as `organizationId` (its sender or its receiver) reads it. */
const sideView = (row: AssessmentRow, organizationId: string) => assessmentView(row, row.senderId === organizationId ? 'sender' : 'receiver');

export const assessmentResolvers = {
  Query: {
    assessments: async (_, args, ctx) => {
      const { organizationId } = args;
      const { first, page, cursorOf } = pageOf(ctx, ['assessments', organizationId, args.role ?? 'BOTH'], args);
      const rows = await listAssessments(ctx.db.pool, organizationId, args.role ?? null, page);
      return connection(
        rows.map((row) => sideView(row, organizationId)),
        first,
        args.after,
        cursorOf,
      );
    },
    assessment: async (_, args, ctx) => {
      const { row, side } = await assessmentFor(ctx, args);
      return assessmentView(row, side);
    },
  },
  Mutation: {
    createAssessment: async (_, { input }, ctx) => {
      const row = await createAssessment(ctx.db.pool, actorOf(ctx, input.organizationId), {
        questionnaireId: input.questionnaireId,
        receiverId: input.receiverId,
        name: valid.name(input.name),
        description: optionalText(input.description, 'description') ?? '',
        dueDate: input.dueDate,
        contactInformation: contactInformation(input.contactInformation),
      });
      return { assessment: assessmentView(row, 'sender') };
    },
    updateAssessment: async (_, { input }, ctx) => {
      const { organizationId, row } = await assessmentFor(ctx, input, { side: 'sender' });
      const updated = await updateAssessment(ctx.db.pool, actorOf(ctx, organizationId), row.id, {
        name: valid.optionalName(input.name),
        description: optionalText(input.description, 'description'),
        dueDate: input.dueDate ?? undefined,
        contactInformation: input.contactInformation == null ? undefined : contactInformation(input.contactInformation),
        reviewNotes: input.reviewNotes == null ? undefined : input.reviewNotes.slice(0, MAX_DESCRIPTION),
      });
      return { assessment: assessmentView(updated, 'sender') };
    },
    updateAssessmentStatus: async (_, { input }, ctx) => {
      const { organizationId, row, side } = await assessmentFor(ctx, input, {});
      return { assessment: assessmentView(await moveAssessment(ctx.db.pool, actorOf(ctx, organizationId), side, row.id, input.status), side) };
    },
  },
  Assessment: {
    // Each side's copy has its own id (view-ids.ts); `assessmentId` is the same in both.
    id: (a: AssessmentView) => viewId(a.id, a.view),
    assessmentId: (a: AssessmentView) => a.id,
    elements: async (a: AssessmentView, _: unknown, ctx: Ctx) =>
      (await ctx.loaders.elementsOfVersion.load(`${a.questionnaireId}:${a.questionnaireVersion}`)).map((e) => ({ ...elementView(e, a.view), side: a.view })),
    answers: async (a: AssessmentView, _: unknown, ctx: Ctx) =>
      (await ctx.loaders.answersOfAssessment.load(a.id)).map((row: AnswerRow) => ({ ...answerView(row, a.view), side: a.view })),
  },
} satisfies Resolvers<Ctx>;
