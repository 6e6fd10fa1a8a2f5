/**
 * Scan target groups (an Oracle tenancy, a GitLab or Bitbucket workspace): list, read, compartments and
 * the Terraform script, create, change, delete, credentials, targets from compartments (the service:
 * scan-target-groups.ts). Who may call each field: permissions.ts.
 */
import { badRequest } from '../../../lib/errors';
import * as valid from '../../../lib/validate';
import { linkBase } from '../../server';
import type { Resolvers } from '../resolver-types.generated';
import { normalizeOracleGroupCredential } from './credentials';
import { oracleTerraformScript } from './oracle-terraform';
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
import { parseSchedule } from './schedule';

export const scanTargetGroupResolvers = {
  Query: {
    scanTargetGroups: async (_, args, ctx) => {
      const { organizationId } = args;
      return ctx.db.prisma.scanTargetGroup.findMany({ where: { organizationId, deletedAt: null }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    },
    scanTargetGroup: async (_, args, ctx) => {
      const { organizationId, id } = args;
      return findGroup(ctx.db.prisma, organizationId, id);
    },
    scanTargetGroupCompartments: async (_, args, ctx) => {
      const { organizationId, id } = args;
      return hintOf(await findGroup(ctx.db.prisma, organizationId, id)).compartments;
    },
    scanTargetGroupScript: async (_, args, ctx) => {
      const { organizationId, id } = args;
      const group = await findGroup(ctx.db.prisma, organizationId, id);
      if (group.kind !== 'ORACLE') throw badRequest(`Only ORACLE groups have a Terraform script (this group is ${group.kind})`, 'kind');
      return { url: `${linkBase(ctx)}/organizations/${organizationId}/scantargetgroups/${id}/scripts/vigil-oracle.tf` };
    },
    scanTargetGroupTerraform: async (_, args, ctx) => {
      const { organizationId, id } = args;
      const group = await findGroup(ctx.db.prisma, organizationId, id);
      if (group.kind !== 'ORACLE') throw badRequest(`Only ORACLE groups have a Terraform script (this group is ${group.kind})`, 'kind');
      const hint = hintOf(group);
      return oracleTerraformScript({ groupName: group.name, credential: hint.credential, compartments: hint.compartments });
    },
  },
  Mutation: {
    createScanTargetGroup: async (_, args, ctx) => {
      const { organizationId } = args;
      const name = valid.name(args.input.name, 'name');
      const kind = valid.oneOf(args.input.kind, SCAN_TARGET_GROUP_KINDS, 'kind');
      return ctx.db.prisma.scanTargetGroup.create({ data: { organizationId, name, kind, credentialHint: { credential: {}, compartments: [] } } });
    },
    updateScanTargetGroup: async (_, args, ctx) => {
      const { organizationId, id } = args;
      const name = valid.name(args.name, 'name');
      await findGroup(ctx.db.prisma, organizationId, id);
      return ctx.db.prisma.scanTargetGroup.update({ where: { id }, data: { name } });
    },
    deleteScanTargetGroup: async (_, args, ctx) => {
      const { organizationId, id } = args;
      await deleteGroup(ctx.db.prisma, organizationId, id, ctx.policy.userId);
      return true;
    },
    insertScanTargetGroupCredential: async (_, args, ctx) => {
      const { organizationId, id } = args;
      const credential = normalizeOracleGroupCredential(args.credential);
      return insertGroupCredential(ctx.db.prisma, ctx.services.secret, organizationId, id, credential);
    },
    createScanTargetsFromCompartments: async (_, args, ctx) => {
      const { organizationId, id } = args;
      const input = {
        compartments: parseCompartments(args.input.compartments),
        schedule: parseSchedule(args.input.schedule),
        tags: normalizeTags(args.input.tags) ?? [],
      };
      return createTargetsFromCompartments(ctx.db.prisma, ctx.services.secret, organizationId, id, ctx.policy.userId, input);
    },
  },
  ScanTargetGroup: {
    organization: (group: GroupRow) => ({ __typename: 'Organization', id: group.organizationId }),
    credential: (group: GroupRow) => hintOf(group).credential,
    scanTargets: (group: GroupRow, _: unknown, ctx: Ctx) => ctx.loaders.groupTargets.load(group.id),
  },
} satisfies Resolvers<Ctx>;
