import type { SubgraphName } from '../lib/config';
import { alertsSubgraph } from './alerts';
import { documentsSubgraph } from './documents';
import { organizationsSubgraph } from './organizations';
import { questionnairesSubgraph } from './questionnaires';
import type { SubgraphDefinition } from './server';

export const SUBGRAPHS: Record<SubgraphName, SubgraphDefinition> = {
  organizations: organizationsSubgraph,
  alerts: alertsSubgraph,
  questionnaires: questionnairesSubgraph,
  documents: documentsSubgraph,
};
