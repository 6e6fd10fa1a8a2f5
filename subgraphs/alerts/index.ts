import { mergeResolvers, readSdl, type SubgraphContext, type SubgraphDefinition } from '../server';
import { alertChangeResolvers } from './alerts/alert-changes-resolvers';
import { alertResolvers } from './alerts/alerts-resolvers';
import { ruleResolvers } from './alerts/rules-resolvers';
import { type AlertsLoaders, createLoaders } from './loaders';
import { alertsPermissions } from './permissions';
import { postureResolvers } from './posture/posture-resolvers';
import type { Resolvers } from './resolver-types.generated';
import { scanTargetGroupResolvers } from './scan-targets/scan-target-groups-resolvers';
import { scanTargetResolvers } from './scan-targets/scan-targets-resolvers';
import { scanResolvers } from './scans/scans-resolvers';

/** Scan targets, scans, rules and alerts. Each area has its SDL file and its resolver map. */
export const alertsSubgraph: SubgraphDefinition<AlertsLoaders> = {
  name: 'alerts',
  typeDefs: readSdl(__dirname),
  resolvers: mergeResolvers<Resolvers<SubgraphContext<AlertsLoaders>>>(
    ruleResolvers,
    alertResolvers,
    alertChangeResolvers as Resolvers<SubgraphContext<AlertsLoaders>>,
    scanTargetResolvers,
    scanTargetGroupResolvers,
    scanResolvers,
    postureResolvers,
  ),
  permissions: alertsPermissions,
  createLoaders: (db) => createLoaders(db),
};
