import { connection } from '../connections';
import { createComment, listComments } from './comments';
import { actorOf, assessmentFor, type Ctx, optionalQuestionId, pageOf, questionFor } from './requests';
import type { Resolvers } from './resolver-types.generated';
import { type assessmentView, commentView, liveAttachmentsOf } from './views';

/** Comments on an assessment, by either side, optionally on one question (comments.ts). */
export const commentResolvers = {
  Mutation: {
    createAssessmentComment: async (_, { input }, ctx) => {
      const { organizationId, row, side } = await assessmentFor(ctx, input, {});
      const questionId = input.questionId == null ? input.questionId : questionFor(input.questionId, side);
      const comment = { content: input.content, questionId, attachmentIds: input.attachmentIds };
      return { comment: commentView(await createComment(ctx.db.pool, actorOf(ctx, organizationId), row.id, comment)) };
    },
  },
  AssessmentComment: {
    attachments: (c: { attachmentIds: string[] }, _, ctx) => liveAttachmentsOf(ctx.loaders, c.attachmentIds),
  },
  Assessment: {
    comments: async (a: ReturnType<typeof assessmentView>, args, ctx) => {
      const questionId = optionalQuestionId(args.questionId, a.view);
      const { first, page, cursorOf } = pageOf(ctx, ['assessmentComments', a.id, questionId ?? 'ALL'], args);
      return connection((await listComments(ctx.db.pool, a.id, questionId, page)).map(commentView), first, args.after, cursorOf);
    },
  },
} satisfies Resolvers<Ctx>;
