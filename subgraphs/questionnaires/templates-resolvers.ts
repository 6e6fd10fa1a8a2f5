import * as valid from '../../lib/validate';
import { actorOf, type Ctx, ids, optionalId, optionalText } from './requests';
import type { Resolvers } from './resolver-types.generated';
import type { ElementRow, QuestionnaireRow } from './store';
import { createElement, createQuestionnaire, deleteElement, type ElementInput, findQuestionnaire, updateElement, updateQuestionnaire } from './templates';
import { liveAttachmentsOf } from './views';

/** Questionnaire templates and their elements: parse, call templates.ts, answer the row. */

function elementInput(input: ElementInput): ElementInput {
  return {
    ...input,
    after: optionalId(input.after, 'after'),
    before: optionalId(input.before, 'before'),
    attachmentIds: ids(input.attachmentIds, 'attachmentIds'),
  };
}

export const templateResolvers = {
  Query: {
    questionnaires: async (_, args, ctx) => {
      const { organizationId } = args;
      return ctx.db.prisma.questionnaire.findMany({ where: { organizationId, deletedAt: null }, orderBy: { createdAt: 'asc' } });
    },
    questionnaire: async (_, args, ctx) => {
      const { organizationId } = args;
      return findQuestionnaire(ctx.db.pool, organizationId, args.questionnaireId);
    },
  },
  Mutation: {
    createQuestionnaire: async (_, args, ctx) => {
      const { organizationId } = args;
      return createQuestionnaire(ctx.db.pool, actorOf(ctx, organizationId), {
        name: valid.name(args.input.name),
        description: optionalText(args.input.description, 'description') ?? '',
      });
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
    attachments: (e: ElementRow, _: unknown, ctx: Ctx) => liveAttachmentsOf(ctx.loaders, e.attachmentIds),
  },
} satisfies Resolvers<Ctx>;
