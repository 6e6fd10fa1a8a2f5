import { answerQuestion, reviewAnswer } from './answers';
import { actorOf, assessmentFor, type Ctx, ids } from './requests';
import type { Resolvers } from './resolver-types.generated';
import { answerView, liveAttachmentsOf } from './views';

/** Answers: the receiver answers a question, the sender reviews it (answers.ts). */
export const answerResolvers = {
  Mutation: {
    answerQuestion: async (_, args, ctx) => {
      const { organizationId, row } = await assessmentFor(ctx, args, { side: 'receiver' });
      const input = { ...args.input, attachmentIds: ids(args.input.attachmentIds, 'attachmentIds') };
      return answerView(await answerQuestion(ctx.db.pool, actorOf(ctx, organizationId), row.id, args.questionId, input), 'receiver');
    },
    reviewAnswer: async (_, args, ctx) => {
      const { organizationId, row } = await assessmentFor(ctx, args, { side: 'sender' });
      return answerView(await reviewAnswer(ctx.db.pool, actorOf(ctx, organizationId), row.id, args.questionId, args.input), 'sender');
    },
  },
  Answer: {
    id: (answer: { assessmentId: string; questionId: string }) => `${answer.assessmentId}:${answer.questionId}`,
  },
  AnswerContentEntry: {
    attachments: (entry: { attachmentIds: string[] }, _, ctx) => liveAttachmentsOf(ctx.loaders, entry.attachmentIds),
  },
} satisfies Resolvers<Ctx>;
