/**
 * Scan target groups (an Oracle tenancy, a GitLab or Bitbucket workspace): list (a connection, and the
 * whole list the REST layer reads), read, compartments and the Terraform script, create, rename,
 * delete, credentials, targets from compartments (the service: scan-target-groups.ts). Who may call
 * each field: permissions.ts.
 */
import { badRequest } from '../../../lib/errors';
import * as valid from '../../../lib/validate';
import { firstOf } from '../../connections';
import { linkBase } from '../../server';
import type { Resolvers } from '../resolver-types.generated';
import { normalizeOracleGroupCredential } from './credentials';
import { oracleTerraformScript } from './oracle-terraform';
import { afterAscending, createdAtPages, isAfterAscending } from './pages';
import {
  type Ctx,
  createTargetsFromCompartments,
  deleteGroup,
  findGroup,
  type GroupRow,
  hintOf,
  insertGroupCredential,
  parseCompartments,
  SCAN_TARGET_GROUP_KINDS,
} from './scan-target-groups';
import { normalizeTags } from './scan-targets';
import { DEFAULT_SCHEDULE, scheduleOfInput } from './schedule';

const IN_ORDER = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];

/** An ORACLE group of the organization, or BAD_REQUEST naming its kind (only those have a Terraform script). */
async function oracleGroup(ctx: Ctx, organizationId: string, id: string): Promise<GroupRow> {
  const group = await findGroup(ctx.db.prisma, organizationId, id);
  if (group.kind !== 'ORACLE') throw badRequest(`Only ORACLE groups have a Terraform script (this group is ${group.kind})`, 'kind');
  return group;
}

export const scanTargetGroupResolvers = {
  Query: {
    scanTargetGroups: async (_, args, ctx) => {
      const { organizationId } = args;
      const first = firstOf(args.first);
      const pages = createdAtPages(ctx.services.secret, ['scanTargetGroups', organizationId]);
      const rows = await ctx.db.prisma.scanTargetGroup.findMany({
        where: { organizationId, deletedAt: null, ...afterAscending(pages.open(args.after)) },
        orderBy: IN_ORDER,
        take: first + 1,
      });
      return pages.page(rows, first, args.after);
    },
    scanTargetGroup: async (_, args, ctx) => findGroup(ctx.db.prisma, args.organizationId, args.id),
    scanTargetGroupCompartments: async (_, args, ctx) => hintOf(await findGroup(ctx.db.prisma, args.organizationId, args.id)).compartments,
    scanTargetGroupScript: async (_, args, ctx) => {
      const { organizationId, id } = args;
      await oracleGroup(ctx, organizationId, id);
      return { url: `${linkBase(ctx)}/organizations/${organizationId}/scantargetgroups/${id}/scripts/vigil-oracle.tf` };
    },
    scanTargetGroupTerraform: async (_, args, ctx) => {
      const group = await oracleGroup(ctx, args.organizationId, args.id);
      const hint = hintOf(group);
      return oracleTerraformScript({ groupName: group.name, credential: hint.credential, compartments: hint.compartments });
    },
  },
  Mutation: {
    createScanTargetGroup: async (_, { input }, ctx) => {
      const name = valid.name(input.name, 'name');
      const kind = valid.oneOf(input.kind, SCAN_TARGET_GROUP_KINDS, 'kind');
      const data = { organizationId: input.organizationId, name, kind, credentialHint: { credential: {}, compartments: [] } };
      return { scanTargetGroup: await ctx.db.prisma.scanTargetGroup.create({ data }) };
    },
    updateScanTargetGroup: async (_, { input }, ctx) => {
      const name = valid.name(input.name, 'name');
      await findGroup(ctx.db.prisma, input.organizationId, input.scanTargetGroupId);
      return { scanTargetGroup: await ctx.db.prisma.scanTargetGroup.update({ where: { id: input.scanTargetGroupId }, data: { name } }) };
    },
    deleteScanTargetGroup: async (_, { input }, ctx) => {
      const deletedScanTargetIds = await deleteGroup(ctx.db.prisma, input.organizationId, input.scanTargetGroupId, ctx.policy.userId);
      return { deletedId: input.scanTargetGroupId, deletedScanTargetIds };
    },
    insertScanTargetGroupCredential: async (_, { input }, ctx) => {
      const credential = normalizeOracleGroupCredential(input.credential);
      const group = await insertGroupCredential(ctx.db.prisma, ctx.services.secret, input.organizationId, input.scanTargetGroupId, credential);
      return { scanTargetGroup: group };
    },
    createScanTargetsFromCompartments: async (_, { input }, ctx) => {
      const parsed = {
        compartments: parseCompartments(input.compartments),
        schedule: scheduleOfInput(input) ?? DEFAULT_SCHEDULE,
        tags: normalizeTags(input.tags) ?? [],
      };
      const { organizationId, scanTargetGroupId } = input;
      return {
        scanTargets: await createTargetsFromCompartments(ctx.db.prisma, ctx.services.secret, organizationId, scanTargetGroupId, ctx.policy.userId, parsed),
      };
    },
  },
  ScanTargetGroup: {
    organization: (group: GroupRow) => ({ __typename: 'Organization', id: group.organizationId }),
    credential: (group: GroupRow) => hintOf(group).credential,
    scanTargets: async (group: GroupRow, args, ctx: Ctx) => {
      const first = firstOf(args.first);
      const pages = createdAtPages(ctx.services.secret, ['groupScanTargets', group.id]);
      const after = pages.open(args.after);
      // The loader reads every group's targets of the request in one query; the page is cut here.
      const rows = (await ctx.loaders.groupTargets.load(group.id)).filter((row) => isAfterAscending(row, after)).slice(0, first + 1);
      return pages.page(rows, first, args.after);
    },
  },
} satisfies Resolvers<Ctx>;
