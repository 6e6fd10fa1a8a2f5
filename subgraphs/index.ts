import type { SubgraphName } from '../lib/config';
import type { SubgraphDefinition } from './server';
import { organizationsSubgraph } from './organizations';
import { alertsSubgraph } from './alerts';
import { questionnairesSubgraph } from './questionnaires';
import { documentsSubgraph } from './documents';

export const SUBGRAPHS: Record<SubgraphName, SubgraphDefinition> = {
  organizations: organizationsSubgraph,
  alerts: alertsSubgraph,
  questionnaires: questionnairesSubgraph,
  documents: documentsSubgraph,
};
