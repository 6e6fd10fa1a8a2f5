import { createComment, listComments } from './comments';
import { actorOf, assessmentFor, type Ctx, ids, optionalId } from './requests';
import type { Resolvers } from './resolver-types.generated';
import type { CommentRow } from './store';
import { type assessmentView, commentView, liveAttachmentsOf } from './views';

/** Comments on an assessment, by either side, optionally on one question (comments.ts). */
export const commentResolvers = {
  Mutation: {
    createAssessmentComment: async (_, args, ctx) => {
      const { organizationId, row } = await assessmentFor(ctx, args, {});
      const input = {
        content: args.input.content,
        questionId: optionalId(args.input.questionId, 'questionId'),
        attachmentIds: ids(args.input.attachmentIds, 'attachmentIds'),
      };
      return commentView(await createComment(ctx.db.pool, actorOf(ctx, organizationId), row.id, input));
    },
  },
  AssessmentComment: {
    attachments: (c: { attachmentIds: string[] }, _, ctx) => liveAttachmentsOf(ctx.loaders, c.attachmentIds),
  },
  Assessment: {
    comments: async (a: ReturnType<typeof assessmentView>, args, ctx) =>
      (await listComments(ctx.db.pool, a.id, optionalId(args.questionId, 'questionId'))).map((c: CommentRow) => commentView(c)),
  },
} satisfies Resolvers<Ctx>;
