/**
 * Read contracts: the only SQL a subgraph may run on another subgraph's schema. Each subgraph owns the
 * PostgreSQL schema of its name; what another one reads of its data is a view the owner declares in
 * its own schema (prisma/migrations/20261201000200_read_contracts), listed here with its readers.
 * Anything else of another subgraph's data comes through the supergraph (entities). The event log,
 * documents.events, is the one shared table: appended through lib/events.ts, read through lib/.
 * test/subgraphs/subgraph-data-ownership.test.ts reads every SQL string in subgraphs/ and fails on a reference
 * to another subgraph's schema that is not a contract listed here for that reader.
 */
export const SUBGRAPH_SCHEMAS = ['organizations', 'alerts', 'questionnaires', 'documents'] as const;
export type SubgraphSchema = (typeof SUBGRAPH_SCHEMAS)[number];

export interface ReadContract {
  /** The view, `<owner schema>.<name>`. */
  view: `${SubgraphSchema}.${string}`;
  readers: readonly SubgraphSchema[];
  /** What the readers use it for. */
  for: string;
}

export const READ_CONTRACTS: readonly ReadContract[] = [
  { view: 'organizations.user_profiles', readers: ['alerts'], for: "an alert comment's author: name and picture" },
  { view: 'organizations.member_ids', readers: ['alerts'], for: 'whether an alert comment’s author is still a member (notMember)' },
  { view: 'organizations.live_member_ids', readers: ['documents'], for: 'a signed download URL works only while its user is still a member' },
  { view: 'organizations.live_follows', readers: ['questionnaires'], for: 'an assessment goes only to an organization related by a follow' },
  {
    view: 'documents.attachment_records',
    readers: ['questionnaires'],
    for: 'attachment ids given to elements, answers and comments: the organization’s own, live ones shown, records in event payloads',
  },
  { view: 'questionnaires.assessment_parties', readers: ['documents'], for: 'a questionnaire report is its assessment’s parties’ only' },
  {
    view: 'questionnaires.assessment_attachments',
    readers: ['documents'],
    for: 'both parties of an assessment read the files it references (element, answer entry, comment)',
  },
  { view: 'alerts.live_node_owners', readers: ['organizations'], for: 'node(id:) / nodes(ids:): a live alert or scan target and its organization' },
  { view: 'questionnaires.live_node_owners', readers: ['organizations'], for: 'node(id:) / nodes(ids:): a live questionnaire and its organization' },
  { view: 'documents.live_node_owners', readers: ['organizations'], for: 'node(id:) / nodes(ids:): a webhook and its organization' },
];
