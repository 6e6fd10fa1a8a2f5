import { badRequest } from './errors';
import { ALL_EVENT_NAMES, EVENT_NAMES } from './events';

/**
 * The API's vocabulary: the enum values clients send and read, and the page-size rule, written once
 * for the subgraphs (resolvers, SQL) and the REST layer (its zod inputs). The GraphQL enums of
 * the .graphql files under subgraphs/alerts/ spell the same values; test/lib/vocabulary.test.ts fails when the two differ.
 */

export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** An alert's lifecycle, in order (the `state` sort follows it). */
export const STATES = ['OPEN', 'IN_PROGRESS', 'RISK_ACCEPTED', 'MITIGATING_CONTROL', 'FALSE_POSITIVE', 'CLOSED'] as const;
export type AlertState = (typeof STATES)[number];

/** Filters also take ACTIVE: every state but CLOSED. */
export const STATE_FILTERS = ['OPEN', 'ACTIVE', 'IN_PROGRESS', 'RISK_ACCEPTED', 'MITIGATING_CONTROL', 'FALSE_POSITIVE', 'CLOSED'] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];

export const ALERT_ORDERS = [
  'scanTargetId',
  'resource',
  'rule',
  'severity',
  'state',
  'openedAt',
  'resolvedAt',
  'createdAt',
  'updatedAt',
  'followingIds',
] as const;
export type AlertOrder = (typeof ALERT_ORDERS)[number];

export const GROUPED_ORDERS = ['rule', 'severity', 'total'] as const;
export type GroupedOrder = (typeof GROUPED_ORDERS)[number];

export const SORTS = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof SORTS)[number];

export const LANGUAGES = ['pt_BR', 'en_US'] as const;
export type Lang = (typeof LANGUAGES)[number] | null | undefined;

/**
 * A language as clients spell it: the spec's `en-US` / `pt-BR` (the SDKs, /me, alert lists) or the
 * GraphQL enum's `en_US` / `pt_BR`; the enum's spelling, or undefined for anything else.
 */
export function languageOf(value: unknown): (typeof LANGUAGES)[number] | undefined {
  const spelled = typeof value === 'string' ? value.replace('-', '_') : undefined;
  return (LANGUAGES as readonly (string | undefined)[]).includes(spelled) ? (spelled as (typeof LANGUAGES)[number]) : undefined;
}

export const SCAN_TARGET_KINDS = [
  'AWS',
  'AZURE',
  'AZURE_DEVOPS',
  'BITBUCKET',
  'DOMAIN',
  'GCP',
  'GITHUB',
  'GITLAB',
  'GWORKSPACE',
  'HUAWEI',
  'JIRA',
  'JUMP_CLOUD',
  'MONGODB_ATLAS',
  'MS365',
  'OKTA',
  'ORACLE',
  'SALESFORCE',
  'SLACK',
  'ZENDESK',
  'CLOUDFLARE',
  'CROWDSTRIKE_FALCON',
  'BITDEFENDER',
  'SENTINEL_ONE',
  'SOPHOS',
] as const;
export type ScanTargetKind = (typeof SCAN_TARGET_KINDS)[number];

/** What a document (an export) holds, by its `type` (subgraphs/documents/export-types.ts: format and params of each). */
export const DOCUMENT_TYPES = ['ALERT', 'FOLLOWING_ALERT', 'EVENT', 'THIRD_PARTY_REPORT', 'QUESTIONNAIRE_REPORT'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Every cursor- or page-numbered list: 1..MAX_PAGE_SIZE items, DEFAULT_PAGE_SIZE when not asked. */
export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 25;

/** A requested page size, or the default; anything else is a 400 naming `field`. */
export function pageSize(size: number | null | undefined, field = 'size'): number {
  if (size === null || size === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) throw badRequest(`${field} must be an integer from 1 to ${MAX_PAGE_SIZE}`, field);
  return size;
}

/** `scanTargetId` → `SCAN_TARGET_ID`, `pt_BR` / `pt-BR` → `PT_BR`, `AlertUpdated` → `ALERT_UPDATED`: a domain value as a GraphQL enum value. */
export function enumName(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s.]+/g, '_')
    .toUpperCase();
}

/**
 * GraphQL enums whose values the domain spells otherwise (the SQL, the REST contract): the graph spells
 * every enum value SCREAMING_SNAKE_CASE (`enumName`), and the subgraph kit maps each to the domain's
 * value (subgraphs/enums.ts), so resolvers receive and return `scanTargetId`, never `SCAN_TARGET_ID`.
 * Add an enum here when its values are not already enum names.
 */
export const DOMAIN_ENUMS: Record<string, readonly string[]> = {
  /** The side of an assessment a caller reads it as (lib/visibility.ts AssessmentSide). */
  AssessmentSide: ['sender', 'receiver'],
  /** Event names as the log, webhooks and REST spell them (`AlertUpdated`). */
  EventName: ALL_EVENT_NAMES,
  /** The kinds of object events are about, as GET /events/names keys them (`alertComment`). */
  EventEntity: Object.keys(EVENT_NAMES),
  /** Sort keys of alert lists, as the SQL and REST name them (`scanTargetId`). */
  AlertOrder: ALERT_ORDERS,
  /** Sort keys of alerts grouped by rule (`total`). */
  GroupedAlertOrder: GROUPED_ORDERS,
  /** Languages as the rule catalog stores them (`pt_BR`). */
  Language: LANGUAGES,
};

/**
 * `ALERT_UPDATED` → `AlertUpdated`: a GraphQL value of one of the DOMAIN_ENUMS as the domain spells it
 * (the REST layer, which reads GraphQL answers, gives its clients the domain's spelling); a value the
 * enum does not have is returned as it is.
 */
export function domainValue(enumType: string, name: string): string {
  return DOMAIN_ENUMS[enumType]?.find((value) => enumName(value) === name) ?? name;
}

/** Languages as the REST contract spells them (`pt-BR`, `en-US`: /me, the SDKs). */
export const REST_LANGUAGES: readonly string[] = LANGUAGES.map((language) => language.replace('_', '-'));

/** `EN_US` (the GraphQL `Language` enum) → `en-US`, as REST answers it; a value the enum does not have is returned as it is. */
export function restLanguage(name: string): string {
  return domainValue('Language', name).replace('_', '-');
}
