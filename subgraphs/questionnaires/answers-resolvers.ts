import type { AssessmentSide } from '../../lib/visibility';
import { answerQuestion, reviewAnswer } from './answers';
import { actorOf, assessmentFor, type Ctx, questionFor } from './requests';
import type { Resolvers } from './resolver-types.generated';
import { findAssessment } from './store';
import { viewId } from './view-ids';
import { answerView, assessmentView, liveAttachmentsOf } from './views';

/** Answers: the receiver answers a question, the sender reviews it (answers.ts). */

/** The assessment of a changed answer as it is after the change (its grade), as the side that changed it reads it. */
async function assessmentOfAnswer(payload: { answer: { assessmentId: string }; side: AssessmentSide }, _: unknown, ctx: Ctx) {
  const row = await findAssessment(ctx.db.pool, payload.answer.assessmentId);
  return row && assessmentView(row, payload.side);
}
export const answerResolvers = {
  Mutation: {
    answerQuestion: async (_, { input }, ctx) => {
      const { organizationId, assessmentId: _assessmentId, questionId, ...answer } = input;
      const { row } = await assessmentFor(ctx, input, { side: 'receiver' });
      const given = await answerQuestion(ctx.db.pool, actorOf(ctx, organizationId), row.id, questionFor(questionId, 'receiver'), answer);
      return { answer: { ...answerView(given, 'receiver'), side: 'receiver' as const }, side: 'receiver' as const };
    },
    reviewAnswer: async (_, { input }, ctx) => {
      const { row } = await assessmentFor(ctx, input, { side: 'sender' });
      const reviewed = await reviewAnswer(ctx.db.pool, actorOf(ctx, input.organizationId), row.id, questionFor(input.questionId, 'sender'), input);
      return { answer: { ...answerView(reviewed, 'sender'), side: 'sender' as const }, side: 'sender' as const };
    },
  },
  AnswerQuestionPayload: { assessment: assessmentOfAnswer },
  ReviewAnswerPayload: { assessment: assessmentOfAnswer },
  Answer: {
    // `<assessmentId>:<questionId>`; the receiver's copy (no grade) `received:<assessmentId>:<questionId>` (view-ids.ts).
    id: (answer: { assessmentId: string; questionId: string; side?: AssessmentSide }) =>
      viewId(`${answer.assessmentId}:${answer.questionId}`, answer.side ?? 'sender'),
  },
  AnswerContentEntry: {
    attachments: (entry: { attachmentIds: string[] }, _, ctx) => liveAttachmentsOf(ctx.loaders, entry.attachmentIds),
  },
} satisfies Resolvers<Ctx>;
