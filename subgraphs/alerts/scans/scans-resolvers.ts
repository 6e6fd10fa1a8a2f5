/**
 * Scans: the history of a scan target (a connection), one scan, manual start and stop, findings
 * ingestion (the service: queue.ts, ingest.ts). Who may call each field: permissions.ts.
 */
import { notFound } from '../../../lib/errors';
import * as valid from '../../../lib/validate';
import { firstOf } from '../../connections';
import type { SubgraphContext } from '../../server';
import type { AlertsLoaders } from '../loaders';
import type { Resolvers } from '../resolver-types.generated';
import { createdAtPages } from '../scan-targets/pages';
import { parseFindingsDocument } from './ingest';
import { beginIngestScan, executeScan, findTargetForScan, getScan, listScans, type ScanRow, startScan, stopScan } from './queue';
import { newWorkerId } from './scheduler';

type Ctx = SubgraphContext<AlertsLoaders>;
type TargetArgs = { organizationId: string; scanTargetId: string };

const ingestWorker = `ingest:${newWorkerId()}`;

/** The scan as the API answers it; the summary appears once the scan is DONE. */
export function scanView(row: ScanRow) {
  return { ...row, summary: row.status === 'DONE' ? row.summary : null };
}

/** The scan target the arguments name (the caller's rule already passed: permissions.ts). */
const targetOf = (ctx: Ctx, args: TargetArgs) => findTargetForScan(ctx.db, args.organizationId, args.scanTargetId);

/** Scans: history (a connection), manual start and stop, findings ingestion. Admins act, members read (permissions.ts). */
export const scanResolvers = {
  Query: {
    scans: async (_, args, ctx) => {
      const first = firstOf(args.first);
      const target = await targetOf(ctx, args);
      const pages = createdAtPages(ctx.services.secret, ['scans', target.id]);
      const rows = await listScans(ctx.db, target.id, first + 1, pages.open(args.after));
      return pages.page(rows.map(scanView), first, args.after);
    },
    scan: async (_, args, ctx) => {
      const target = await targetOf(ctx, args);
      const scan = await getScan(ctx.db, args.scanId);
      if (!scan || scan.scanTargetId !== target.id) throw notFound('Scan');
      return scanView(scan);
    },
  },
  Mutation: {
    startScan: async (_, { input }, ctx) => {
      const target = await targetOf(ctx, input);
      return { scan: scanView(await startScan(ctx.db, target, { force: input.force === true })) };
    },
    stopScan: async (_, { input }, ctx) => {
      const stopped = await stopScan(ctx.db, await targetOf(ctx, input));
      return { scan: stopped && scanView(stopped) };
    },
    ingestFindings: async (_, { input }, ctx) => {
      const target = await targetOf(ctx, input);
      const parsed = parseFindingsDocument(input.document);
      const scan = await beginIngestScan(ctx.db, target, ingestWorker);
      await executeScan(ctx.db, scan.id, () => parsed.findings);
      const finished = await getScan(ctx.db, scan.id);
      return { scan: scanView(finished ?? scan) };
    },
  },
  Scan: {
    __resolveReference: async (ref: { id: string }, ctx: Ctx) => {
      const scan = await getScan(ctx.db, valid.uuid(ref.id, 'id'));
      return scan && (await ctx.policy.isMember(scan.organizationId)) ? scanView(scan) : null;
    },
    scanTarget: (scan: ScanRow, _: unknown, ctx: Ctx) => ctx.loaders.scanTarget.load(scan.scanTargetId),
  },
} satisfies Resolvers<Ctx>;
