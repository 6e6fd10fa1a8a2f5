import * as valid from '../../lib/validate';
import type { AssessmentSide } from '../../lib/visibility';
import { connection } from '../connections';
import { actorOf, type Ctx, optionalText, pageOf } from './requests';
import type { Resolvers } from './resolver-types.generated';
import type { ElementRow, QuestionnaireRow } from './store';
import { createElement, createQuestionnaire, deleteElement, findQuestionnaire, listQuestionnaires, updateElement, updateQuestionnaire } from './templates';
import { viewId } from './view-ids';
import { liveAttachmentsOf } from './views';

/** Questionnaire templates and their elements: parse, call templates.ts, answer the row. */

/** An element mutation's payload: the element, and its template read when a client asks for it. */
const elementChanged = (element: ElementRow) => ({ element });

/** The template of a changed element, as it is after the change (its current version and elements). */
const questionnaireOf = (payload: { element: ElementRow }, _: unknown, ctx: Ctx) =>
  findQuestionnaire(ctx.db.pool, payload.element.organizationId, payload.element.questionnaireId);

export const templateResolvers = {
  Query: {
    questionnaires: async (_, args, ctx) => {
      const { first, page, cursorOf } = pageOf(ctx, ['questionnaires', args.organizationId], args);
      return connection(await listQuestionnaires(ctx.db.pool, args.organizationId, page), first, args.after, cursorOf);
    },
    questionnaire: async (_, args, ctx) => {
      const { organizationId } = args;
      return findQuestionnaire(ctx.db.pool, organizationId, args.questionnaireId);
    },
  },
  Mutation: {
    createQuestionnaire: async (_, { input }, ctx) => {
      const questionnaire = await createQuestionnaire(ctx.db.pool, actorOf(ctx, input.organizationId), {
        name: valid.name(input.name),
        description: optionalText(input.description, 'description') ?? '',
      });
      return { questionnaire };
    },
    updateQuestionnaire: async (_, { input }, ctx) => {
      const changes = { name: valid.optionalName(input.name), description: optionalText(input.description, 'description') };
      return { questionnaire: await updateQuestionnaire(ctx.db.pool, actorOf(ctx, input.organizationId), input.questionnaireId, changes) };
    },
    createQuestionnaireElement: async (_, { input }, ctx) => {
      const { organizationId, questionnaireId, ...element } = input;
      return elementChanged(await createElement(ctx.db.pool, actorOf(ctx, organizationId), questionnaireId, element));
    },
    updateQuestionnaireElement: async (_, { input }, ctx) => {
      const changes = { props: input.props, attachmentIds: input.attachmentIds };
      return elementChanged(await updateElement(ctx.db.pool, actorOf(ctx, input.organizationId), input.questionnaireId, input.elementId, changes));
    },
    deleteQuestionnaireElement: async (_, { input }, ctx) => {
      const element = await deleteElement(ctx.db.pool, actorOf(ctx, input.organizationId), input.questionnaireId, input.elementId);
      return { ...elementChanged(element), deletedId: element.id };
    },
  },
  CreateQuestionnaireElementPayload: { questionnaire: questionnaireOf },
  UpdateQuestionnaireElementPayload: { questionnaire: questionnaireOf },
  DeleteQuestionnaireElementPayload: { questionnaire: questionnaireOf },
  Questionnaire: {
    __resolveReference: async (ref: { id: string }, ctx: Ctx) => {
      const row = await ctx.db.prisma.questionnaire.findFirst({ where: { id: ref.id, deletedAt: null } });
      // Members only, like the `questionnaires` list: following an organization does not show its questionnaires.
      return row && (await ctx.policy.isMember(row.organizationId)) ? row : null;
    },
    elements: (q: QuestionnaireRow, _: unknown, ctx: Ctx) => ctx.loaders.elementsOfVersion.load(`${q.id}:${q.version}`),
  },
  Element: {
    // The receiver's copy (expected choices hidden) has its own id (view-ids.ts); `elementId` is the same in both.
    id: (e: ElementRow & { side?: AssessmentSide }) => viewId(e.id, e.side ?? 'sender'),
    elementId: (e: ElementRow) => e.id,
    attachments: (e: ElementRow, _: unknown, ctx: Ctx) => liveAttachmentsOf(ctx.loaders, e.attachmentIds),
  },
} satisfies Resolvers<Ctx>;
