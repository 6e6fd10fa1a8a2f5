import { enqueue } from '../../lib/jobs/queue';
import type { SubgraphContext } from '../server';
import { attachmentView, limitsOf, readableAttachment } from './attachments';
import { type DocumentRow, EXPORT_JOB_OPTIONS, ownDocument, requireAssessmentParty } from './documents';
import { checkExportRequest, EXPORT_FORMATS } from './export-types';
import type { Resolvers } from './resolver-types.generated';

type Ctx = SubgraphContext;

/** Exports: a user's documents, requested per organization, built by the export.build job (workers/). */
export const documentResolvers = {
  Query: {
    documents: async (_, __, ctx) => {
      const { rows } = await ctx.db.pool.query<DocumentRow>(
        `SELECT * FROM documents.documents WHERE "userId" = $1 AND "expiresAt" > now() ORDER BY "createdAt" DESC, id DESC LIMIT 1000`,
        [ctx.policy.userId],
      );
      return rows;
    },
    document: (_, args, ctx) => ownDocument(ctx, args.id),
  },
  Mutation: {
    createDocument: async (_, args, ctx) => {
      const { organizationId } = args;
      const request = checkExportRequest(args.type, args.params);
      // Members or followers (permissions.ts), narrowed per type (export-types.ts) to members: a follower
      // gets the not-found of a missing id.
      if (EXPORT_FORMATS[request.type].access === 'member') await ctx.policy.requireMember(organizationId);
      if (request.type === 'QUESTIONNAIRE_REPORT')
        await requireAssessmentParty(ctx, organizationId, (request.params.filter as { assessmentId: string }).assessmentId);
      const days = limitsOf(ctx).documentTtlDays;
      const { rows } = await ctx.db.pool.query<DocumentRow>(
        `INSERT INTO documents.documents (id, "userId", "organizationId", type, params, "expiresAt")
         VALUES (gen_random_uuid(), $1, $2, $3, $4::jsonb, now() + $5::int * interval '1 day') RETURNING *`,
        [ctx.policy.userId, organizationId, request.type, JSON.stringify(request.params), days],
      );
      // A document whose job never runs (enqueue failed, job FAILED on a lost lease) is failed by documents.expire.
      await enqueue(ctx.db, 'export.build', { documentId: rows[0].id }, { ...EXPORT_JOB_OPTIONS, singletonKey: rows[0].id });
      return rows[0];
    },
    deleteDocument: async (_, args, ctx) => {
      const document = await ownDocument(ctx, args.id);
      // The file goes with the next documents.expire pass (bytes first, then the row).
      await ctx.db.pool.query(`UPDATE documents.attachments SET "expiresAt" = now() WHERE id = $1 AND "userId" = $2`, [
        document.attachmentId,
        ctx.policy.userId,
      ]);
      await ctx.db.pool.query(`DELETE FROM documents.documents WHERE id = $1`, [document.id]);
      return true;
    },
  },
  Document: {
    attachment: async (document: DocumentRow, _: unknown, ctx: Ctx) =>
      document.attachmentId ? attachmentView(ctx, await readableAttachment(ctx, document.attachmentId), 'download') : null,
  },
} satisfies Resolvers<Ctx>;
