/**
 * Scan targets: list, read, the OAuth consent links, create, change, delete, check (the service:
 * scan-targets.ts). Who may call each field: permissions.ts.
 */

import { badRequest, notFound } from '../../../lib/errors';
import * as valid from '../../../lib/validate';
import { Visibility } from '../../../lib/visibility';
import { linkBase } from '../../server';
import type { Resolvers } from '../resolver-types.generated';
import { OAUTH_KINDS } from './credentials';
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
  scannerOf,
  updateScanTarget,
} from './scan-targets';
import { parseSchedule } from './schedule';

export const scanTargetResolvers = {
  Query: {
    scanTargets: async (_, args, ctx) => {
      const { organizationId } = args;
      return ctx.db.prisma.scanTarget.findMany({ where: { organizationId, deletedAt: null }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    },
    scanTarget: async (_, args, ctx) => {
      const { organizationId, id } = args;
      return findScanTarget(ctx.db.prisma, organizationId, id);
    },
    oauthLink: async (_, args, ctx) => {
      const { organizationId } = args;
      if ((args.scanTargetId == null) === (args.scanTargetGroupId == null))
        throw badRequest('Give exactly one of scanTargetId and scanTargetGroupId', 'scanTargetId');
      if (args.scanTargetId != null) {
        const scanTargetId = args.scanTargetId;
        const target = await findScanTarget(ctx.db.prisma, organizationId, scanTargetId);
        requireOAuthKind(target.kind, OAUTH_KINDS, 'A scan target');
        return oauthStartUrl(linkBase(ctx), target.kind, { organizationId, scanTargetId });
      }
      const scanTargetGroupId = args.scanTargetGroupId as string;
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
    createScanTarget: async (_, args, ctx) => {
      const { organizationId } = args;
      return createScanTarget(ctx.db.prisma, ctx.services.secret, organizationId, ctx.policy.userId, parseNewScanTarget(args.input));
    },
    updateScanTarget: async (_, args, ctx) => {
      const { organizationId, id } = args;
      const change = {
        name: valid.optionalName(args.input.name, 'name'),
        schedule: args.input.schedule === null || args.input.schedule === undefined ? undefined : parseSchedule(args.input.schedule),
        tags: normalizeTags(args.input.tags),
        scanner: scannerOf(args.input.scanner),
      };
      return updateScanTarget(ctx.db.prisma, organizationId, id, ctx.policy.userId, change);
    },
    deleteScanTarget: async (_, args, ctx) => {
      const { organizationId, id } = args;
      const deleted = await ctx.db.prisma.$transaction((tx) => deleteScanTargets(tx, organizationId, { id }, ctx.policy.userId));
      if (deleted === 0) throw notFound('Scan target');
      return true;
    },
    checkScanTarget: async (_, args, ctx) => {
      const { organizationId, id } = args;
      return checkScanTarget(ctx.db.prisma, ctx.services.secret, organizationId, id, ctx.policy.userId);
    },
  },
  ScanTarget: {
    __resolveReference: async (ref: { id: string }, ctx: Ctx) => {
      const row = await ctx.loaders.scanTarget.load(ref.id);
      if (!row) return null;
      const view = await ctx.policy.viewOf(row.organizationId);
      if (!view) return null;
      return Visibility.scanTargetFor(view, row);
    },
    organization: (target: { organizationId: string }) => ({ __typename: 'Organization', id: target.organizationId }),
    credential: (target: { credentialHint: unknown; credentialHidden?: boolean }) => (target.credentialHidden ? {} : target.credentialHint),
  },
} satisfies Resolvers<Ctx>;
