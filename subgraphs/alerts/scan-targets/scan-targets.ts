import type { PrismaClient, Tx } from '../../../lib/db';
import { badRequest, notFound } from '../../../lib/errors';
import { EVENT, EVENT_SOURCES, type EventName, recordEvent } from '../../../lib/events';
import * as valid from '../../../lib/validate';
import type { ScanTargetKind } from '../../../lib/vocabulary';
import type { SubgraphContext } from '../../server';
import { iso } from '../alert-record';
import type { AlertsLoaders } from '../loaders';
import { type Credential, credentialHint, decryptCredential, encryptCredential, isScanTargetKind, normalizeCredential } from './credentials';
import { DEFAULT_SCHEDULE, nextScanAt, type ScanSchedule, scheduleOfInput } from './schedule';

export type Ctx = SubgraphContext<AlertsLoaders>;

export const SCAN_TARGET_SOURCE = EVENT_SOURCES.scanTarget;

/** A row of alerts.scan_targets, as the Prisma client reads it (prisma/schema.prisma defines the columns). */
export type ScanTargetRow = Awaited<ReturnType<PrismaClient['scanTarget']['findFirstOrThrow']>>;

/**
 * What clients and event payloads see of a scan target, written once: each field, the column it reads
 * (never the encrypted credential), and how SQL spells it as JSON. `scanTargetView` (rows in
 * TypeScript) and `scanTargetJsonSql` (rows in a set-based statement) both derive from it.
 */
const SCAN_TARGET_VIEW = {
  id: { column: 'id' },
  organizationId: { column: 'organizationId' },
  groupId: { column: 'groupId' },
  name: { column: 'name' },
  kind: { column: 'kind' },
  credential: { column: 'credentialHint' },
  schedule: { column: 'schedule' },
  tags: { column: 'tags', sql: 'array' },
  status: { column: 'status' },
  scanner: { column: 'scanner' },
  lastScanAt: { column: 'lastScanAt', sql: 'time' },
  nextScanAt: { column: 'nextScanAt', sql: 'time' },
  createdAt: { column: 'createdAt', sql: 'time' },
  updatedAt: { column: 'updatedAt', sql: 'time' },
} as const satisfies Record<string, { column: keyof ScanTargetRow; sql?: 'array' | 'time' }>;

type ViewField = keyof typeof SCAN_TARGET_VIEW;
export type ScanTargetView = { [F in ViewField]: ScanTargetRow[(typeof SCAN_TARGET_VIEW)[F]['column']] };

const VIEW_FIELDS = Object.entries(SCAN_TARGET_VIEW) as Array<[ViewField, { column: keyof ScanTargetRow; sql?: 'array' | 'time' }]>;

/** What clients (and event payloads) see of a scan target: never the encrypted column. */
export function scanTargetView(row: ScanTargetRow): ScanTargetView {
  return Object.fromEntries(VIEW_FIELDS.map(([field, { column }]) => [field, row[column]])) as ScanTargetView;
}

/** The same view built by the database from row alias `t` of alerts.scan_targets, timestamps in the API's ISO form. */
export function scanTargetJsonSql(t: string): string {
  const value = (column: string, sql?: 'array' | 'time') =>
    sql === 'time' ? iso(`${t}."${column}"`) : sql === 'array' ? `to_jsonb(coalesce(${t}."${column}", '{}'))` : `${t}."${column}"`;
  return `jsonb_build_object(${VIEW_FIELDS.map(([field, { column, sql }]) => `'${field}', ${value(column, sql)}`).join(', ')})`;
}

const MAX_TAGS = 50;

/** Tags: trimmed, non-empty, at most 100 characters, duplicates dropped, at most 50. */
export function normalizeTags(tags: readonly unknown[] | null | undefined, field = 'tags'): string[] | undefined {
  if (tags === null || tags === undefined) return undefined;
  const out: string[] = [];
  for (const tag of tags) {
    if (typeof tag !== 'string' || tag.trim() === '' || tag.trim().length > 100)
      throw badRequest(`${field}: each tag must be a non-empty string of at most 100 characters`, field);
    if (!out.includes(tag.trim())) out.push(tag.trim());
  }
  if (out.length > MAX_TAGS) throw badRequest(`${field}: at most ${MAX_TAGS} tags`, field);
  return out;
}

/** The caller's organization's live scan target, or NOT_FOUND. */
export async function findScanTarget(prisma: PrismaClient | Tx, organizationId: string, id: string): Promise<ScanTargetRow> {
  const row = await prisma.scanTarget.findFirst({ where: { id, organizationId, deletedAt: null } });
  if (!row) throw notFound('Scan target');
  return row;
}

async function recordScanTargetEvent(tx: Tx, name: EventName, row: ScanTargetRow, userId: string) {
  await recordEvent(tx, { organizationId: row.organizationId, name, source: SCAN_TARGET_SOURCE, data: scanTargetView(row), metadata: { userId } });
}

export interface NewScanTarget {
  name: string;
  kind: ScanTargetKind;
  credential: Credential;
  schedule: ScanSchedule;
  tags: string[];
  groupId?: string | null;
  /** Default EXTERNAL: a real account never receives demo findings unless asked. */
  scanner?: ScanTargetScanner;
}

/**
 * Who produces a target's findings. DEMO: the built-in deterministic demo scanner runs its scheduled
 * and manual scans. EXTERNAL: a real scanner loads them through the ingestion API
 * (`POST …/scantargets/{id}/findings`); the schedule only moves on and a manual start fails with a
 * pointer to that API. Findings ingested into a DEMO target make it EXTERNAL (the reconciliation
 * does it in the same transaction), so demo scans never close a real scanner's alerts.
 */
export const SCAN_TARGET_SCANNERS = ['DEMO', 'EXTERNAL'] as const;
export type ScanTargetScanner = (typeof SCAN_TARGET_SCANNERS)[number];

export function scannerOf(value: unknown): ScanTargetScanner | undefined {
  if (value === null || value === undefined) return undefined;
  if (!SCAN_TARGET_SCANNERS.includes(value as ScanTargetScanner)) throw badRequest(`scanner: must be one of ${SCAN_TARGET_SCANNERS.join(', ')}`, 'scanner');
  return value as ScanTargetScanner;
}

/** Inserts a validated scan target with its credential encrypted, and its event, in the caller's transaction. */
export async function insertScanTarget(tx: Tx, secret: string, organizationId: string, userId: string, input: NewScanTarget, now = new Date()) {
  const row = await tx.scanTarget.create({
    data: {
      organizationId,
      groupId: input.groupId ?? null,
      name: input.name,
      kind: input.kind,
      credentialEncrypted: encryptCredential(secret, organizationId, input.credential),
      credentialHint: credentialHint(input.kind, input.credential),
      schedule: input.schedule,
      tags: input.tags,
      scanner: input.scanner ?? 'EXTERNAL',
      nextScanAt: nextScanAt(input.schedule, now),
    },
  });
  await recordScanTargetEvent(tx, EVENT.ScanTargetCreated, row, userId);
  return row;
}

export function createScanTarget(db: PrismaClient, secret: string, organizationId: string, userId: string, input: NewScanTarget) {
  return db.$transaction((tx) => insertScanTarget(tx, secret, organizationId, userId, input));
}

export async function updateScanTarget(
  db: PrismaClient,
  organizationId: string,
  id: string,
  userId: string,
  change: { name?: string; schedule?: ScanSchedule; tags?: string[]; scanner?: ScanTargetScanner },
) {
  return db.$transaction(async (tx) => {
    const current = await findScanTarget(tx, organizationId, id);
    const data: { name?: string; schedule?: ScanSchedule; nextScanAt?: Date; tags?: string[]; scanner?: ScanTargetScanner } = {};
    if (change.name !== undefined && change.name !== current.name) data.name = change.name;
    if (change.schedule !== undefined && JSON.stringify(change.schedule) !== JSON.stringify(current.schedule)) {
      data.schedule = change.schedule;
      data.nextScanAt = nextScanAt(change.schedule, new Date());
    }
    if (change.tags !== undefined && JSON.stringify(change.tags) !== JSON.stringify(current.tags)) data.tags = change.tags;
    if (change.scanner !== undefined && change.scanner !== current.scanner) data.scanner = change.scanner;
    if (Object.keys(data).length === 0) return current;
    const row = await tx.scanTarget.update({ where: { id }, data });
    await recordScanTargetEvent(tx, EVENT.ScanTargetUpdated, row, userId);
    return row;
  });
}

/** Soft delete: the row stays (alerts and scans point to it), the scheduler no longer sees it. Answers the deleted ids. */
export async function deleteScanTargets(tx: Tx, organizationId: string, where: { id?: string; groupId?: string }, userId: string): Promise<string[]> {
  const rows = await tx.scanTarget.findMany({ where: { ...where, organizationId, deletedAt: null }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  if (rows.length === 0) return [];
  const deletedAt = new Date();
  await tx.scanTarget.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { deletedAt, nextScanAt: null } });
  for (const row of rows) await recordScanTargetEvent(tx, EVENT.ScanTargetDeleted, { ...row, deletedAt, nextScanAt: null }, userId);
  return rows.map((row) => row.id);
}

/**
 * There is no cloud to call: the check proves the stored credential decrypts with this service's
 * secret and still has the shape its kind requires.
 */
export async function checkScanTarget(db: PrismaClient, secret: string, organizationId: string, id: string, userId: string) {
  return db.$transaction(async (tx) => {
    const current = await findScanTarget(tx, organizationId, id);
    const credential = decryptCredential(secret, organizationId, current.credentialEncrypted);
    let status = 'INVALID_CREDENTIAL';
    if (credential && isScanTargetKind(current.kind)) {
      try {
        normalizeCredential(current.kind, credential);
        status = 'CHECKED';
      } catch {
        status = 'INVALID_CREDENTIAL';
      }
    }
    if (status === current.status) return current;
    const row = await tx.scanTarget.update({ where: { id }, data: { status } });
    await recordScanTargetEvent(tx, EVENT.ScanTargetUpdated, row, userId);
    return row;
  });
}

/** The URL that would start an OAuth consent, under `base` (server.ts linkBase); Vigil calls no provider, the link is the contract. */
export function oauthStartUrl(base: string, kind: string, params: Record<string, string>): { url: string } {
  return { url: `${base}/oauth/${kind.toLowerCase()}/start?${new URLSearchParams(params).toString()}` };
}

export function requireOAuthKind(kind: string, allowed: readonly string[], what: string) {
  if (!allowed.includes(kind)) throw badRequest(`${what} of kind ${kind} has no OAuth link (OAuth kinds: ${allowed.join(', ')})`, 'kind');
}

type CreateInput = { name: string; kind: string; credential?: unknown; tags?: string[] | null; scanner?: string | null } & Parameters<
  typeof scheduleOfInput
>[0];

function kindOf(value: unknown): ScanTargetKind {
  if (!isScanTargetKind(value)) throw badRequest('kind: is not a ScanTargetKind', 'kind');
  return value;
}

export function parseNewScanTarget(input: CreateInput): NewScanTarget {
  const kind = kindOf(input.kind);
  return {
    name: valid.name(input.name, 'name'),
    kind,
    credential: normalizeCredential(kind, input.credential),
    schedule: scheduleOfInput(input) ?? DEFAULT_SCHEDULE,
    tags: normalizeTags(input.tags) ?? [],
    scanner: scannerOf(input.scanner),
  };
}
