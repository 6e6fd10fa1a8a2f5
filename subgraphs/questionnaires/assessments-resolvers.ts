import { badRequest } from '../../lib/errors';
import * as valid from '../../lib/validate';
import { contactInformation, createAssessment, listAssessments, moveAssessment, updateAssessment } from './assessments';
import { actorOf, assessmentFor, type Ctx, MAX_DESCRIPTION, optionalText } from './requests';
import type { Resolvers } from './resolver-types.generated';
import type { AnswerRow } from './store';
import { answerView, assessmentView, elementView } from './views';

/** Assessments (a questionnaire sent to another organization): parse, call assessments.ts, answer the side's view. */

type AssessmentView = ReturnType<typeof assessmentView>;

function dueDate(value: unknown): Date {
  if (!(value instanceof Date)) throw badRequest('dueDate must be a date-time', 'dueDate');
  return value;
}

/** AssessmentSide's internal values are the side names the views use (lib/visibility.ts). */
export const assessmentSide = { SENDER: 'sender', RECEIVER: 'receiver' };

export const assessmentResolvers = {
  Query: {
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
  },
  Assessment: {
    elements: async (a: AssessmentView, _: unknown, ctx: Ctx) =>
      (await ctx.loaders.elementsOfVersion.load(`${a.questionnaireId}:${a.questionnaireVersion}`)).map((e) => elementView(e, a.view)),
    answers: async (a: AssessmentView, _: unknown, ctx: Ctx) =>
      (await ctx.loaders.answersOfAssessment.load(a.id)).map((row: AnswerRow) => answerView(row, a.view)),
  },
} satisfies Resolvers<Ctx>;
