import DataLoader from 'dataloader';
import type { Database } from '../../lib/db';
import { loaderById } from '../../lib/loaders';
import { findAlertsByIds } from './alerts/lists';
import { riskAcceptances } from './alerts/risk-acceptances';
import type { AlertRow } from './alerts/sql';

/** Per-request batching of the alerts subgraph's lookups: one query per kind per tick. */
export function createLoaders(db: Database) {
  return {
    scanTarget: loaderById((ids) => db.prisma.scanTarget.findMany({ where: { id: { in: ids }, deletedAt: null } })),
    rule: loaderById((ids) => db.prisma.rule.findMany({ where: { id: { in: ids } } })),
    alert: loaderById((ids) => findAlertsByIds(db.pool, ids) as Promise<AlertRow[]>),
    /** Alert.riskAcceptance of a page's alerts, one statement for all of them. */
    riskAcceptance: new DataLoader(async (alertIds: readonly string[]) => {
      const found = await riskAcceptances(db.pool, alertIds);
      return alertIds.map((id) => found.get(id) ?? null);
    }),
    /** The live scan targets of each group, oldest first. */
    groupTargets: new DataLoader(async (groupIds: readonly string[]) => {
      const rows = await db.prisma.scanTarget.findMany({
        where: { groupId: { in: [...groupIds] }, deletedAt: null },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      return groupIds.map((id) => rows.filter((r) => r.groupId === id));
    }),
  };
}

export type AlertsLoaders = ReturnType<typeof createLoaders>;
