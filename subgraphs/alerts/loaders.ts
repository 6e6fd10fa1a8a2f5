import DataLoader from 'dataloader';
import type { Database } from '../../lib/db';
import { findAlertsByIds, type AlertRow } from './alert-queries';

/** Per-request batching of the alerts subgraph's lookups: one query per kind per tick. */
export function createLoaders(db: Database) {
  return {
    scanTarget: new DataLoader(async (ids: readonly string[]) => {
      const rows = await db.prisma.scanTarget.findMany({ where: { id: { in: [...ids] }, deletedAt: null } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    rule: new DataLoader(async (ids: readonly string[]) => {
      const rows = await db.prisma.rule.findMany({ where: { id: { in: [...ids] } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    alert: new DataLoader(async (ids: readonly string[]) => {
      const byId = new Map((await findAlertsByIds(db.pool, ids)).map((r) => [r.id, r as AlertRow]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}

export type AlertsLoaders = ReturnType<typeof createLoaders>;
