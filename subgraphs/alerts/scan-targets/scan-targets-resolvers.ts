/**
 * Scan targets: list (a connection, and the whole list the REST layer reads), read, the OAuth consent
 * links, create, change, delete, check (the service: scan-targets.ts). Who may call each field:
 * permissions.ts.
 */

import { badRequest, notFound } from '../../../lib/errors';
import * as valid from '../../../lib/validate';
import { Visibility } from '../../../lib/visibility';
import { firstOf } from '../../connections';
import { linkBase } from '../../server';
import type { Resolvers } from '../resolver-types.generated';
import { OAUTH_KINDS } from './credentials';
import { afterAscending, createdAtPages } from './pages';
import {
  type Ctx,
  checkScanTarget,
  createScanTarget,
  deleteScanTargets,
  findScanTarget,
  normalizeTags,
  oauthStartUrl,
  parseNewScanTarget,
  requireOAuthKind,
  type ScanTargetRow,
  scannerOf,
  updateScanTarget,
} from './scan-targets';
import { scheduleOfInput, scheduleView } from './schedule';

/** The live scan targets of an organization, oldest first. */
const LIVE_IN_ORDER = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];

export const scanTargetResolvers = {
  Query: {
    scanTargets: async (_, args, ctx) => {
      const { organizationId } = args;
      const first = firstOf(args.first);
      const pages = createdAtPages(ctx.services.secret, ['scanTargets', organizationId]);
      const rows = await ctx.db.prisma.scanTarget.findMany({
        where: { organizationId, deletedAt: null, ...afterAscending(pages.open(args.after)) },
        orderBy: LIVE_IN_ORDER,
        take: first + 1,
      });
      return pages.page(rows, first, args.after);
    },
    scanTarget: async (_, args, ctx) => findScanTarget(ctx.db.prisma, args.organizationId, args.id),
    oauthLink: async (_, args, ctx) => {
      const { organizationId, scanTargetId, scanTargetGroupId } = args;
      if (scanTargetId != null && scanTargetGroupId == null) {
        const target = await findScanTarget(ctx.db.prisma, organizationId, scanTargetId);
        requireOAuthKind(target.kind, OAUTH_KINDS, 'A scan target');
        return oauthStartUrl(linkBase(ctx), target.kind, { organizationId, scanTargetId });
      }
      if (scanTargetGroupId == null || scanTargetId != null) throw badRequest('Give exactly one of scanTargetId and scanTargetGroupId', 'scanTargetId');
      const group = await ctx.db.prisma.scanTargetGroup.findFirst({ where: { id: scanTargetGroupId, organizationId, deletedAt: null } });
      if (!group) throw notFound('Scan target group');
      requireOAuthKind(group.kind, ['BITBUCKET', 'GITLAB'], 'A scan target group');
      return oauthStartUrl(linkBase(ctx), group.kind, { organizationId, scanTargetGroupId });
    },
    gworkspaceOAuthLink: async (_, args, ctx) => {
      const { organizationId, scanTargetId } = args;
      const target = await findScanTarget(ctx.db.prisma, organizationId, scanTargetId);
      requireOAuthKind(target.kind, ['GWORKSPACE'], 'A scan target');
      return oauthStartUrl(linkBase(ctx), target.kind, { organizationId, scanTargetId });
    },
  },
  Mutation: {
    createScanTarget: async (_, { input }, ctx) => ({
      scanTarget: await createScanTarget(ctx.db.prisma, ctx.services.secret, input.organizationId, ctx.policy.userId, parseNewScanTarget(input)),
    }),
    updateScanTarget: async (_, { input }, ctx) => {
      const change = {
        name: valid.optionalName(input.name, 'name'),
        schedule: scheduleOfInput(input),
        tags: normalizeTags(input.tags),
        scanner: scannerOf(input.scanner),
      };
      return { scanTarget: await updateScanTarget(ctx.db.prisma, input.organizationId, input.scanTargetId, ctx.policy.userId, change) };
    },
    deleteScanTarget: async (_, { input }, ctx) => {
      const { organizationId, scanTargetId } = input;
      const deleted = await ctx.db.prisma.$transaction((tx) => deleteScanTargets(tx, organizationId, { id: scanTargetId }, ctx.policy.userId));
      if (deleted.length === 0) throw notFound('Scan target');
      return { deletedId: scanTargetId };
    },
    checkScanTarget: async (_, { input }, ctx) => ({
      scanTarget: await checkScanTarget(ctx.db.prisma, ctx.services.secret, input.organizationId, input.scanTargetId, ctx.policy.userId),
    }),
  },
  ScanTarget: {
    __resolveReference: async (ref: { id: string }, ctx: Ctx) => {
      const row = await ctx.loaders.scanTarget.load(ref.id);
      if (!row) return null;
      const view = await ctx.policy.viewOf(row.organizationId);
      if (!view) return null;
      return Visibility.scanTargetFor(view, row);
    },
    organization: (target: ScanTargetRow) => ({ __typename: 'Organization', id: target.organizationId }),
    credential: (target: ScanTargetRow & { credentialHidden?: boolean }) => (target.credentialHidden ? {} : target.credentialHint),
    schedule: (target: ScanTargetRow) => scheduleView(target.schedule),
    scheduleJson: (target: ScanTargetRow) => target.schedule,
  },
} satisfies Resolvers<Ctx>;
