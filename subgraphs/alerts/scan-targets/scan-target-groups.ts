import type { PrismaClient, Tx } from '../../../lib/db';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import * as valid from '../../../lib/validate';
import type { SubgraphContext } from '../../server';
import type { AlertsLoaders } from '../loaders';
import { type Credential, decryptCredential, encryptCredential, ORACLE_COMPARTMENT, oracleGroupCredentialHint } from './credentials';
import { deleteScanTargets, insertScanTarget, type ScanTargetRow } from './scan-targets';
import type { parseSchedule } from './schedule';

export type Ctx = SubgraphContext<AlertsLoaders>;

export const SCAN_TARGET_GROUP_KINDS = ['ORACLE', 'BITBUCKET', 'GITLAB'] as const;

export type Compartment = { name: string; ocid: string };

/**
 * A group's `credentialHint` column holds `{credential: <masked view>, compartments: [{name, ocid}]}`:
 * the masked credential and the compartments known for the group, with no column of their own.
 */
type GroupHint = { credential: Credential; compartments: Compartment[] };

export interface GroupRow {
  id: string;
  organizationId: string;
  name: string;
  kind: string;
  credentialEncrypted: string | null;
  credentialHint: unknown;
  createdAt: Date;
  updatedAt: Date;
}

export function hintOf(row: Pick<GroupRow, 'credentialHint'>): GroupHint {
  const raw = (row.credentialHint ?? {}) as Partial<GroupHint>;
  return { credential: raw.credential ?? {}, compartments: Array.isArray(raw.compartments) ? raw.compartments : [] };
}

export async function findGroup(prisma: PrismaClient | Tx, organizationId: string, id: string): Promise<GroupRow> {
  const row = await prisma.scanTargetGroup.findFirst({ where: { id, organizationId, deletedAt: null } });
  if (!row) throw notFound('Scan target group');
  return row;
}

export function parseCompartments(input: readonly { name: string; ocid: string }[]): Compartment[] {
  if (input.length === 0) throw badRequest('compartments: give at least one {name, ocid}', 'compartments');
  if (input.length > 100) throw badRequest('compartments: at most 100 per call', 'compartments');
  const seen = new Set<string>();
  return input.map((c, i) => {
    const field = `compartments[${i}]`;
    const ocid = ORACLE_COMPARTMENT.normalize(c.ocid);
    if (typeof ocid !== 'string') throw badRequest(`${field}.ocid: ${ORACLE_COMPARTMENT.message}`, `${field}.ocid`);
    if (seen.has(ocid)) throw badRequest(`${field}.ocid: ${ocid} is given twice`, `${field}.ocid`);
    seen.add(ocid);
    return { name: valid.name(c.name, `${field}.name`), ocid };
  });
}

/** One ORACLE scan target per compartment, carrying the group credential; the compartments become known. */
export async function createTargetsFromCompartments(
  db: PrismaClient,
  secret: string,
  organizationId: string,
  groupId: string,
  userId: string,
  input: { compartments: Compartment[]; schedule: ReturnType<typeof parseSchedule>; tags: string[] },
): Promise<ScanTargetRow[]> {
  return db.$transaction(async (tx) => {
    // Serializes concurrent calls for one group, so the duplicate check below holds.
    await tx.$executeRaw`SELECT 1 FROM alerts.scan_target_groups WHERE id = ${groupId}::uuid FOR UPDATE`;
    const group = await findGroup(tx, organizationId, groupId);
    if (group.kind !== 'ORACLE') throw badRequest(`Only ORACLE groups create scan targets from compartments (this group is ${group.kind})`, 'kind');
    const groupCredential = group.credentialEncrypted ? decryptCredential(secret, organizationId, group.credentialEncrypted) : null;
    if (!groupCredential) throw badRequest('Insert the group credential (POST on the group) before creating scan targets from compartments', 'credential');
    const existing = await tx.scanTarget.findMany({ where: { groupId, deletedAt: null }, select: { credentialHint: true } });
    const taken = new Set(existing.map((t) => (t.credentialHint as Credential | null)?.compartment_id));
    for (const c of input.compartments) {
      if (taken.has(c.ocid)) throw conflict(`The group already has a scan target for compartment ${c.ocid}`);
    }
    const created: ScanTargetRow[] = [];
    for (const c of input.compartments) {
      const credential = { compartment_id: c.ocid, ...groupCredential };
      created.push(
        await insertScanTarget(tx, secret, organizationId, userId, {
          name: c.name,
          kind: 'ORACLE',
          credential,
          schedule: input.schedule,
          tags: input.tags,
          groupId,
        }),
      );
    }
    const hint = hintOf(group);
    const known = new Map(hint.compartments.map((c) => [c.ocid, c]));
    for (const c of input.compartments) known.set(c.ocid, c);
    await tx.scanTargetGroup.update({ where: { id: groupId }, data: { credentialHint: { ...hint, compartments: [...known.values()] } } });
    return created;
  });
}

export async function insertGroupCredential(db: PrismaClient, secret: string, organizationId: string, id: string, credential: Credential) {
  const group = await findGroup(db, organizationId, id);
  if (group.kind !== 'ORACLE') throw badRequest(`Only ORACLE groups take a credential (${group.kind} groups are linked through OAuth)`, 'kind');
  const hint = hintOf(group);
  const tenancy = String(credential.tenancy_id);
  // The tenancy OCID is the root compartment; compartments of another tenancy are forgotten.
  const compartments = [{ name: 'root', ocid: tenancy }, ...hint.compartments.filter((c) => c.ocid !== tenancy && hint.credential.tenancy_id === tenancy)];
  return db.scanTargetGroup.update({
    where: { id },
    data: {
      credentialEncrypted: encryptCredential(secret, organizationId, credential),
      credentialHint: { credential: oracleGroupCredentialHint(credential), compartments },
    },
  });
}

/** Soft-deletes the group and its scan targets; answers the deleted targets' ids. */
export async function deleteGroup(db: PrismaClient, organizationId: string, id: string, userId: string): Promise<string[]> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.scanTargetGroup.updateMany({ where: { id, organizationId, deletedAt: null }, data: { deletedAt: new Date() } });
    if (count === 0) throw notFound('Scan target group');
    return deleteScanTargets(tx, organizationId, { groupId: id }, userId);
  });
}
