// Generated from this subgraph's SDL by `npm run codegen` (schema/resolver-types.ts): do not edit.
// test/subgraphs/resolver-types.test.ts fails when it is stale.
import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { SubgraphContext } from '../server';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A date and time: an RFC 3339 / ISO 8601 string with a time zone offset (answers are UTC with milliseconds, like `2026-11-25T14:03:07.120Z`); zone-less inputs are read as UTC. */
  DateTime: { input: Date; output: Date; }
  /** Any JSON value (object, array, string, number, boolean or null), used only where the API stores arbitrary properties. */
  JSON: { input: unknown; output: unknown; }
  _FieldSet: { input: unknown; output: unknown; }
};

/**
 * Where a page of a connection stands (the Relay connection model). Pages go forward: pass `endCursor`
 * as `after` while `hasNextPage` is true.
 */
export type PageInfo = {
  __typename?: 'PageInfo';
  /** Whether another page follows this one. */
  hasNextPage: Scalars['Boolean']['output'];
  /** Whether this page was read after a cursor (entries come before it). */
  hasPreviousPage: Scalars['Boolean']['output'];
  /** The cursor of the page's first entry; null when the page is empty. */
  startCursor?: Maybe<Scalars['String']['output']>;
  /** The cursor of the page's last entry, to pass as `after` for the next page; null when the page is empty. */
  endCursor?: Maybe<Scalars['String']['output']>;
};

/** A language for rule titles and texts: Brazilian Portuguese or US English (the default where a language is optional). */
export type Language =
  /** Brazilian Portuguese (pt-BR). */
  | 'pt_BR'
  /** US English (en-US); the default. */
  | 'en_US';

/** A sort direction. */
export type Sort =
  /** Ascending: smallest, oldest or first in order first. */
  | 'ASC'
  /** Descending: largest, newest or last in order first. */
  | 'DESC';

/** How serious an alert's finding is, from CRITICAL (fix first) down to INFO (informational). */
export type AlertSeverity =
  /** Critical: an exposure to fix at once. */
  | 'CRITICAL'
  /** High severity. */
  | 'HIGH'
  /** Medium severity. */
  | 'MEDIUM'
  /** Low severity. */
  | 'LOW'
  /** Informational: no direct risk. */
  | 'INFO';

/** Where an alert is in its lifecycle. Scans open and close alerts; members move them between the other states. */
export type AlertState =
  /** Found failing and not yet handled. */
  | 'OPEN'
  /** Someone is working on a fix. */
  | 'IN_PROGRESS'
  /** The organization accepts the risk and will not fix it. */
  | 'RISK_ACCEPTED'
  /** Another control covers the risk. */
  | 'MITIGATING_CONTROL'
  /** The finding is wrong: the resource is not at fault. */
  | 'FALSE_POSITIVE'
  /** A later scan found the resource passing (or gone); set only by scans. A closed alert moved by hand reopens. */
  | 'CLOSED';

/** What kind of account a scan target is; the kind fixes the credential's shape (see `CreateScanTargetInput.credential`). */
export type ScanTargetKind =
  /** An Amazon Web Services account. */
  | 'AWS'
  /** A Microsoft Azure subscription. */
  | 'AZURE'
  /** An Azure DevOps organization. */
  | 'AZURE_DEVOPS'
  /** A Bitbucket workspace (OAuth). */
  | 'BITBUCKET'
  /** An internet domain (DNS and mail settings). */
  | 'DOMAIN'
  /** A Google Cloud project. */
  | 'GCP'
  /** A GitHub organization (GitHub App installation). */
  | 'GITHUB'
  /** A GitLab account (OAuth). */
  | 'GITLAB'
  /** A Google Workspace domain (OAuth). */
  | 'GWORKSPACE'
  /** A Huawei Cloud account. */
  | 'HUAWEI'
  /** A Jira site (OAuth). */
  | 'JIRA'
  /** A JumpCloud organization. */
  | 'JUMP_CLOUD'
  /** A MongoDB Atlas organization. */
  | 'MONGODB_ATLAS'
  /** A Microsoft 365 tenant. */
  | 'MS365'
  /** An Okta organization. */
  | 'OKTA'
  /** An Oracle Cloud compartment. */
  | 'ORACLE'
  /** A Salesforce organization (OAuth). */
  | 'SALESFORCE'
  /** A Slack workspace (OAuth). */
  | 'SLACK'
  /** A Zendesk instance (OAuth). */
  | 'ZENDESK'
  /** A Cloudflare account. */
  | 'CLOUDFLARE'
  /** A CrowdStrike Falcon tenant. */
  | 'CROWDSTRIKE_FALCON'
  /** A Bitdefender GravityZone account. */
  | 'BITDEFENDER'
  /** A SentinelOne console. */
  | 'SENTINEL_ONE'
  /** A Sophos Central account. */
  | 'SOPHOS';

/** An organization: a company or team whose cloud and SaaS accounts Vigil scans. Its alerts, scans and scan targets belong to it. */
export type Organization = {
  __typename?: 'Organization';
  /** The organization's id (a UUID). */
  id: Scalars['ID']['output'];
};

/** A rule of the catalog: a security check a scan runs; an alert names the rule its resource fails. */
export type Rule = {
  __typename?: 'Rule';
  /** The rule's identifier, like `aws-s3-bucket-public` (the `rule` of its alerts). */
  id: Scalars['ID']['output'];
  /** The rule's title in `lang` (default EN_US). */
  title: Scalars['String']['output'];
  /** The severity of the rule's alerts. */
  severity: AlertSeverity;
  /** The compliance frameworks' controls the rule checks (for example `CIS-AWS-2.1`, `LGPD`). */
  compliances: Array<Scalars['String']['output']>;
  /** How many days an alert of this rule may stay open before it counts as late; null when the rule sets no limit. */
  timelinessThreshold?: Maybe<Scalars['Float']['output']>;
};


/** A rule of the catalog: a security check a scan runs; an alert names the rule its resource fails. */
export type RuleTitleArgs = {
  lang?: InputMaybe<Language>;
};

/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type Query = {
  __typename?: 'Query';
  /** The catalog of rules (every rule a scan can raise alerts for; a fixed catalog of a few hundred, so not paged). Any signed-in user. */
  rules: Array<Rule>;
  /** The organization's alerts, filtered and sorted, `first` (1..1000, default 25) after the cursor `after`. Members. */
  alerts: AlertConnection;
  /** Alerts of the organizations `organizationId` follows, censored, `first` (1..1000, default 25) after `after`. Members of organizationId. */
  followingAlerts: AlertConnection;
  alertsPage: AlertPage;
  followingAlertsPage: AlertPage;
  /** Legacy page-numbered list (POST /alerts): page from 1, pageSize 1..1000. */
  alertsByPage: AlertNumberedPage;
  followingAlertsByPage: AlertNumberedPage;
  /** The organization's alerts grouped by rule, `first` (1..1000, default 25) groups after `after`. Members. */
  alertsByRule: AlertRuleGroupConnection;
  /** Alerts of followed organizations grouped by rule. Members of organizationId. */
  followingAlertsByRule: AlertRuleGroupConnection;
  alertsByRuleByPage: AlertRuleGroupNumberedPage;
  followingAlertsByRuleByPage: AlertRuleGroupNumberedPage;
  /** History records of the organization's alerts, oldest first: `first` (1..1000, default 25) after `after`. Members. */
  alertHistory: AlertHistoryRecordConnection;
  /** History records of followed organizations' alerts, censored, oldest first. Members of organizationId. */
  followingAlertHistory: AlertHistoryRecordConnection;
  /** One alert, for a member (whole) or a follower (censored). With organizationId, the alert must belong to it. */
  alert?: Maybe<Alert>;
  /** One alert's history, oldest first: `first` (1..1000, default 25) after `after`, with `totalCount`. Its members, and its followers censored. */
  alertHistoryOf: AlertHistoryRecordConnection;
  /** One alert's comments, oldest first: `first` (1..1000, default 25) after `after`. Its members; empty for followers. */
  alertComments: AlertCommentConnection;
  alertHistoryOfPage: OneAlertHistoryPage;
  alertCommentsPage: AlertCommentPage;
  /** Per scan target alert counts of the organization. */
  scanTargetSummaries: ScanTargetSummaries;
  /** Per scan target alert counts of followed organizations; a target shows its id and kind, its name is "[censored]" and its tags empty (lib/visibility.ts). */
  followingScanTargetSummaries: ScanTargetSummaries;
  /** Counts over the organization's alerts matching a filter. */
  alertSummary: AlertCounts;
  /** Counts over the alerts of followed organizations matching a filter. Members of organizationId. */
  followingAlertSummary: AlertCounts;
  /** Alerts open at the end of each of the last `days` UTC days (default 7, at most 366). */
  dailyOpenAlerts: Array<DailyAlertCounts>;
  /** Alerts of followed organizations open at the end of each of the last `days` UTC days (default 7, at most 366). Members of organizationId. */
  followingDailyOpenAlerts: Array<DailyAlertCounts>;
  /** Alerts of followed organizations resolved on each of the last `days` UTC days (default 30). */
  followingDailyResolvedAlerts: Array<DailyAlertCounts>;
  /** The posture of an organization the caller is a member of (full) or follows (censored); null otherwise. */
  posture?: Maybe<Posture>;
  /** One row per organization `organizationId` follows. Members of organizationId. */
  followingPosture: FollowedPostureConnection;
  /** The organization's scan target groups, oldest first (members). */
  scanTargetGroups: ScanTargetGroupConnection;
  /** One scan target group (members); null when it is not there or not the caller's organization's. */
  scanTargetGroup?: Maybe<ScanTargetGroup>;
  /**
   * The compartments known for an ORACLE group (members): its root once the credential is in, and those
   * scan targets were created from. At most the tenancy's compartments, so not paged.
   */
  scanTargetGroupCompartments: Array<OracleCompartment>;
  /** Where to download the Terraform script that creates the Oracle user and policy Vigil scans with (ORACLE groups, members). */
  scanTargetGroupScript: Link;
  /** The Terraform script (HCL) of an ORACLE group (members): a read-only group and policy for Vigil's user in the tenancy or the group's compartments. */
  scanTargetGroupTerraform: Scalars['String']['output'];
  /** The organization's scan targets, oldest first (members only; followers see alerts, not scan targets). */
  scanTargets: ScanTargetConnection;
  /** One scan target (members); null when it is not there or not the caller's organization's. */
  scanTarget?: Maybe<ScanTarget>;
  /**
   * The link that starts the OAuth consent of an OAuth-kind scan target (ZENDESK, GWORKSPACE, SLACK,
   * BITBUCKET, JIRA, GITLAB, SALESFORCE) or scan target group (BITBUCKET, GITLAB). Exactly one of
   * scanTargetId / scanTargetGroupId (BAD_REQUEST otherwise). ADMIN only.
   */
  oauthLink: Link;
  /** The Google Workspace consent link of a GWORKSPACE scan target. ADMIN only. */
  gworkspaceOAuthLink: Link;
  /**
   * The scan history of a scan target, newest first. Members of the organization only; NOT_FOUND when
   * the target is not the organization's.
   */
  scans: ScanConnection;
  /** One scan of a scan target (members); null when it is not there or not the caller's organization's. */
  scan?: Maybe<Scan>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryRulesArgs = {
  lang?: InputMaybe<Language>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryAlertsArgs = {
  organizationId: Scalars['ID']['input'];
  filter?: InputMaybe<AlertFilter>;
  order?: InputMaybe<AlertOrder>;
  sort?: InputMaybe<Sort>;
  lang?: InputMaybe<Language>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryFollowingAlertsArgs = {
  organizationId: Scalars['ID']['input'];
  following?: InputMaybe<FollowingSelection>;
  filter?: InputMaybe<AlertFilter>;
  order?: InputMaybe<AlertOrder>;
  sort?: InputMaybe<Sort>;
  lang?: InputMaybe<Language>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryAlertsPageArgs = {
  organizationId: Scalars['ID']['input'];
  filter?: InputMaybe<AlertFilter>;
  order?: InputMaybe<AlertOrder>;
  sort?: InputMaybe<Sort>;
  lang?: InputMaybe<Language>;
  cursor?: InputMaybe<Scalars['String']['input']>;
  size?: InputMaybe<Scalars['Int']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryFollowingAlertsPageArgs = {
  organizationId: Scalars['ID']['input'];
  following?: InputMaybe<FollowingSelection>;
  filter?: InputMaybe<AlertFilter>;
  order?: InputMaybe<AlertOrder>;
  sort?: InputMaybe<Sort>;
  lang?: InputMaybe<Language>;
  cursor?: InputMaybe<Scalars['String']['input']>;
  size?: InputMaybe<Scalars['Int']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryAlertsByPageArgs = {
  organizationId: Scalars['ID']['input'];
  filter?: InputMaybe<AlertFilter>;
  order?: InputMaybe<AlertOrder>;
  sort?: InputMaybe<Sort>;
  lang?: InputMaybe<Language>;
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryFollowingAlertsByPageArgs = {
  organizationId: Scalars['ID']['input'];
  following?: InputMaybe<FollowingSelection>;
  filter?: InputMaybe<AlertFilter>;
  order?: InputMaybe<AlertOrder>;
  sort?: InputMaybe<Sort>;
  lang?: InputMaybe<Language>;
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryAlertsByRuleArgs = {
  organizationId: Scalars['ID']['input'];
  filter?: InputMaybe<AlertFilter>;
  order?: InputMaybe<GroupedAlertOrder>;
  sort?: InputMaybe<Sort>;
  lang?: InputMaybe<Language>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryFollowingAlertsByRuleArgs = {
  organizationId: Scalars['ID']['input'];
  following?: InputMaybe<FollowingSelection>;
  filter?: InputMaybe<AlertFilter>;
  order?: InputMaybe<GroupedAlertOrder>;
  sort?: InputMaybe<Sort>;
  lang?: InputMaybe<Language>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryAlertsByRuleByPageArgs = {
  organizationId: Scalars['ID']['input'];
  filter?: InputMaybe<AlertFilter>;
  order?: InputMaybe<GroupedAlertOrder>;
  sort?: InputMaybe<Sort>;
  lang?: InputMaybe<Language>;
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryFollowingAlertsByRuleByPageArgs = {
  organizationId: Scalars['ID']['input'];
  following?: InputMaybe<FollowingSelection>;
  filter?: InputMaybe<AlertFilter>;
  order?: InputMaybe<GroupedAlertOrder>;
  sort?: InputMaybe<Sort>;
  lang?: InputMaybe<Language>;
  page?: InputMaybe<Scalars['Int']['input']>;
  pageSize?: InputMaybe<Scalars['Int']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryAlertHistoryArgs = {
  organizationId: Scalars['ID']['input'];
  scanTargetIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  lang?: InputMaybe<Language>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryFollowingAlertHistoryArgs = {
  organizationId: Scalars['ID']['input'];
  followingIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  lang?: InputMaybe<Language>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryAlertArgs = {
  id: Scalars['ID']['input'];
  organizationId?: InputMaybe<Scalars['ID']['input']>;
  lang?: InputMaybe<Language>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryAlertHistoryOfArgs = {
  alertId: Scalars['ID']['input'];
  lang?: InputMaybe<Language>;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryAlertCommentsArgs = {
  alertId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryAlertHistoryOfPageArgs = {
  alertId: Scalars['ID']['input'];
  page?: InputMaybe<Scalars['Int']['input']>;
  size?: InputMaybe<Scalars['Int']['input']>;
  cursor?: InputMaybe<Scalars['String']['input']>;
  lang?: InputMaybe<Language>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryAlertCommentsPageArgs = {
  alertId: Scalars['ID']['input'];
  page?: InputMaybe<Scalars['Int']['input']>;
  size?: InputMaybe<Scalars['Int']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryScanTargetSummariesArgs = {
  organizationId: Scalars['ID']['input'];
  scanTargetIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  scanTargetTags?: InputMaybe<Array<Scalars['String']['input']>>;
  scanTargetKinds?: InputMaybe<Array<ScanTargetKind>>;
  includeEmptyScanTargetTags?: InputMaybe<Scalars['Boolean']['input']>;
  alertSeverities?: InputMaybe<Array<AlertSeverity>>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryFollowingScanTargetSummariesArgs = {
  organizationId: Scalars['ID']['input'];
  following?: InputMaybe<FollowingSelection>;
  scanTargetKinds?: InputMaybe<Array<ScanTargetKind>>;
  alertSeverities?: InputMaybe<Array<AlertSeverity>>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryAlertSummaryArgs = {
  organizationId: Scalars['ID']['input'];
  filter?: InputMaybe<AlertFilter>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryFollowingAlertSummaryArgs = {
  organizationId: Scalars['ID']['input'];
  following?: InputMaybe<FollowingSelection>;
  filter?: InputMaybe<AlertFilter>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryDailyOpenAlertsArgs = {
  organizationId: Scalars['ID']['input'];
  scanTargetIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  days?: InputMaybe<Scalars['Int']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryFollowingDailyOpenAlertsArgs = {
  organizationId: Scalars['ID']['input'];
  followingIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  days?: InputMaybe<Scalars['Int']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryFollowingDailyResolvedAlertsArgs = {
  organizationId: Scalars['ID']['input'];
  followingIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  severities?: InputMaybe<Array<AlertSeverity>>;
  days?: InputMaybe<Scalars['Int']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryPostureArgs = {
  organizationId: Scalars['ID']['input'];
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryFollowingPostureArgs = {
  organizationId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  orderBy?: InputMaybe<FollowedPostureOrder>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryScanTargetGroupsArgs = {
  organizationId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryScanTargetGroupArgs = {
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryScanTargetGroupCompartmentsArgs = {
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryScanTargetGroupScriptArgs = {
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryScanTargetGroupTerraformArgs = {
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryScanTargetsArgs = {
  organizationId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryScanTargetArgs = {
  organizationId: Scalars['ID']['input'];
  id: Scalars['ID']['input'];
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryOauthLinkArgs = {
  organizationId: Scalars['ID']['input'];
  scanTargetId?: InputMaybe<Scalars['ID']['input']>;
  scanTargetGroupId?: InputMaybe<Scalars['ID']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryGworkspaceOAuthLinkArgs = {
  organizationId: Scalars['ID']['input'];
  scanTargetId: Scalars['ID']['input'];
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryScansArgs = {
  organizationId: Scalars['ID']['input'];
  scanTargetId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/** The reads of the API: every field says who may call it; a lookup by id answers null for an object that is not there or not yours. */
export type QueryScanArgs = {
  organizationId: Scalars['ID']['input'];
  scanTargetId: Scalars['ID']['input'];
  scanId: Scalars['ID']['input'];
};

/**
 * An alert: one (scan target, rule, resource) a scan found failing. Alerts are created and closed by
 * scans; users change `state` (never to CLOSED) and `labels`, and comment.
 *
 * Follower censorship (lib/visibility.ts): when the caller reads another organization's alert through
 * a follow, `resource` is "[censored]", `metadata` and `enrichment` are `{}`, `scanTarget` is null and
 * comments are never listed. Search in following lists does not match `resource`.
 *
 * Identity: a member's copy has `id` = the alert's id; a follower's censored copy has
 * `id` = `followed:<alert id>`, so a normalised client cache never mixes the two views. `alertId` is
 * the alert's id in both (pass it to `alert(id:)`).
 */
export type Alert = {
  __typename?: 'Alert';
  /** The cache identity of this view of the alert: the alert's id, or `followed:<alert id>` for a follower's censored copy. */
  id: Scalars['ID']['output'];
  /** The alert's id, the same in every view. */
  alertId: Scalars['ID']['output'];
  /** The id of the organization the alert belongs to. */
  organizationId: Scalars['ID']['output'];
  /** The organization the alert belongs to. */
  organization: Organization;
  /** The id of the scan target whose scan found the alert; null once the target is deleted. */
  scanTargetId?: Maybe<Scalars['ID']['output']>;
  /** The scan target (null for a follower's view, and once the target is deleted). */
  scanTarget?: Maybe<ScanTarget>;
  /** The id of the rule the resource fails (see `Query.rules`). */
  rule: Scalars['String']['output'];
  /** The rule's title in `lang` (EN_US by default); the `lang` of the list or read does not change it. */
  ruleTitle?: Maybe<Scalars['String']['output']>;
  /** What fails the rule: the resource's identifier in the scanned account (an ARN, a repository, a domain…). "[censored]" for a follower. */
  resource: Scalars['String']['output'];
  /** How serious the finding is. */
  severity: AlertSeverity;
  /** Where the alert is in its lifecycle. */
  state: AlertState;
  /** Increases by one with every change of the alert (its history has one record per version). */
  version: Scalars['Int']['output'];
  /** The scan target's tags when the alert last changed. */
  tags: Array<Scalars['String']['output']>;
  /** Free labels members put on the alert (see `updateAlert`). */
  labels: Array<Scalars['String']['output']>;
  /** The compliance frameworks' controls the rule checks. */
  compliances: Array<Scalars['String']['output']>;
  /** Extra facts the scan found about the resource: a JSON object, or an array of objects, with arbitrary properties. `{}` for a follower. */
  enrichment: Scalars['JSON']['output'];
  /** The resource's properties as the scan read them: a JSON object of string values. `{}` for a follower. */
  metadata: Scalars['JSON']['output'];
  /** When the alert was last opened (first found, or reopened); null if it never was. */
  openedAt?: Maybe<Scalars['DateTime']['output']>;
  /** When the alert was last closed; null while it is not CLOSED. */
  resolvedAt?: Maybe<Scalars['DateTime']['output']>;
  /** When the alert was created. */
  createdAt: Scalars['DateTime']['output'];
  /** When the alert last changed. */
  updatedAt: Scalars['DateTime']['output'];
  /** Days the alert may stay open before it counts as late (the rule's limit); null when there is none. */
  timelinessThreshold?: Maybe<Scalars['Float']['output']>;
  /** Who moved the alert into the RISK_ACCEPTED state it is in now, when, and why; null while it is in another state, and for a follower. Read for a whole page of alerts in one statement. */
  riskAcceptance?: Maybe<RiskAcceptance>;
};


/**
 * An alert: one (scan target, rule, resource) a scan found failing. Alerts are created and closed by
 * scans; users change `state` (never to CLOSED) and `labels`, and comment.
 *
 * Follower censorship (lib/visibility.ts): when the caller reads another organization's alert through
 * a follow, `resource` is "[censored]", `metadata` and `enrichment` are `{}`, `scanTarget` is null and
 * comments are never listed. Search in following lists does not match `resource`.
 *
 * Identity: a member's copy has `id` = the alert's id; a follower's censored copy has
 * `id` = `followed:<alert id>`, so a normalised client cache never mixes the two views. `alertId` is
 * the alert's id in both (pass it to `alert(id:)`).
 */
export type AlertRuleTitleArgs = {
  lang?: InputMaybe<Language>;
};

/** How an alert came to be in the RISK_ACCEPTED state it is in now: the history record that began its current run of RISK_ACCEPTED records. */
export type RiskAcceptance = {
  __typename?: 'RiskAcceptance';
  /** The id of the member who accepted the risk; null when no member made that change (a scan, or a record without an author). */
  userId?: Maybe<Scalars['ID']['output']>;
  /** When the risk was accepted. */
  acceptedAt: Scalars['DateTime']['output'];
  /** The accepting member's newest comment on the alert (the API has no reason field: the console shows this one); null when they wrote none. */
  reason?: Maybe<AlertComment>;
};

/** A filter of alert states: the AlertState values plus ACTIVE (every state but CLOSED). */
export type AlertStateFilter =
  /** Alerts in state OPEN. */
  | 'OPEN'
  /** Alerts in any state but CLOSED. */
  | 'ACTIVE'
  /** Alerts in state IN_PROGRESS. */
  | 'IN_PROGRESS'
  /** Alerts in state RISK_ACCEPTED. */
  | 'RISK_ACCEPTED'
  /** Alerts in state MITIGATING_CONTROL. */
  | 'MITIGATING_CONTROL'
  /** Alerts in state FALSE_POSITIVE. */
  | 'FALSE_POSITIVE'
  /** Alerts in state CLOSED. */
  | 'CLOSED';

/**
 * The sort key of alert lists; the alert id breaks ties. SEVERITY sorts by rank (CRITICAL highest), STATE in
 * lifecycle order (OPEN … CLOSED), OPENED_AT/RESOLVED_AT put alerts without the date last in ASC and first
 * in DESC. FOLLOWING_IDS (following lists) sorts by organization. Default SEVERITY.
 */
export type AlertOrder =
  /** By scan target id. */
  | 'scanTargetId'
  /** By resource, alphabetically. */
  | 'resource'
  /** By rule id, alphabetically. */
  | 'rule'
  /** By severity rank (CRITICAL highest); the default. */
  | 'severity'
  /** By state in lifecycle order (OPEN … CLOSED). */
  | 'state'
  /** By the date the alert was opened. */
  | 'openedAt'
  /** By the date the alert was resolved. */
  | 'resolvedAt'
  /** By creation date. */
  | 'createdAt'
  /** By date of the last change. */
  | 'updatedAt'
  /** By organization (following lists). */
  | 'followingIds';

/** Sort key of alerts grouped by rule. Default TOTAL. */
export type GroupedAlertOrder =
  /** By rule id, alphabetically. */
  | 'rule'
  /** By the group's worst severity. */
  | 'severity'
  /** By the number of alerts in the group; the default. */
  | 'total';

/**
 * Filters of alert lists (all optional; empty lists are ignored). Dates are inclusive; zone-less
 * timestamps are UTC. scanTargetTags matches targets with any of the tags, plus targets without tags
 * when includeEmptyScanTargetTags. search matches rule, rule title and resource (not resource for
 * following lists).
 */
export type AlertFilter = {
  /** Alerts created at or after this time. */
  createdAtStart?: InputMaybe<Scalars['DateTime']['input']>;
  /** Alerts created at or before this time. */
  createdAtEnd?: InputMaybe<Scalars['DateTime']['input']>;
  /** Alerts opened at or after this time. */
  openedAtStart?: InputMaybe<Scalars['DateTime']['input']>;
  /** Alerts opened at or before this time. */
  openedAtEnd?: InputMaybe<Scalars['DateTime']['input']>;
  /** Alerts resolved at or after this time. */
  resolvedAtStart?: InputMaybe<Scalars['DateTime']['input']>;
  /** Alerts resolved at or before this time. */
  resolvedAtEnd?: InputMaybe<Scalars['DateTime']['input']>;
  /** Alerts changed at or after this time. */
  updatedAtStart?: InputMaybe<Scalars['DateTime']['input']>;
  /** Alerts changed at or before this time. */
  updatedAtEnd?: InputMaybe<Scalars['DateTime']['input']>;
  /** Alerts of any of these rule ids. */
  rules?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Alerts of any of these scan targets. */
  scanTargetIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Alerts of scan targets of any of these kinds. */
  scanTargetKinds?: InputMaybe<Array<ScanTargetKind>>;
  /** Alerts of scan targets with any of these tags. */
  scanTargetTags?: InputMaybe<Array<Scalars['String']['input']>>;
  /** With scanTargetTags: also alerts of scan targets without tags. Default false. */
  includeEmptyScanTargetTags?: InputMaybe<Scalars['Boolean']['input']>;
  /** Text the rule, the rule's title or the resource contains (case-insensitive; not the resource in following lists). */
  search?: InputMaybe<Scalars['String']['input']>;
  /** Alerts of any of these severities. */
  severities?: InputMaybe<Array<AlertSeverity>>;
  /** Alerts in any of these states (ACTIVE: every state but CLOSED). */
  states?: InputMaybe<Array<AlertStateFilter>>;
  /** Alerts carrying any of these compliance tags (as `compliances` lists them, exactly: `PCI-DSS`, `CIS-AWS-2.1`); followers may use it. */
  compliances?: InputMaybe<Array<Scalars['String']['input']>>;
};

/**
 * Which followed organizations a following list reads: followingIds (default all followed), and
 * followingTags (tags the follower put on its follows) with includeEmptyFollowingTags for untagged follows.
 */
export type FollowingSelection = {
  /** Only these followed organizations' ids; default every organization followed. */
  followingIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Only follows carrying any of these tags (the tags the follower put on its follows). */
  followingTags?: InputMaybe<Array<Scalars['String']['input']>>;
  /** With followingTags: also follows without tags. Default false. */
  includeEmptyFollowingTags?: InputMaybe<Scalars['Boolean']['input']>;
};

/** A page of alerts as the REST lists read it. */
export type AlertPage = {
  __typename?: 'AlertPage';
  data: Array<Alert>;
  /** The same alerts as plain JSON records with the fields of Alert (the REST shape): far cheaper to carry through the gateway than typed fields, for REST lists. */
  records: Array<Scalars['JSON']['output']>;
  /** The same records as one JSON array text, written from the database's text of each field when asked for alone (with cursor): what the REST lists send unchanged. */
  recordsJson: Scalars['String']['output'];
  /** Pass it back for the next page; null on the last page. */
  cursor?: Maybe<Scalars['String']['output']>;
};

/** A page of a page-numbered (legacy) list. */
export type AlertNumberedPage = {
  __typename?: 'AlertNumberedPage';
  data: Array<Alert>;
  total: Scalars['Int']['output'];
};

/** The alerts of one rule in a list grouped by rule. */
export type AlertRuleGroup = {
  __typename?: 'AlertRuleGroup';
  /** The rule's id. */
  rule: Scalars['String']['output'];
  /** The rule's title in the list's `lang`. */
  ruleTitle?: Maybe<Scalars['String']['output']>;
  /** The worst severity among the rule's alerts. */
  severity: AlertSeverity;
  /** Days an alert of the rule may stay open before it counts as late; null when there is none. */
  timelinessThreshold?: Maybe<Scalars['Float']['output']>;
  /** How many of the list's alerts have this rule. */
  total: Scalars['Int']['output'];
};

export type AlertRuleGroupNumberedPage = {
  __typename?: 'AlertRuleGroupNumberedPage';
  data: Array<AlertRuleGroup>;
  total: Scalars['Int']['output'];
};

/** What changed an alert, in its history. */
export type AlertOperation =
  /** A scan found the failing resource for the first time: the alert was created, OPEN. */
  | 'CREATE'
  /** A scan found it again, or a member changed its state or labels. */
  | 'UPDATE'
  /** A scan found the resource passing (or gone): the alert was CLOSED. */
  | 'CLOSE'
  /** A scan found a CLOSED alert's resource failing again: the alert reopened. */
  | 'REOPEN';

/** One change of an alert: the alert's fields after it and what the change was. */
export type AlertHistoryRecord = {
  __typename?: 'AlertHistoryRecord';
  /** The record's own id (its place in the history); `followed:<id>` for a follower's censored copy. */
  id: Scalars['ID']['output'];
  /** The alert's id. */
  alertId: Scalars['ID']['output'];
  /** The id of the alert's organization. */
  organizationId: Scalars['ID']['output'];
  /** The alert's scan target id at this change; null once the target is deleted. */
  scanTargetId?: Maybe<Scalars['ID']['output']>;
  /** The id of the rule the resource fails. */
  rule: Scalars['String']['output'];
  /** The rule's title in `lang` (EN_US by default). */
  ruleTitle?: Maybe<Scalars['String']['output']>;
  /** The resource at this change ("[censored]" for a follower). */
  resource: Scalars['String']['output'];
  /** The alert's severity after this change. */
  severity: AlertSeverity;
  /** The alert's state after this change. */
  state: AlertState;
  /** The alert's version after this change (one record per version). */
  version: Scalars['Int']['output'];
  /** The scan target's tags at this change. */
  tags: Array<Scalars['String']['output']>;
  /** The alert's labels after this change. */
  labels: Array<Scalars['String']['output']>;
  /** Extra facts about the resource at this change: arbitrary JSON properties (`{}` for a follower). */
  enrichment: Scalars['JSON']['output'];
  /** The resource's properties at this change: a JSON object of string values (`{}` for a follower). */
  metadata: Scalars['JSON']['output'];
  /** When the alert was last opened, as of this change. */
  openedAt?: Maybe<Scalars['DateTime']['output']>;
  /** When the alert was closed, as of this change; null unless CLOSED. */
  resolvedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The rule's limit in days to fix, as of this change. */
  timelinessThreshold?: Maybe<Scalars['Float']['output']>;
  /** What the change was. */
  operation: AlertOperation;
  /** The user who made the change; null for scans. */
  userId?: Maybe<Scalars['ID']['output']>;
  /** When the change happened. */
  createdAt: Scalars['DateTime']['output'];
  /** Opaque; a history list asked for with this cursor starts after this record (the edge's cursor). */
  cursor: Scalars['String']['output'];
};


/** One change of an alert: the alert's fields after it and what the change was. */
export type AlertHistoryRecordRuleTitleArgs = {
  lang?: InputMaybe<Language>;
};

export type OneAlertHistoryPage = {
  __typename?: 'OneAlertHistoryPage';
  data: Array<AlertHistoryRecord>;
  total: Scalars['Int']['output'];
  cursor?: Maybe<Scalars['String']['output']>;
};

/** A member's comment on an alert. Only the alert's organization's members read comments. */
export type AlertComment = {
  __typename?: 'AlertComment';
  /** The comment's id. */
  id: Scalars['ID']['output'];
  /** The id of the alert's organization. */
  organizationId: Scalars['ID']['output'];
  /** The id of the alert commented on. */
  alertId: Scalars['ID']['output'];
  /** The id of the author. */
  userId: Scalars['ID']['output'];
  /** The comment's text, in the format `mimeType` says. */
  comment: Scalars['String']['output'];
  /** The comment's media type, like `text/markdown` (the default) or `text/plain`. */
  mimeType: Scalars['String']['output'];
  /** When the comment was written. */
  createdAt: Scalars['DateTime']['output'];
  /** The author's name; null if unknown. */
  userName?: Maybe<Scalars['String']['output']>;
  /** The URL of the author's picture; null if none. */
  userPicture?: Maybe<Scalars['String']['output']>;
  /** The author is no longer a member of the organization. */
  notMember: Scalars['Boolean']['output'];
};

export type AlertCommentPage = {
  __typename?: 'AlertCommentPage';
  data: Array<AlertComment>;
  total: Scalars['Int']['output'];
};

/** A page of alerts. */
export type AlertConnection = {
  __typename?: 'AlertConnection';
  /** The page's entries with their cursors. */
  edges: Array<AlertEdge>;
  /** The page's alerts (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<Alert>;
  /** Where this page stands: pass `endCursor` as `after` while `hasNextPage` is true. */
  pageInfo: PageInfo;
};

/** An alert with its cursor in the list. */
export type AlertEdge = {
  __typename?: 'AlertEdge';
  /** Pass as `after` to read the alerts that follow this one. */
  cursor: Scalars['String']['output'];
  /** The alert. */
  node: Alert;
};

/** A page of alerts grouped by rule. */
export type AlertRuleGroupConnection = {
  __typename?: 'AlertRuleGroupConnection';
  /** The page's entries with their cursors. */
  edges: Array<AlertRuleGroupEdge>;
  /** The page's rule groups (the edges' nodes). */
  nodes: Array<AlertRuleGroup>;
  /** Where this page stands: pass `endCursor` as `after` while `hasNextPage` is true. */
  pageInfo: PageInfo;
};

/** A rule group with its cursor in the list. */
export type AlertRuleGroupEdge = {
  __typename?: 'AlertRuleGroupEdge';
  /** Pass as `after` to read the groups that follow this one. */
  cursor: Scalars['String']['output'];
  /** The rule group. */
  node: AlertRuleGroup;
};

/** A page of alert history records. */
export type AlertHistoryRecordConnection = {
  __typename?: 'AlertHistoryRecordConnection';
  /** The page's entries with their cursors. */
  edges: Array<AlertHistoryRecordEdge>;
  /** The page's history records (the edges' nodes). */
  nodes: Array<AlertHistoryRecord>;
  /** Where this page stands: pass `endCursor` as `after` while `hasNextPage` is true. */
  pageInfo: PageInfo;
  /** How many history records the alert has in all (one alert's history only; null for organization-wide history). */
  totalCount?: Maybe<Scalars['Int']['output']>;
};

/** A history record with its cursor in the list. */
export type AlertHistoryRecordEdge = {
  __typename?: 'AlertHistoryRecordEdge';
  /** Pass as `after` to read the records that follow this one. */
  cursor: Scalars['String']['output'];
  /** The history record. */
  node: AlertHistoryRecord;
};

/** A page of an alert's comments. */
export type AlertCommentConnection = {
  __typename?: 'AlertCommentConnection';
  /** The page's entries with their cursors. */
  edges: Array<AlertCommentEdge>;
  /** The page's comments (the edges' nodes). */
  nodes: Array<AlertComment>;
  /** Where this page stands: pass `endCursor` as `after` while `hasNextPage` is true. */
  pageInfo: PageInfo;
  /** How many comments the alert has in all (0 for a follower). */
  totalCount: Scalars['Int']['output'];
};

/** A comment with its cursor in the list. */
export type AlertCommentEdge = {
  __typename?: 'AlertCommentEdge';
  /** Pass as `after` to read the comments that follow this one. */
  cursor: Scalars['String']['output'];
  /** The comment. */
  node: AlertComment;
};

/** Alert counts: severities count the alerts that are not CLOSED, states count all of them. */
export type AlertCounts = {
  __typename?: 'AlertCounts';
  /** How many alerts match, in every state. */
  total: Scalars['Int']['output'];
  /** How many matching alerts are not CLOSED. */
  open: Scalars['Int']['output'];
  /** Alerts that are not CLOSED, per severity. */
  severities: SeverityCounts;
  /** Alerts per state. */
  states: StateCounts;
};

/** A number of alerts per severity. */
export type SeverityCounts = {
  __typename?: 'SeverityCounts';
  /** Alerts of severity CRITICAL. */
  CRITICAL: Scalars['Int']['output'];
  /** Alerts of severity HIGH. */
  HIGH: Scalars['Int']['output'];
  /** Alerts of severity MEDIUM. */
  MEDIUM: Scalars['Int']['output'];
  /** Alerts of severity LOW. */
  LOW: Scalars['Int']['output'];
  /** Alerts of severity INFO. */
  INFO: Scalars['Int']['output'];
  /** Alerts of severity CRITICAL (the posture aggregates' spelling, docs/posture.md). */
  critical: Scalars['Int']['output'];
  /** Alerts of severity HIGH (the posture aggregates' spelling). */
  high: Scalars['Int']['output'];
  /** Alerts of severity MEDIUM (the posture aggregates' spelling). */
  medium: Scalars['Int']['output'];
  /** Alerts of severity LOW (the posture aggregates' spelling). */
  low: Scalars['Int']['output'];
  /** Alerts of severity INFO (the posture aggregates' spelling). */
  info: Scalars['Int']['output'];
  /** Alerts of every severity. */
  total: Scalars['Int']['output'];
};

/** A number of alerts per state. */
export type StateCounts = {
  __typename?: 'StateCounts';
  /** Alerts in state OPEN. */
  OPEN: Scalars['Int']['output'];
  /** Alerts in state IN_PROGRESS. */
  IN_PROGRESS: Scalars['Int']['output'];
  /** Alerts in state RISK_ACCEPTED. */
  RISK_ACCEPTED: Scalars['Int']['output'];
  /** Alerts in state MITIGATING_CONTROL. */
  MITIGATING_CONTROL: Scalars['Int']['output'];
  /** Alerts in state FALSE_POSITIVE. */
  FALSE_POSITIVE: Scalars['Int']['output'];
  /** Alerts in state CLOSED. */
  CLOSED: Scalars['Int']['output'];
};

/** One scan target's alert counts (severities count the alerts that are not CLOSED). */
export type ScanTargetAlertSummary = {
  __typename?: 'ScanTargetAlertSummary';
  /** The scan target's id. */
  scanTargetId: Scalars['ID']['output'];
  /** The id of the scan target's organization. */
  organizationId: Scalars['ID']['output'];
  /** The scan target's name; "[censored]" for a follower. */
  name: Scalars['String']['output'];
  /** The scan target's kind. */
  kind: ScanTargetKind;
  /** The scan target's tags; empty for a follower. */
  tags: Array<Scalars['String']['output']>;
  /** How many alerts the target has, in every state. */
  total: Scalars['Int']['output'];
  /** How many of its alerts are not CLOSED. */
  open: Scalars['Int']['output'];
  /** Its alerts that are not CLOSED, per severity. */
  severities: SeverityCounts;
  /** Its alerts per state. */
  states: StateCounts;
};

/** Alert counts per scan target, with their totals. */
export type ScanTargetSummaries = {
  __typename?: 'ScanTargetSummaries';
  /** One entry per scan target that matches (an organization has at most a few hundred targets). */
  data: Array<ScanTargetAlertSummary>;
  /** The counts over every listed scan target. */
  totals: AlertCounts;
};

/** One UTC day of an alert time series. */
export type DailyAlertCounts = {
  __typename?: 'DailyAlertCounts';
  /** The day, `YYYY-MM-DD` (UTC). */
  date: Scalars['String']['output'];
  /** How many alerts the day counts. */
  total: Scalars['Int']['output'];
  /** The day's alerts per severity. */
  severities: SeverityCounts;
};

/** What `updateAlert` changes: the alert, and its new state, labels or comment (fields left out stay as they are). */
export type UpdateAlertInput = {
  /** The alert's organization; the caller must be one of its ADMIN members. */
  organizationId: Scalars['ID']['input'];
  /** The alert's scan target. */
  scanTargetId: Scalars['ID']['input'];
  /** The alert to change. */
  alertId: Scalars['ID']['input'];
  /** Any state but CLOSED (set only by scans), from any state: a CLOSED alert moved by hand reopens (openedAt now, resolvedAt cleared). */
  state?: InputMaybe<AlertState>;
  /** Replaces the labels. */
  labels?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Adds a comment (event AlertCommentCreated). */
  comment?: InputMaybe<Scalars['String']['input']>;
  /** The comment's media type; default `text/markdown`. */
  mimeType?: InputMaybe<Scalars['String']['input']>;
};

/** Which alerts a batch update picks by id or rule (either list, or both). */
export type AlertSelection = {
  /** Only these alerts. */
  alertIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Only alerts of these rule ids. */
  rules?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** Which of the organization's alerts a batch update changes; every condition given must hold. */
export type BatchAlertCondition = {
  /** When true nothing changes: count says how many alerts would. */
  dryRun?: InputMaybe<Scalars['Boolean']['input']>;
  /** Only alerts of these scan targets. */
  scanTargetIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Only alerts of scan targets with any of these tags. */
  scanTargetTags?: InputMaybe<Array<Scalars['String']['input']>>;
  /** With scanTargetTags: also alerts of scan targets without tags. Default false. */
  includeEmptyScanTargetTags?: InputMaybe<Scalars['Boolean']['input']>;
  /** Only alerts in these states (ACTIVE: any but CLOSED). */
  states?: InputMaybe<Array<AlertStateFilter>>;
  /** Only alerts of these severities. */
  severities?: InputMaybe<Array<AlertSeverity>>;
  /** Only these alerts or rules. */
  selection?: InputMaybe<AlertSelection>;
  /** Legacy spelling of selection.rules. */
  rules?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** What `batchUpdateAlerts` sets, and on which alerts. */
export type BatchUpdateAlertsInput = {
  /** The organization whose alerts change; the caller must be one of its ADMIN members. */
  organizationId: Scalars['ID']['input'];
  /** The state to set (the first element; any but CLOSED). */
  state: Array<AlertState>;
  /** Added as a comment to every alert changed. */
  comment?: InputMaybe<Scalars['String']['input']>;
  /** Which alerts to change. */
  condition: BatchAlertCondition;
};

/** What a batch update changed. */
export type BatchUpdateAlertsPayload = {
  __typename?: 'BatchUpdateAlertsPayload';
  /** Alerts changed by this call (or that would change, for a dry run). */
  count: Scalars['Int']['output'];
  /** Whether this was a dry run (nothing changed). */
  dryRun: Scalars['Boolean']['output'];
  /** Matching alerts still to change: at most 1000 change per call, send the same request again until 0. */
  remaining: Scalars['Int']['output'];
};

/** What `createAlertComment` needs: the alert and the comment. */
export type CreateAlertCommentInput = {
  /** The alert's organization; the caller must be one of its members. */
  organizationId: Scalars['ID']['input'];
  /** The alert to comment on. */
  alertId: Scalars['ID']['input'];
  /** When given, the alert must belong to this scan target. */
  scanTargetId?: InputMaybe<Scalars['ID']['input']>;
  /** The comment's text. */
  comment: Scalars['String']['input'];
  /** The comment's media type; default `text/markdown`. */
  mimeType?: InputMaybe<Scalars['String']['input']>;
};

/** The result of `createAlertComment`. */
export type CreateAlertCommentPayload = {
  __typename?: 'CreateAlertCommentPayload';
  /** The new comment. */
  alertComment: AlertComment;
};

/** The result of `updateAlert`. */
export type UpdateAlertPayload = {
  __typename?: 'UpdateAlertPayload';
  /** The alert after the change. */
  alert: Alert;
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Comments on an alert of the organization (event AlertCommentCreated). Members of the alert's organization. */
  createAlertComment: CreateAlertCommentPayload;
  /**
   * Changes an alert's state (never to CLOSED), labels, or adds a comment. ADMIN members of the
   * alert's organization. Events AlertUpdated (and AlertFollowingUpdated for each follower) and,
   * with a comment, AlertCommentCreated.
   */
  updateAlert: UpdateAlertPayload;
  /**
   * Sets a state on up to 1000 matching alerts per call; send the same input again while
   * `remaining` is above 0. ADMIN members of the organization.
   */
  batchUpdateAlerts: BatchUpdateAlertsPayload;
  /** Creates a scan target group (ADMIN). */
  createScanTargetGroup: CreateScanTargetGroupPayload;
  /** Renames a scan target group (ADMIN). */
  updateScanTargetGroup: UpdateScanTargetGroupPayload;
  /** Deletes the group and its scan targets (ADMIN); their alerts and scans stay. */
  deleteScanTargetGroup: DeleteScanTargetGroupPayload;
  /** Stores (encrypted) the credential of an ORACLE group (ADMIN); BAD_REQUEST for other kinds or a malformed credential. */
  insertScanTargetGroupCredential: InsertScanTargetGroupCredentialPayload;
  /** Creates one ORACLE scan target per compartment, with the group credential (ADMIN); the compartments become known to the group. */
  createScanTargetsFromCompartments: CreateScanTargetsFromCompartmentsPayload;
  /** Registers a scan target (ADMIN). BAD_REQUEST names a malformed name, credential key, schedule or tag. */
  createScanTarget: CreateScanTargetPayload;
  /** Changes a scan target's name, schedule, tags or scanner (ADMIN). */
  updateScanTarget: UpdateScanTargetPayload;
  /** Deletes a scan target (ADMIN): the scheduler no longer picks it; its alerts and scans stay. */
  deleteScanTarget: DeleteScanTargetPayload;
  /**
   * Checks the stored credential (ADMIN): that it decrypts and still has the shape its kind requires (no
   * cloud is called). Sets status CHECKED or INVALID_CREDENTIAL.
   */
  checkScanTarget: CheckScanTargetPayload;
  /**
   * Queues a scan of the target (ADMIN). Without `force`, refused with CONFLICT while the target has a
   * QUEUED or RUNNING scan; with `force`, that scan is STOPPED and a new one queued. A target whose
   * scanner is EXTERNAL cannot be started here (its scanner loads findings with `ingestFindings`).
   */
  startScan: StartScanPayload;
  /** Stops the target's QUEUED or RUNNING scan (ADMIN); its findings, if any arrive, are discarded. */
  stopScan: StopScanPayload;
  /**
   * Loads a scanner run's findings as one completed scan of the target (ADMIN) and reconciles the
   * alerts with it. The answer is the scan, DONE or FAILED. A malformed document is refused
   * (BAD_REQUEST) and creates no scan; CONFLICT while another scan of the target is active.
   */
  ingestFindings: IngestFindingsPayload;
};


export type MutationCreateAlertCommentArgs = {
  input: CreateAlertCommentInput;
};


export type MutationUpdateAlertArgs = {
  input: UpdateAlertInput;
};


export type MutationBatchUpdateAlertsArgs = {
  input: BatchUpdateAlertsInput;
};


export type MutationCreateScanTargetGroupArgs = {
  input: CreateScanTargetGroupInput;
};


export type MutationUpdateScanTargetGroupArgs = {
  input: UpdateScanTargetGroupInput;
};


export type MutationDeleteScanTargetGroupArgs = {
  input: DeleteScanTargetGroupInput;
};


export type MutationInsertScanTargetGroupCredentialArgs = {
  input: InsertScanTargetGroupCredentialInput;
};


export type MutationCreateScanTargetsFromCompartmentsArgs = {
  input: CreateScanTargetsFromCompartmentsInput;
};


export type MutationCreateScanTargetArgs = {
  input: CreateScanTargetInput;
};


export type MutationUpdateScanTargetArgs = {
  input: UpdateScanTargetInput;
};


export type MutationDeleteScanTargetArgs = {
  input: DeleteScanTargetInput;
};


export type MutationCheckScanTargetArgs = {
  input: CheckScanTargetInput;
};


export type MutationStartScanArgs = {
  input: StartScanInput;
};


export type MutationStopScanArgs = {
  input: StopScanInput;
};


export type MutationIngestFindingsArgs = {
  input: IngestFindingsInput;
};

/**
 * An organization's security posture: aggregates over its alerts, computed in the database. For a member the whole
 * organization; for a follower of it, exactly what its censored alert list shows (no scan target names, no scans).
 * Every aggregate counts the alerts its alert list shows (alerts of deleted scan targets are left out everywhere, their
 * history too) and groups them by the alert's current severity, rule, scan target and compliances.
 */
export type Posture = {
  __typename?: 'Posture';
  /** The organization the numbers are about. */
  organizationId: Scalars['ID']['output'];
  /** Whether the caller sees it as a MEMBER or a FOLLOWER (censored). */
  view: PostureView;
  /** Open alerts now, per severity: alerts in any state but CLOSED (the `ACTIVE` state filter, the set `dailyOpenAlerts` counts). */
  open: SeverityCounts;
  /** Open alerts past their timelinessThreshold (days since openedAt > threshold), per severity; alerts without a threshold are never overdue. */
  overdue: SeverityCounts;
  /** Letter grade A–F from `open` and `overdue`; the rule is in docs/posture.md. */
  grade: PostureGrade;
  /** Daily UTC buckets over a range of at most 366 days, from the alerts' history. */
  trend: PostureTrend;
  /** Open alerts grouped by one dimension, largest total first (ties by key). */
  breakdown: PostureGroupConnection;
  /** Time to resolve per severity (CRITICAL first) of the alerts resolved within the window. */
  timeToResolve: Array<TimeToResolve>;
  /** Per live scan target (by name): last successful scan, failures, never scanned. Null for a follower. */
  scanFreshness?: Maybe<ScanFreshnessConnection>;
};


/**
 * An organization's security posture: aggregates over its alerts, computed in the database. For a member the whole
 * organization; for a follower of it, exactly what its censored alert list shows (no scan target names, no scans).
 * Every aggregate counts the alerts its alert list shows (alerts of deleted scan targets are left out everywhere, their
 * history too) and groups them by the alert's current severity, rule, scan target and compliances.
 */
export type PostureTrendArgs = {
  input: PostureTrendInput;
};


/**
 * An organization's security posture: aggregates over its alerts, computed in the database. For a member the whole
 * organization; for a follower of it, exactly what its censored alert list shows (no scan target names, no scans).
 * Every aggregate counts the alerts its alert list shows (alerts of deleted scan targets are left out everywhere, their
 * history too) and groups them by the alert's current severity, rule, scan target and compliances.
 */
export type PostureBreakdownArgs = {
  input: PostureBreakdownInput;
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/**
 * An organization's security posture: aggregates over its alerts, computed in the database. For a member the whole
 * organization; for a follower of it, exactly what its censored alert list shows (no scan target names, no scans).
 * Every aggregate counts the alerts its alert list shows (alerts of deleted scan targets are left out everywhere, their
 * history too) and groups them by the alert's current severity, rule, scan target and compliances.
 */
export type PostureTimeToResolveArgs = {
  input: PostureWindowInput;
};


/**
 * An organization's security posture: aggregates over its alerts, computed in the database. For a member the whole
 * organization; for a follower of it, exactly what its censored alert list shows (no scan target names, no scans).
 * Every aggregate counts the alerts its alert list shows (alerts of deleted scan targets are left out everywhere, their
 * history too) and groups them by the alert's current severity, rule, scan target and compliances.
 */
export type PostureScanFreshnessArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};

/** How the caller reads a posture. */
export type PostureView =
  /** A member of the organization: every number. */
  | 'MEMBER'
  /** A member of an organization that follows it: what its censored alert list shows (no scan target names, no scans). */
  | 'FOLLOWER';

/** A letter grade of a posture, A best; the rule is in docs/posture.md. */
export type PostureGrade =
  /** Nothing overdue, and nothing open above LOW. */
  | 'A'
  /** Nothing CRITICAL or HIGH open; MEDIUM open, or LOW/INFO overdue. */
  | 'B'
  /** HIGH open, or MEDIUM overdue; no CRITICAL open. */
  | 'C'
  /** CRITICAL open (none overdue), or HIGH overdue. */
  | 'D'
  /** A CRITICAL alert is overdue. */
  | 'F';

/** What a posture breakdown groups the open alerts by. */
export type PostureDimension =
  /** The alert's state (every state but CLOSED). */
  | 'STATE'
  /** The alert's scan target (its id; its name as the label, null for a follower). */
  | 'SCAN_TARGET'
  /** The alert's rule. */
  | 'RULE'
  /** Each compliance tag of the alert (an alert with several counts in each; one with none in none). */
  | 'COMPLIANCE';

/** Narrows any posture aggregate (all optional, combined with AND; an empty list is no condition). */
export type PostureFilter = {
  /** Only alerts of these scan targets. */
  scanTargetIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Only alerts of these rule ids. */
  rules?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Only alerts carrying any of these compliance tags. */
  compliances?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Only alerts of these severities. */
  severities?: InputMaybe<Array<AlertSeverity>>;
};

/** `from`/`to` are UTC dates (YYYY-MM-DD, inclusive); at most 366 days; to defaults to today, from to to-29. */
export type PostureTrendInput = {
  /** The first day (UTC, YYYY-MM-DD); default `to` minus 29 days. */
  from?: InputMaybe<Scalars['String']['input']>;
  /** The last day (UTC, YYYY-MM-DD, inclusive); default today. */
  to?: InputMaybe<Scalars['String']['input']>;
  /** Which alerts count; default all. */
  filter?: InputMaybe<PostureFilter>;
};

/** A window of whole UTC days: `from`/`to` as in PostureTrendInput (at most 366 days; default the last 30). */
export type PostureWindowInput = {
  /** The first day (UTC, YYYY-MM-DD); default `to` minus 29 days. */
  from?: InputMaybe<Scalars['String']['input']>;
  /** The last day (UTC, YYYY-MM-DD, inclusive); default today. */
  to?: InputMaybe<Scalars['String']['input']>;
  /** Which alerts count; default all. */
  filter?: InputMaybe<PostureFilter>;
};

/** What a breakdown groups by, and which alerts it counts. */
export type PostureBreakdownInput = {
  /** The dimension to group by. */
  by: PostureDimension;
  /** Which alerts count; default all. */
  filter?: InputMaybe<PostureFilter>;
};

/** Open, opened and resolved alerts per UTC day over a range. */
export type PostureTrend = {
  __typename?: 'PostureTrend';
  /** The first day, YYYY-MM-DD (UTC). */
  from: Scalars['String']['output'];
  /** The last day, YYYY-MM-DD (UTC). */
  to: Scalars['String']['output'];
  /** One entry per day from `from` to `to`, oldest first. */
  days: Array<PostureDay>;
  /** Open at the end of `to` minus open at the end of `from` (negative: better). */
  openDelta: Scalars['Int']['output'];
};

/** One UTC day of a posture trend. */
export type PostureDay = {
  __typename?: 'PostureDay';
  /** The UTC date, YYYY-MM-DD. */
  date: Scalars['String']['output'];
  /** Open at the end of the day. */
  open: SeverityCounts;
  /** Opened (created or reopened, by a scan or by hand) during the day. */
  opened: SeverityCounts;
  /** Resolved (closed by a scan: the only way out of the open states) during the day. */
  resolved: SeverityCounts;
};

/** One group of a posture breakdown. */
export type PostureGroup = {
  __typename?: 'PostureGroup';
  /** The group's key: a state name, a scan target id, a rule id, a compliance tag. */
  key: Scalars['String']['output'];
  /** A human label: rule title, scan target name (null for a follower), the compliance tag, the state's words. */
  label?: Maybe<Scalars['String']['output']>;
  /** The group's open alerts per severity. */
  counts: SeverityCounts;
};

/** A posture group and its cursor. */
export type PostureGroupEdge = {
  __typename?: 'PostureGroupEdge';
  /** Pass as `after` to read the groups after this one. */
  cursor: Scalars['String']['output'];
  /** The group. */
  node: PostureGroup;
};

/** A page of posture groups (the connection model). */
export type PostureGroupConnection = {
  __typename?: 'PostureGroupConnection';
  /** The page's groups with their cursors. */
  edges: Array<PostureGroupEdge>;
  /** The page's groups. */
  nodes: Array<PostureGroup>;
  /** Where the page stands. */
  pageInfo: PageInfo;
  /** How many groups there are in all. */
  totalCount: Scalars['Int']['output'];
};

/** How long the alerts of one severity took to resolve. */
export type TimeToResolve = {
  __typename?: 'TimeToResolve';
  /** The severity. */
  severity: AlertSeverity;
  /** How many resolutions fell in the window (an alert closed twice counts twice). */
  resolved: Scalars['Int']['output'];
  /** The median hours from opening (or reopening) to resolution; null when none. */
  medianHours?: Maybe<Scalars['Float']['output']>;
  /** The 90th percentile of those hours (continuous); null when none. */
  p90Hours?: Maybe<Scalars['Float']['output']>;
};

/** How fresh one scan target's scans are. */
export type ScanFreshness = {
  __typename?: 'ScanFreshness';
  /** The scan target. */
  scanTarget: ScanTarget;
  /** When its last successful (DONE) scan finished; null when none did. */
  lastSuccessfulScanAt?: Maybe<Scalars['DateTime']['output']>;
  /** The status of its latest scan; null when it never had one. */
  lastScanStatus?: Maybe<ScanStatus>;
  /** When its last FAILED scan ended; null when none failed. */
  lastFailedScanAt?: Maybe<Scalars['DateTime']['output']>;
  /** Failed scans in the last 30 days. */
  failedScans: Scalars['Int']['output'];
  /** Whether no scan of it ever succeeded. */
  neverScanned: Scalars['Boolean']['output'];
};

/** A scan freshness entry and its cursor. */
export type ScanFreshnessEdge = {
  __typename?: 'ScanFreshnessEdge';
  /** Pass as `after` to read the entries after this one. */
  cursor: Scalars['String']['output'];
  /** The entry. */
  node: ScanFreshness;
};

/** A page of scan freshness entries (the connection model). */
export type ScanFreshnessConnection = {
  __typename?: 'ScanFreshnessConnection';
  /** The page's entries with their cursors. */
  edges: Array<ScanFreshnessEdge>;
  /** The page's entries. */
  nodes: Array<ScanFreshness>;
  /** Where the page stands. */
  pageInfo: PageInfo;
  /** How many live scan targets there are. */
  totalCount: Scalars['Int']['output'];
};

/** One followed organization in the comparison. */
export type FollowedPosture = {
  __typename?: 'FollowedPosture';
  /** The followed organization (resolve its name through the graph). */
  organization: Organization;
  /** Its open alerts per severity. */
  open: SeverityCounts;
  /** Its overdue alerts per severity. */
  overdue: SeverityCounts;
  /** Open now minus open 30 days ago. */
  trendDelta: Scalars['Int']['output'];
  /** Its grade (docs/posture.md). */
  grade: PostureGrade;
};

/** A followed organization's posture and its cursor. */
export type FollowedPostureEdge = {
  __typename?: 'FollowedPostureEdge';
  /** Pass as `after` to read the rows after this one. */
  cursor: Scalars['String']['output'];
  /** The row. */
  node: FollowedPosture;
};

/** A page of the followed-organizations comparison (the connection model). */
export type FollowedPostureConnection = {
  __typename?: 'FollowedPostureConnection';
  /** The page's rows with their cursors. */
  edges: Array<FollowedPostureEdge>;
  /** The page's rows. */
  nodes: Array<FollowedPosture>;
  /** Where the page stands. */
  pageInfo: PageInfo;
  /** How many organizations are followed. */
  totalCount: Scalars['Int']['output'];
};

/** What the followed-organizations comparison is ordered by. */
export type FollowedPostureOrderField =
  /** The grade (ASC: A first). */
  | 'GRADE'
  /** The number of overdue alerts. */
  | 'OVERDUE'
  /** The 30-day change of open alerts. */
  | 'TREND_DELTA'
  /** The number of open alerts. */
  | 'OPEN';

/** The order of the followed-organizations comparison; ties by organization id. */
export type FollowedPostureOrder = {
  /** What to order by. */
  field: FollowedPostureOrderField;
  /** The direction; default ASC. */
  direction?: InputMaybe<Sort>;
};

/** The posture message: the aggregates themselves, selected like Query.posture. */
export type PostureChange = {
  __typename?: 'PostureChange';
  /** Pass as `after` when subscribing again to resume right after the changes this message covers. */
  cursor: Scalars['String']['output'];
  /** The posture now, as Query.posture answers the subscriber (censored for a follower; null when the caller may no longer see it). */
  posture?: Maybe<Posture>;
};

/** What account a scan target group links. */
export type ScanTargetGroupKind =
  /** An Oracle Cloud tenancy: one scan target per compartment, sharing the group's credential. */
  | 'ORACLE'
  /** A Bitbucket workspace, linked through OAuth (`oauthLink`). */
  | 'BITBUCKET'
  /** A GitLab account, linked through OAuth (`oauthLink`). */
  | 'GITLAB';

/**
 * A set of scan targets sharing one credential: an ORACLE tenancy (one scan target per compartment) or
 * a BITBUCKET / GITLAB account linked through OAuth. Only members of the organization read it.
 */
export type ScanTargetGroup = {
  __typename?: 'ScanTargetGroup';
  /** The group's id (UUID). */
  id: Scalars['ID']['output'];
  /** The organization that created it. */
  organizationId: Scalars['ID']['output'];
  /** The organization that created it. */
  organization: Organization;
  /** Its name, as the organization chose it. */
  name: Scalars['String']['output'];
  /** What account it links. */
  kind: ScanTargetGroupKind;
  /**
   * The group credential with its secrets masked, `{}` until inserted. ORACLE:
   * `{region, tenancy_id, user_id, key_fingerprint}`.
   */
  credential: Scalars['JSON']['output'];
  /** The group's scan targets, oldest first. */
  scanTargets: ScanTargetConnection;
  /** When it was created. */
  createdAt: Scalars['DateTime']['output'];
  /** When it last changed. */
  updatedAt: Scalars['DateTime']['output'];
};


/**
 * A set of scan targets sharing one credential: an ORACLE tenancy (one scan target per compartment) or
 * a BITBUCKET / GITLAB account linked through OAuth. Only members of the organization read it.
 */
export type ScanTargetGroupScanTargetsArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
};

/** A page of an organization's scan target groups, oldest first. */
export type ScanTargetGroupConnection = {
  __typename?: 'ScanTargetGroupConnection';
  /** The page's groups with their cursors. */
  edges: Array<ScanTargetGroupEdge>;
  /** The page's groups (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<ScanTargetGroup>;
  /** Where the page stands: pass `endCursor` as `after` while `hasNextPage` is true. */
  pageInfo: PageInfo;
};

/** A scan target group with its cursor in the list. */
export type ScanTargetGroupEdge = {
  __typename?: 'ScanTargetGroupEdge';
  /** Pass as `after` to read the groups after this one. */
  cursor: Scalars['String']['output'];
  /** The group. */
  node: ScanTargetGroup;
};

/**
 * An Oracle compartment known for a group: the tenancy's root compartment once the credential is
 * inserted, and every compartment scan targets were created from. (Vigil calls no cloud, so it does not
 * discover compartments by itself.)
 */
export type OracleCompartment = {
  __typename?: 'OracleCompartment';
  /** The compartment's name (the root compartment is `root`). */
  name: Scalars['String']['output'];
  /** The compartment's OCID (the tenancy's OCID for the root). */
  ocid: Scalars['String']['output'];
};

/** What `createScanTargetGroup` needs. */
export type CreateScanTargetGroupInput = {
  /** The organization that creates the group; the caller must be one of its ADMIN members. */
  organizationId: Scalars['ID']['input'];
  /** Its name (1 to 200 characters, trimmed). */
  name: Scalars['String']['input'];
  /** What account it links. */
  kind: ScanTargetGroupKind;
};

/** The group `createScanTargetGroup` created. */
export type CreateScanTargetGroupPayload = {
  __typename?: 'CreateScanTargetGroupPayload';
  /** The new group, without a credential. */
  scanTargetGroup: ScanTargetGroup;
};

/** What `updateScanTargetGroup` changes. */
export type UpdateScanTargetGroupInput = {
  /** The organization the group belongs to; the caller must be one of its ADMIN members. */
  organizationId: Scalars['ID']['input'];
  /** The group to rename. */
  scanTargetGroupId: Scalars['ID']['input'];
  /** Its new name (1 to 200 characters, trimmed). */
  name: Scalars['String']['input'];
};

/** The group `updateScanTargetGroup` changed. */
export type UpdateScanTargetGroupPayload = {
  __typename?: 'UpdateScanTargetGroupPayload';
  /** The group as it is now. */
  scanTargetGroup: ScanTargetGroup;
};

/** What `deleteScanTargetGroup` needs. */
export type DeleteScanTargetGroupInput = {
  /** The organization the group belongs to; the caller must be one of its ADMIN members. */
  organizationId: Scalars['ID']['input'];
  /** The group to delete, with its scan targets. */
  scanTargetGroupId: Scalars['ID']['input'];
};

/** What `deleteScanTargetGroup` removed. */
export type DeleteScanTargetGroupPayload = {
  __typename?: 'DeleteScanTargetGroupPayload';
  /** The deleted group's id. */
  deletedId: Scalars['ID']['output'];
  /** The ids of the group's scan targets, deleted with it. */
  deletedScanTargetIds: Array<Scalars['ID']['output']>;
};

/** What `insertScanTargetGroupCredential` needs. */
export type InsertScanTargetGroupCredentialInput = {
  /** The organization the group belongs to; the caller must be one of its ADMIN members. */
  organizationId: Scalars['ID']['input'];
  /** The ORACLE group whose credential is set. */
  scanTargetGroupId: Scalars['ID']['input'];
  /** The Oracle credential `{region, tenancy_id, user_id, key_fingerprint}` (camelCase keys are accepted too). */
  credential: Scalars['JSON']['input'];
};

/** The group `insertScanTargetGroupCredential` changed. */
export type InsertScanTargetGroupCredentialPayload = {
  __typename?: 'InsertScanTargetGroupCredentialPayload';
  /** The group with its masked credential; the tenancy's root compartment becomes known. */
  scanTargetGroup: ScanTargetGroup;
};

/** An Oracle compartment to create a scan target for. */
export type OracleCompartmentInput = {
  /** The scan target's name (1 to 200 characters, trimmed). */
  name: Scalars['String']['input'];
  /** The compartment's OCID (`ocid1.compartment.…`, or the tenancy's OCID for the root). */
  ocid: Scalars['String']['input'];
};

/** What `createScanTargetsFromCompartments` needs. */
export type CreateScanTargetsFromCompartmentsInput = {
  /** The organization the group belongs to; the caller must be one of its ADMIN members. */
  organizationId: Scalars['ID']['input'];
  /** The ORACLE group, whose credential must be inserted first. */
  scanTargetGroupId: Scalars['ID']['input'];
  /** The compartments (1 to 100, no OCID twice, none the group already has a scan target for: CONFLICT). */
  compartments: Array<OracleCompartmentInput>;
  /** When to scan the new targets; default daily at NIGHT. */
  schedule?: InputMaybe<ScanScheduleInput>;
  /** A schedule in another accepted form (an object, its JSON text, a bare frequency, or a cron string). */
  scheduleJson?: InputMaybe<Scalars['JSON']['input']>;
  /** Labels of the new targets (same rules as `CreateScanTargetInput.tags`). */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** The scan targets `createScanTargetsFromCompartments` created. */
export type CreateScanTargetsFromCompartmentsPayload = {
  __typename?: 'CreateScanTargetsFromCompartmentsPayload';
  /** One new ORACLE scan target per compartment, in the order given (at most 100). */
  scanTargets: Array<ScanTarget>;
};

/**
 * One cloud or SaaS account an organization registered for scanning. Only members of the organization
 * read it (followers see alerts, not scan targets). Credentials are stored encrypted (AES-256-GCM) and
 * never returned in full: `credential` is a masked view.
 */
export type ScanTarget = {
  __typename?: 'ScanTarget';
  /** The scan target's id (UUID). */
  id: Scalars['ID']['output'];
  /** The organization that registered it. */
  organizationId: Scalars['ID']['output'];
  /** The organization that registered it. */
  organization: Organization;
  /** The scan target group it was created from (ORACLE compartments), if any. */
  groupId?: Maybe<Scalars['ID']['output']>;
  /** Its name, as the organization chose it. */
  name: Scalars['String']['output'];
  /** What kind of account it is; fixes the credential's shape. */
  kind: ScanTargetKind;
  /**
   * The credential with its secrets masked: an object of the kind's keys (see `CreateScanTargetInput.credential`).
   * Secrets (secret, personalAccessToken, apiKey, privateKey, apiToken, clientSecret) are shown as "****"
   * plus at most their last 4 characters; identifiers are shown as stored.
   */
  credential: Scalars['JSON']['output'];
  /** When the scheduler scans it. */
  schedule: ScanSchedule;
  /** The schedule in its stored form (`{frequency, timeOfDay?, day?}`). */
  scheduleJson: Scalars['JSON']['output'];
  /** Free-form labels the organization gave it (at most 50); alert lists filter by them. */
  tags: Array<Scalars['String']['output']>;
  /** Whether its credential was checked (`checkScanTarget`). */
  status: ScanTargetStatus;
  /** Who produces its findings. */
  scanner: ScanTargetScanner;
  /** When its last scan started; null before the first. */
  lastScanAt?: Maybe<Scalars['DateTime']['output']>;
  /** When the scheduler starts the next scan; null once deleted. */
  nextScanAt?: Maybe<Scalars['DateTime']['output']>;
  /** When it was registered. */
  createdAt: Scalars['DateTime']['output'];
  /** When it last changed. */
  updatedAt: Scalars['DateTime']['output'];
};

/** Whether a scan target's credential was checked. */
export type ScanTargetStatus =
  /** Registered, its credential not checked yet. */
  | 'NEW'
  /** The last check found the credential readable and of the shape its kind requires. */
  | 'CHECKED'
  /** The last check found the credential unreadable or no longer of its kind's shape. */
  | 'INVALID_CREDENTIAL';

/** Who produces a scan target's findings. */
export type ScanTargetScanner =
  /**
   * The built-in deterministic demo scanner runs the target's scheduled and manual scans (demo data:
   * never choose it for a real account you care about).
   */
  | 'DEMO'
  /**
   * A real scanner (Prowler, Vigil's JSON) loads each complete scan with `ingestFindings`. The schedule
   * only moves on; `startScan` fails with a pointer to `ingestFindings`. Findings ingested into a DEMO
   * target make it EXTERNAL.
   */
  | 'EXTERNAL';

/**
 * When a scan target is scanned. All times are UTC; a time of day is a slot start (NIGHT 00:00,
 * MORNING 06:00, AFTERNOON 12:00, EVENING 18:00), and 6- and 12-hourly scans run at 00/06/12/18 UTC.
 */
export type ScanSchedule = {
  __typename?: 'ScanSchedule';
  /** How often. */
  frequency: ScanFrequency;
  /** The slot of DAILY and WEEKLY scans; null for EVERY_6_HOURS and EVERY_12_HOURS. */
  timeOfDay?: Maybe<ScanTimeOfDay>;
  /** The day of WEEKLY scans; null otherwise. */
  day?: Maybe<DayOfWeek>;
};

/** How often a scan target is scanned. */
export type ScanFrequency =
  /** At 00:00, 06:00, 12:00 and 18:00 UTC. */
  | 'EVERY_6_HOURS'
  /** At 00:00 and 12:00 UTC. */
  | 'EVERY_12_HOURS'
  /** Once a day, at the schedule's time of day. */
  | 'DAILY'
  /** Once a week, on the schedule's day at its time of day. */
  | 'WEEKLY';

/** A time-of-day slot (UTC). */
export type ScanTimeOfDay =
  /** 00:00 UTC. */
  | 'NIGHT'
  /** 06:00 UTC. */
  | 'MORNING'
  /** 12:00 UTC. */
  | 'AFTERNOON'
  /** 18:00 UTC. */
  | 'EVENING';

/** A day of the week. */
export type DayOfWeek =
  /** Sunday. */
  | 'SUNDAY'
  /** Monday. */
  | 'MONDAY'
  /** Tuesday. */
  | 'TUESDAY'
  /** Wednesday. */
  | 'WEDNESDAY'
  /** Thursday. */
  | 'THURSDAY'
  /** Friday. */
  | 'FRIDAY'
  /** Saturday. */
  | 'SATURDAY';

/** A schedule to set. Absent: daily at NIGHT. */
export type ScanScheduleInput = {
  /** How often. */
  frequency: ScanFrequency;
  /** The slot of DAILY and WEEKLY scans (default NIGHT); ignored otherwise. */
  timeOfDay?: InputMaybe<ScanTimeOfDay>;
  /** The day of WEEKLY scans (default SUNDAY); ignored otherwise. */
  day?: InputMaybe<DayOfWeek>;
};

/** A page of an organization's (or a group's) scan targets, oldest first. */
export type ScanTargetConnection = {
  __typename?: 'ScanTargetConnection';
  /** The page's scan targets with their cursors. */
  edges: Array<ScanTargetEdge>;
  /** The page's scan targets (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<ScanTarget>;
  /** Where the page stands: pass `endCursor` as `after` while `hasNextPage` is true. */
  pageInfo: PageInfo;
};

/** A scan target with its cursor in the list. */
export type ScanTargetEdge = {
  __typename?: 'ScanTargetEdge';
  /** Pass as `after` to read the scan targets after this one. */
  cursor: Scalars['String']['output'];
  /** The scan target. */
  node: ScanTarget;
};

/** A link for the caller to open: an OAuth consent start, a script download. */
export type Link = {
  __typename?: 'Link';
  /** The absolute http(s) URL to open. */
  url: Scalars['String']['output'];
};

/** What `createScanTarget` needs. */
export type CreateScanTargetInput = {
  /** The organization that registers the target; the caller must be one of its ADMIN members. */
  organizationId: Scalars['ID']['input'];
  /** Its name (1 to 200 characters, trimmed). */
  name: Scalars['String']['input'];
  /** What kind of account it is. */
  kind: ScanTargetKind;
  /**
   * The credential, an object of the kind's keys (camelCase; snake_case is accepted too), `{}` or absent
   * for OAuth kinds:
   * - AWS `{account}`: 12-digit account id
   * - AZURE `{applicationId, subscriptionId, directoryId, secret}`: three UUIDs and the client secret
   * - GCP `{projectId}` · HUAWEI `{accountId}` · DOMAIN `{domain}` (a domain name)
   * - ORACLE `{compartment_id, region, tenancy_id, user_id, key_fingerprint}` (OCIDs, region like us-ashburn-1, key fingerprint)
   * - ZENDESK `{instanceUrl}` · JIRA `{jiraUrl}` (https URLs)
   * - MS365 `{applicationId, tenantId, secret}` · GITHUB `{organizationName, installationId}`
   * - GWORKSPACE, SLACK, BITBUCKET, GITLAB, SALESFORCE `{}`: access is granted afterwards through `oauthLink`
   * - AZURE_DEVOPS `{organizationName, personalAccessToken}`, JUMP_CLOUD `{organizationId, apiKey}`,
   *   MONGODB_ATLAS `{publicKey, privateKey}`, OKTA `{domain, apiToken}`, CLOUDFLARE `{apiToken, accountId?}`,
   *   CROWDSTRIKE_FALCON `{clientId, clientSecret, baseUrl?}`, BITDEFENDER `{accessUrl, apiKey}`,
   *   SENTINEL_ONE `{consoleUrl, apiToken}`, SOPHOS `{clientId, clientSecret}`.
   * BAD_REQUEST names the missing or malformed key.
   */
  credential?: InputMaybe<Scalars['JSON']['input']>;
  /** When to scan it; default daily at NIGHT. */
  schedule?: InputMaybe<ScanScheduleInput>;
  /** A schedule in another accepted form (an object, its JSON text, a bare frequency, or a cron string). */
  scheduleJson?: InputMaybe<Scalars['JSON']['input']>;
  /** Labels (trimmed, at most 100 characters each, duplicates dropped, at most 50); default none. */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Who produces its findings; default EXTERNAL. */
  scanner?: InputMaybe<ScanTargetScanner>;
};

/** The scan target `createScanTarget` registered. */
export type CreateScanTargetPayload = {
  __typename?: 'CreateScanTargetPayload';
  /** The new scan target, status NEW. */
  scanTarget: ScanTarget;
};

/** What `updateScanTarget` changes; an absent (or null) field stays unchanged. */
export type UpdateScanTargetInput = {
  /** The organization the scan target belongs to; the caller must be one of its ADMIN members. */
  organizationId: Scalars['ID']['input'];
  /** The scan target to change. */
  scanTargetId: Scalars['ID']['input'];
  /** Its new name (1 to 200 characters, trimmed). */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Its new schedule; the next scan moves to the new schedule's next slot. */
  schedule?: InputMaybe<ScanScheduleInput>;
  /** A new schedule in another accepted form (an object, its JSON text, a bare frequency, or a cron string). */
  scheduleJson?: InputMaybe<Scalars['JSON']['input']>;
  /** Its new labels, replacing the old ones (same rules as on creation). */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Who produces its findings from now on. */
  scanner?: InputMaybe<ScanTargetScanner>;
};

/** The scan target `updateScanTarget` changed. */
export type UpdateScanTargetPayload = {
  __typename?: 'UpdateScanTargetPayload';
  /** The scan target as it is now. */
  scanTarget: ScanTarget;
};

/** What `deleteScanTarget` needs. */
export type DeleteScanTargetInput = {
  /** The organization the scan target belongs to; the caller must be one of its ADMIN members. */
  organizationId: Scalars['ID']['input'];
  /** The scan target to delete. */
  scanTargetId: Scalars['ID']['input'];
};

/** The scan target `deleteScanTarget` removed. */
export type DeleteScanTargetPayload = {
  __typename?: 'DeleteScanTargetPayload';
  /** The deleted scan target's id. */
  deletedId: Scalars['ID']['output'];
};

/** What `checkScanTarget` needs. */
export type CheckScanTargetInput = {
  /** The organization the scan target belongs to; the caller must be one of its ADMIN members. */
  organizationId: Scalars['ID']['input'];
  /** The scan target whose credential is checked. */
  scanTargetId: Scalars['ID']['input'];
};

/** The scan target `checkScanTarget` checked. */
export type CheckScanTargetPayload = {
  __typename?: 'CheckScanTargetPayload';
  /** The scan target with its new status (CHECKED or INVALID_CREDENTIAL). */
  scanTarget: ScanTarget;
};

/** Where a scan stands. A scan target has at most one QUEUED or RUNNING scan at a time. */
export type ScanStatus =
  /** Waiting for a worker (manual or scheduled start). */
  | 'QUEUED'
  /** Being scanned, or its ingested findings are being reconciled. */
  | 'RUNNING'
  /** Completed with its full set of findings; the alerts were reconciled. */
  | 'DONE'
  /** The scanner or the document failed; no alert changed. */
  | 'FAILED'
  /** Stopped by a user or replaced by a forced start; its findings, if any arrive, are discarded. */
  | 'STOPPED';

/** What started a scan. */
export type ScanTrigger =
  /** An ADMIN started it (`startScan`). */
  | 'MANUAL'
  /** The scan target's schedule started it. */
  | 'SCHEDULED'
  /** A scanner's findings were loaded with `ingestFindings`. */
  | 'INGEST';

/** What a completed scan did to the target's alerts (counts of alerts or findings). */
export type ScanSummary = {
  __typename?: 'ScanSummary';
  /** Distinct (rule, resource) findings. */
  findings: Scalars['Int']['output'];
  /** Alerts opened for findings seen for the first time. */
  created: Scalars['Int']['output'];
  /** Closed alerts opened again because their finding came back. */
  reopened: Scalars['Int']['output'];
  /** Open alerts whose data changed (their state is kept). */
  updated: Scalars['Int']['output'];
  /** Alerts closed because the scan no longer found them. */
  closed: Scalars['Int']['output'];
  /** Alerts the scan found again without any change. */
  unchanged: Scalars['Int']['output'];
  /** Findings dropped because an earlier one had the same rule and resource. */
  duplicates: Scalars['Int']['output'];
};

/**
 * One scan of a scan target. A scan completes with its full set of findings (DONE) or fails
 * (FAILED) without changing any alert. A target has at most one QUEUED or RUNNING scan.
 */
export type Scan = {
  __typename?: 'Scan';
  /** The scan's id (UUID). */
  id: Scalars['ID']['output'];
  /** The organization the scanned target belongs to. */
  organizationId: Scalars['ID']['output'];
  /** The id of the scanned target. */
  scanTargetId: Scalars['ID']['output'];
  /** The scanned target; null once it was deleted. */
  scanTarget?: Maybe<ScanTarget>;
  /** Where the scan stands. */
  status: ScanStatus;
  /** What started the scan. */
  trigger: ScanTrigger;
  /** How many findings the scan produced (0 until it is DONE). */
  findingsCount: Scalars['Int']['output'];
  /** What the scan did to the alerts; set only when the scan is DONE. */
  summary?: Maybe<ScanSummary>;
  /** Why the scan FAILED or was STOPPED; null otherwise. */
  error?: Maybe<Scalars['String']['output']>;
  /** When a worker started the scan; null while QUEUED. */
  startedAt?: Maybe<Scalars['DateTime']['output']>;
  /** When the scan ended (DONE, FAILED or STOPPED); null before. */
  finishedAt?: Maybe<Scalars['DateTime']['output']>;
  /** When the scan was queued. */
  createdAt: Scalars['DateTime']['output'];
  /** When the scan last changed. */
  updatedAt: Scalars['DateTime']['output'];
};

/** A page of a scan target's scans, newest first. */
export type ScanConnection = {
  __typename?: 'ScanConnection';
  /** The page's scans with their cursors. */
  edges: Array<ScanEdge>;
  /** The page's scans (the edges' nodes), for clients that do not need per-entry cursors. */
  nodes: Array<Scan>;
  /** Where the page stands: pass `endCursor` as `after` while `hasNextPage` is true. */
  pageInfo: PageInfo;
};

/** A scan with its cursor in the list. */
export type ScanEdge = {
  __typename?: 'ScanEdge';
  /** Pass as `after` to read the scans after this one. */
  cursor: Scalars['String']['output'];
  /** The scan. */
  node: Scan;
};

/** What `startScan` needs: the scan target, and whether to replace an active scan. */
export type StartScanInput = {
  /** The organization the scan target belongs to; the caller must be one of its ADMIN members. */
  organizationId: Scalars['ID']['input'];
  /** The scan target to scan. */
  scanTargetId: Scalars['ID']['input'];
  /**
   * false (default): refused with CONFLICT while the target has a QUEUED or RUNNING scan. true: that
   * scan is STOPPED and a new one queued.
   */
  force?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The scan `startScan` queued. */
export type StartScanPayload = {
  __typename?: 'StartScanPayload';
  /** The new scan, QUEUED. */
  scan: Scan;
};

/** What `stopScan` needs: the scan target whose active scan stops. */
export type StopScanInput = {
  /** The organization the scan target belongs to; the caller must be one of its ADMIN members. */
  organizationId: Scalars['ID']['input'];
  /** The scan target whose QUEUED or RUNNING scan stops. */
  scanTargetId: Scalars['ID']['input'];
};

/** The scan `stopScan` stopped. */
export type StopScanPayload = {
  __typename?: 'StopScanPayload';
  /** The stopped scan (STOPPED); null when the target had no QUEUED or RUNNING scan. */
  scan?: Maybe<Scan>;
};

/** What `ingestFindings` needs: the scan target and a scanner run's findings. */
export type IngestFindingsInput = {
  /** The organization the scan target belongs to; the caller must be one of its ADMIN members. */
  organizationId: Scalars['ID']['input'];
  /** The scan target the findings are about. */
  scanTargetId: Scalars['ID']['input'];
  /**
   * The scanner's output document, in one of two published formats: Vigil's
   * `{"format":"vigil","findings":[{rule, resource, severity?, metadata?, enrichment?, tags?, compliances?, title?}]}`
   * (metadata and enrichment hold arbitrary properties) or Prowler's JSON-OCSF array (status_code FAIL
   * is a finding).
   */
  document: Scalars['JSON']['input'];
};

/** The scan `ingestFindings` recorded. */
export type IngestFindingsPayload = {
  __typename?: 'IngestFindingsPayload';
  /** The scan, DONE (the alerts were reconciled) or FAILED (no alert changed). */
  scan: Scan;
};

/**
 * Live alert changes, over graphql-ws on /graphql and GraphQL over SSE on /graphql/stream. Each
 * message's `alert` is the alert as `Query.alert` answers it.
 */
export type Subscription = {
  __typename?: 'Subscription';
  /** The organization's alert changes (AlertCreated, AlertUpdated), filtered like the alert lists. Members. `after`: resume after that message's cursor. */
  alertChanged: AlertChange;
  /** Alert changes of the organizations `organizationId` follows (AlertFollowingCreated, AlertFollowingUpdated), censored. Members of organizationId. */
  followingAlertChanged: AlertChange;
  /** Pushes the posture (the selection the client asked for) within 1 s of a change of the organization's alerts, at most one message per second. Members, or followers (censored). `after` resumes. */
  postureChanged: PostureChange;
};


/**
 * Live alert changes, over graphql-ws on /graphql and GraphQL over SSE on /graphql/stream. Each
 * message's `alert` is the alert as `Query.alert` answers it.
 */
export type SubscriptionAlertChangedArgs = {
  organizationId: Scalars['ID']['input'];
  severities?: InputMaybe<Array<AlertSeverity>>;
  states?: InputMaybe<Array<AlertState>>;
  scanTargetIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  rules?: InputMaybe<Array<Scalars['String']['input']>>;
  scanTargetKinds?: InputMaybe<Array<ScanTargetKind>>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/**
 * Live alert changes, over graphql-ws on /graphql and GraphQL over SSE on /graphql/stream. Each
 * message's `alert` is the alert as `Query.alert` answers it.
 */
export type SubscriptionFollowingAlertChangedArgs = {
  organizationId: Scalars['ID']['input'];
  followingIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  followingTags?: InputMaybe<Array<Scalars['String']['input']>>;
  severities?: InputMaybe<Array<AlertSeverity>>;
  states?: InputMaybe<Array<AlertState>>;
  rules?: InputMaybe<Array<Scalars['String']['input']>>;
  after?: InputMaybe<Scalars['String']['input']>;
};


/**
 * Live alert changes, over graphql-ws on /graphql and GraphQL over SSE on /graphql/stream. Each
 * message's `alert` is the alert as `Query.alert` answers it.
 */
export type SubscriptionPostureChangedArgs = {
  organizationId: Scalars['ID']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
};

/** One change of one alert, as a subscription message. */
export type AlertChange = {
  __typename?: 'AlertChange';
  /** Pass as `after` when subscribing again to resume right after this message. */
  cursor: Scalars['String']['output'];
  /** What happened to the alert. */
  event: AlertChangeEvent;
  /** The event's sequence number in the log (log order). */
  seq: Scalars['String']['output'];
  /** The alert now, as Query.alert answers it (censored for a follower; null when the caller may no longer see it). `lang` no longer changes `ruleTitle`: use `ruleTitle(lang:)`. */
  alert?: Maybe<Alert>;
};


/** One change of one alert, as a subscription message. */
export type AlertChangeAlertArgs = {
  lang?: InputMaybe<Language>;
};

/** What an `AlertChange` message reports. */
export type AlertChangeEvent =
  /** A scan created the alert (`alertChanged`). */
  | 'ALERT_CREATED'
  /** The alert changed: a scan, or a member's update (`alertChanged`). */
  | 'ALERT_UPDATED'
  /** A followed organization's alert was created (`followingAlertChanged`). */
  | 'ALERT_FOLLOWING_CREATED'
  /** A followed organization's alert changed (`followingAlertChanged`). */
  | 'ALERT_FOLLOWING_UPDATED';



export type ResolverTypeWrapper<T> = Promise<T> | T;

export type ReferenceResolver<TResult, TReference, TContext> = (
      reference: TReference,
      context: TContext,
      info: GraphQLResolveInfo
    ) => Promise<TResult> | TResult;

      type ScalarCheck<T, S> = S extends true ? T : NullableCheck<T, S>;
      type NullableCheck<T, S> = Maybe<T> extends T ? Maybe<ListCheck<NonNullable<T>, S>> : ListCheck<T, S>;
      type ListCheck<T, S> = T extends (infer U)[] ? NullableCheck<U, S>[] : GraphQLRecursivePick<T, S>;
      export type GraphQLRecursivePick<T, S> = { [K in keyof T & keyof S]: ScalarCheck<T[K], S[K]> };
    

export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

/** Mapping of federation types */
export type FederationTypes = {
  Alert: Alert;
  ScanTarget: ScanTarget;
  Scan: Scan;
};

/** Mapping of federation reference types */
export type FederationReferenceTypes = {
  Alert:
    ( { __typename: 'Alert' }
    & GraphQLRecursivePick<FederationTypes['Alert'], {"id":true}> );
  ScanTarget:
    ( { __typename: 'ScanTarget' }
    & GraphQLRecursivePick<FederationTypes['ScanTarget'], {"id":true}> );
  Scan:
    ( { __typename: 'Scan' }
    & GraphQLRecursivePick<FederationTypes['Scan'], {"id":true}> );
};



/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  DateTime: ResolverTypeWrapper<any>;
  JSON: ResolverTypeWrapper<any>;
  PageInfo: ResolverTypeWrapper<any>;
  Boolean: ResolverTypeWrapper<any>;
  String: ResolverTypeWrapper<any>;
  Language: Language;
  Sort: ResolverTypeWrapper<any>;
  AlertSeverity: ResolverTypeWrapper<any>;
  AlertState: ResolverTypeWrapper<any>;
  ScanTargetKind: ResolverTypeWrapper<any>;
  Organization: ResolverTypeWrapper<any>;
  ID: ResolverTypeWrapper<any>;
  Rule: ResolverTypeWrapper<any>;
  Float: ResolverTypeWrapper<any>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Int: ResolverTypeWrapper<any>;
  Alert: ResolverTypeWrapper<any>;
  RiskAcceptance: ResolverTypeWrapper<any>;
  AlertStateFilter: ResolverTypeWrapper<any>;
  AlertOrder: AlertOrder;
  GroupedAlertOrder: GroupedAlertOrder;
  AlertFilter: ResolverTypeWrapper<any>;
  FollowingSelection: ResolverTypeWrapper<any>;
  AlertPage: ResolverTypeWrapper<any>;
  AlertNumberedPage: ResolverTypeWrapper<any>;
  AlertRuleGroup: ResolverTypeWrapper<any>;
  AlertRuleGroupNumberedPage: ResolverTypeWrapper<any>;
  AlertOperation: ResolverTypeWrapper<any>;
  AlertHistoryRecord: ResolverTypeWrapper<any>;
  OneAlertHistoryPage: ResolverTypeWrapper<any>;
  AlertComment: ResolverTypeWrapper<any>;
  AlertCommentPage: ResolverTypeWrapper<any>;
  AlertConnection: ResolverTypeWrapper<any>;
  AlertEdge: ResolverTypeWrapper<any>;
  AlertRuleGroupConnection: ResolverTypeWrapper<any>;
  AlertRuleGroupEdge: ResolverTypeWrapper<any>;
  AlertHistoryRecordConnection: ResolverTypeWrapper<any>;
  AlertHistoryRecordEdge: ResolverTypeWrapper<any>;
  AlertCommentConnection: ResolverTypeWrapper<any>;
  AlertCommentEdge: ResolverTypeWrapper<any>;
  AlertCounts: ResolverTypeWrapper<any>;
  SeverityCounts: ResolverTypeWrapper<any>;
  StateCounts: ResolverTypeWrapper<any>;
  ScanTargetAlertSummary: ResolverTypeWrapper<any>;
  ScanTargetSummaries: ResolverTypeWrapper<any>;
  DailyAlertCounts: ResolverTypeWrapper<any>;
  UpdateAlertInput: ResolverTypeWrapper<any>;
  AlertSelection: ResolverTypeWrapper<any>;
  BatchAlertCondition: ResolverTypeWrapper<any>;
  BatchUpdateAlertsInput: ResolverTypeWrapper<any>;
  BatchUpdateAlertsPayload: ResolverTypeWrapper<any>;
  CreateAlertCommentInput: ResolverTypeWrapper<any>;
  CreateAlertCommentPayload: ResolverTypeWrapper<any>;
  UpdateAlertPayload: ResolverTypeWrapper<any>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Posture: ResolverTypeWrapper<any>;
  PostureView: ResolverTypeWrapper<any>;
  PostureGrade: ResolverTypeWrapper<any>;
  PostureDimension: ResolverTypeWrapper<any>;
  PostureFilter: ResolverTypeWrapper<any>;
  PostureTrendInput: ResolverTypeWrapper<any>;
  PostureWindowInput: ResolverTypeWrapper<any>;
  PostureBreakdownInput: ResolverTypeWrapper<any>;
  PostureTrend: ResolverTypeWrapper<any>;
  PostureDay: ResolverTypeWrapper<any>;
  PostureGroup: ResolverTypeWrapper<any>;
  PostureGroupEdge: ResolverTypeWrapper<any>;
  PostureGroupConnection: ResolverTypeWrapper<any>;
  TimeToResolve: ResolverTypeWrapper<any>;
  ScanFreshness: ResolverTypeWrapper<any>;
  ScanFreshnessEdge: ResolverTypeWrapper<any>;
  ScanFreshnessConnection: ResolverTypeWrapper<any>;
  FollowedPosture: ResolverTypeWrapper<any>;
  FollowedPostureEdge: ResolverTypeWrapper<any>;
  FollowedPostureConnection: ResolverTypeWrapper<any>;
  FollowedPostureOrderField: ResolverTypeWrapper<any>;
  FollowedPostureOrder: ResolverTypeWrapper<any>;
  PostureChange: ResolverTypeWrapper<any>;
  ScanTargetGroupKind: ResolverTypeWrapper<any>;
  ScanTargetGroup: ResolverTypeWrapper<any>;
  ScanTargetGroupConnection: ResolverTypeWrapper<any>;
  ScanTargetGroupEdge: ResolverTypeWrapper<any>;
  OracleCompartment: ResolverTypeWrapper<any>;
  CreateScanTargetGroupInput: ResolverTypeWrapper<any>;
  CreateScanTargetGroupPayload: ResolverTypeWrapper<any>;
  UpdateScanTargetGroupInput: ResolverTypeWrapper<any>;
  UpdateScanTargetGroupPayload: ResolverTypeWrapper<any>;
  DeleteScanTargetGroupInput: ResolverTypeWrapper<any>;
  DeleteScanTargetGroupPayload: ResolverTypeWrapper<any>;
  InsertScanTargetGroupCredentialInput: ResolverTypeWrapper<any>;
  InsertScanTargetGroupCredentialPayload: ResolverTypeWrapper<any>;
  OracleCompartmentInput: ResolverTypeWrapper<any>;
  CreateScanTargetsFromCompartmentsInput: ResolverTypeWrapper<any>;
  CreateScanTargetsFromCompartmentsPayload: ResolverTypeWrapper<any>;
  ScanTarget: ResolverTypeWrapper<any>;
  ScanTargetStatus: ResolverTypeWrapper<any>;
  ScanTargetScanner: ResolverTypeWrapper<any>;
  ScanSchedule: ResolverTypeWrapper<any>;
  ScanFrequency: ResolverTypeWrapper<any>;
  ScanTimeOfDay: ResolverTypeWrapper<any>;
  DayOfWeek: ResolverTypeWrapper<any>;
  ScanScheduleInput: ResolverTypeWrapper<any>;
  ScanTargetConnection: ResolverTypeWrapper<any>;
  ScanTargetEdge: ResolverTypeWrapper<any>;
  Link: ResolverTypeWrapper<any>;
  CreateScanTargetInput: ResolverTypeWrapper<any>;
  CreateScanTargetPayload: ResolverTypeWrapper<any>;
  UpdateScanTargetInput: ResolverTypeWrapper<any>;
  UpdateScanTargetPayload: ResolverTypeWrapper<any>;
  DeleteScanTargetInput: ResolverTypeWrapper<any>;
  DeleteScanTargetPayload: ResolverTypeWrapper<any>;
  CheckScanTargetInput: ResolverTypeWrapper<any>;
  CheckScanTargetPayload: ResolverTypeWrapper<any>;
  ScanStatus: ResolverTypeWrapper<any>;
  ScanTrigger: ResolverTypeWrapper<any>;
  ScanSummary: ResolverTypeWrapper<any>;
  Scan: ResolverTypeWrapper<any>;
  ScanConnection: ResolverTypeWrapper<any>;
  ScanEdge: ResolverTypeWrapper<any>;
  StartScanInput: ResolverTypeWrapper<any>;
  StartScanPayload: ResolverTypeWrapper<any>;
  StopScanInput: ResolverTypeWrapper<any>;
  StopScanPayload: ResolverTypeWrapper<any>;
  IngestFindingsInput: ResolverTypeWrapper<any>;
  IngestFindingsPayload: ResolverTypeWrapper<any>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  AlertChange: ResolverTypeWrapper<any>;
  AlertChangeEvent: ResolverTypeWrapper<any>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  DateTime: any;
  JSON: any;
  PageInfo: any;
  Boolean: any;
  String: any;
  Organization: any;
  ID: any;
  Rule: any;
  Float: any;
  Query: Record<PropertyKey, never>;
  Int: any;
  Alert: any;
  RiskAcceptance: any;
  AlertFilter: any;
  FollowingSelection: any;
  AlertPage: any;
  AlertNumberedPage: any;
  AlertRuleGroup: any;
  AlertRuleGroupNumberedPage: any;
  AlertHistoryRecord: any;
  OneAlertHistoryPage: any;
  AlertComment: any;
  AlertCommentPage: any;
  AlertConnection: any;
  AlertEdge: any;
  AlertRuleGroupConnection: any;
  AlertRuleGroupEdge: any;
  AlertHistoryRecordConnection: any;
  AlertHistoryRecordEdge: any;
  AlertCommentConnection: any;
  AlertCommentEdge: any;
  AlertCounts: any;
  SeverityCounts: any;
  StateCounts: any;
  ScanTargetAlertSummary: any;
  ScanTargetSummaries: any;
  DailyAlertCounts: any;
  UpdateAlertInput: any;
  AlertSelection: any;
  BatchAlertCondition: any;
  BatchUpdateAlertsInput: any;
  BatchUpdateAlertsPayload: any;
  CreateAlertCommentInput: any;
  CreateAlertCommentPayload: any;
  UpdateAlertPayload: any;
  Mutation: Record<PropertyKey, never>;
  Posture: any;
  PostureFilter: any;
  PostureTrendInput: any;
  PostureWindowInput: any;
  PostureBreakdownInput: any;
  PostureTrend: any;
  PostureDay: any;
  PostureGroup: any;
  PostureGroupEdge: any;
  PostureGroupConnection: any;
  TimeToResolve: any;
  ScanFreshness: any;
  ScanFreshnessEdge: any;
  ScanFreshnessConnection: any;
  FollowedPosture: any;
  FollowedPostureEdge: any;
  FollowedPostureConnection: any;
  FollowedPostureOrder: any;
  PostureChange: any;
  ScanTargetGroup: any;
  ScanTargetGroupConnection: any;
  ScanTargetGroupEdge: any;
  OracleCompartment: any;
  CreateScanTargetGroupInput: any;
  CreateScanTargetGroupPayload: any;
  UpdateScanTargetGroupInput: any;
  UpdateScanTargetGroupPayload: any;
  DeleteScanTargetGroupInput: any;
  DeleteScanTargetGroupPayload: any;
  InsertScanTargetGroupCredentialInput: any;
  InsertScanTargetGroupCredentialPayload: any;
  OracleCompartmentInput: any;
  CreateScanTargetsFromCompartmentsInput: any;
  CreateScanTargetsFromCompartmentsPayload: any;
  ScanTarget: any;
  ScanSchedule: any;
  ScanScheduleInput: any;
  ScanTargetConnection: any;
  ScanTargetEdge: any;
  Link: any;
  CreateScanTargetInput: any;
  CreateScanTargetPayload: any;
  UpdateScanTargetInput: any;
  UpdateScanTargetPayload: any;
  DeleteScanTargetInput: any;
  DeleteScanTargetPayload: any;
  CheckScanTargetInput: any;
  CheckScanTargetPayload: any;
  ScanSummary: any;
  Scan: any;
  ScanConnection: any;
  ScanEdge: any;
  StartScanInput: any;
  StartScanPayload: any;
  StopScanInput: any;
  StopScanPayload: any;
  IngestFindingsInput: any;
  IngestFindingsPayload: any;
  Subscription: Record<PropertyKey, never>;
  AlertChange: any;
};

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type PageInfoResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type LanguageResolvers = { PT_BR: 'pt_BR', EN_US: 'en_US' };

export type OrganizationResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Organization'] = ResolversParentTypes['Organization']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type RuleResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Rule'] = ResolversParentTypes['Rule']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType, Partial<RuleTitleArgs>>;
  severity?: Resolver<ResolversTypes['AlertSeverity'], ParentType, ContextType>;
  compliances?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  timelinessThreshold?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
};

export type QueryResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  rules?: Resolver<Array<ResolversTypes['Rule']>, ParentType, ContextType, Partial<QueryRulesArgs>>;
  alerts?: Resolver<ResolversTypes['AlertConnection'], ParentType, ContextType, RequireFields<QueryAlertsArgs, 'organizationId' | 'first'>>;
  followingAlerts?: Resolver<ResolversTypes['AlertConnection'], ParentType, ContextType, RequireFields<QueryFollowingAlertsArgs, 'organizationId' | 'first'>>;
  alertsPage?: Resolver<ResolversTypes['AlertPage'], ParentType, ContextType, RequireFields<QueryAlertsPageArgs, 'organizationId'>>;
  followingAlertsPage?: Resolver<ResolversTypes['AlertPage'], ParentType, ContextType, RequireFields<QueryFollowingAlertsPageArgs, 'organizationId'>>;
  alertsByPage?: Resolver<ResolversTypes['AlertNumberedPage'], ParentType, ContextType, RequireFields<QueryAlertsByPageArgs, 'organizationId'>>;
  followingAlertsByPage?: Resolver<ResolversTypes['AlertNumberedPage'], ParentType, ContextType, RequireFields<QueryFollowingAlertsByPageArgs, 'organizationId'>>;
  alertsByRule?: Resolver<ResolversTypes['AlertRuleGroupConnection'], ParentType, ContextType, RequireFields<QueryAlertsByRuleArgs, 'organizationId' | 'first'>>;
  followingAlertsByRule?: Resolver<ResolversTypes['AlertRuleGroupConnection'], ParentType, ContextType, RequireFields<QueryFollowingAlertsByRuleArgs, 'organizationId' | 'first'>>;
  alertsByRuleByPage?: Resolver<ResolversTypes['AlertRuleGroupNumberedPage'], ParentType, ContextType, RequireFields<QueryAlertsByRuleByPageArgs, 'organizationId'>>;
  followingAlertsByRuleByPage?: Resolver<ResolversTypes['AlertRuleGroupNumberedPage'], ParentType, ContextType, RequireFields<QueryFollowingAlertsByRuleByPageArgs, 'organizationId'>>;
  alertHistory?: Resolver<ResolversTypes['AlertHistoryRecordConnection'], ParentType, ContextType, RequireFields<QueryAlertHistoryArgs, 'organizationId' | 'first'>>;
  followingAlertHistory?: Resolver<ResolversTypes['AlertHistoryRecordConnection'], ParentType, ContextType, RequireFields<QueryFollowingAlertHistoryArgs, 'organizationId' | 'first'>>;
  alert?: Resolver<Maybe<ResolversTypes['Alert']>, ParentType, ContextType, RequireFields<QueryAlertArgs, 'id'>>;
  alertHistoryOf?: Resolver<ResolversTypes['AlertHistoryRecordConnection'], ParentType, ContextType, RequireFields<QueryAlertHistoryOfArgs, 'alertId' | 'first'>>;
  alertComments?: Resolver<ResolversTypes['AlertCommentConnection'], ParentType, ContextType, RequireFields<QueryAlertCommentsArgs, 'alertId' | 'first'>>;
  alertHistoryOfPage?: Resolver<ResolversTypes['OneAlertHistoryPage'], ParentType, ContextType, RequireFields<QueryAlertHistoryOfPageArgs, 'alertId'>>;
  alertCommentsPage?: Resolver<ResolversTypes['AlertCommentPage'], ParentType, ContextType, RequireFields<QueryAlertCommentsPageArgs, 'alertId'>>;
  scanTargetSummaries?: Resolver<ResolversTypes['ScanTargetSummaries'], ParentType, ContextType, RequireFields<QueryScanTargetSummariesArgs, 'organizationId'>>;
  followingScanTargetSummaries?: Resolver<ResolversTypes['ScanTargetSummaries'], ParentType, ContextType, RequireFields<QueryFollowingScanTargetSummariesArgs, 'organizationId'>>;
  alertSummary?: Resolver<ResolversTypes['AlertCounts'], ParentType, ContextType, RequireFields<QueryAlertSummaryArgs, 'organizationId'>>;
  followingAlertSummary?: Resolver<ResolversTypes['AlertCounts'], ParentType, ContextType, RequireFields<QueryFollowingAlertSummaryArgs, 'organizationId'>>;
  dailyOpenAlerts?: Resolver<Array<ResolversTypes['DailyAlertCounts']>, ParentType, ContextType, RequireFields<QueryDailyOpenAlertsArgs, 'organizationId'>>;
  followingDailyOpenAlerts?: Resolver<Array<ResolversTypes['DailyAlertCounts']>, ParentType, ContextType, RequireFields<QueryFollowingDailyOpenAlertsArgs, 'organizationId'>>;
  followingDailyResolvedAlerts?: Resolver<Array<ResolversTypes['DailyAlertCounts']>, ParentType, ContextType, RequireFields<QueryFollowingDailyResolvedAlertsArgs, 'organizationId'>>;
  posture?: Resolver<Maybe<ResolversTypes['Posture']>, ParentType, ContextType, RequireFields<QueryPostureArgs, 'organizationId'>>;
  followingPosture?: Resolver<ResolversTypes['FollowedPostureConnection'], ParentType, ContextType, RequireFields<QueryFollowingPostureArgs, 'organizationId'>>;
  scanTargetGroups?: Resolver<ResolversTypes['ScanTargetGroupConnection'], ParentType, ContextType, RequireFields<QueryScanTargetGroupsArgs, 'organizationId' | 'first'>>;
  scanTargetGroup?: Resolver<Maybe<ResolversTypes['ScanTargetGroup']>, ParentType, ContextType, RequireFields<QueryScanTargetGroupArgs, 'organizationId' | 'id'>>;
  scanTargetGroupCompartments?: Resolver<Array<ResolversTypes['OracleCompartment']>, ParentType, ContextType, RequireFields<QueryScanTargetGroupCompartmentsArgs, 'organizationId' | 'id'>>;
  scanTargetGroupScript?: Resolver<ResolversTypes['Link'], ParentType, ContextType, RequireFields<QueryScanTargetGroupScriptArgs, 'organizationId' | 'id'>>;
  scanTargetGroupTerraform?: Resolver<ResolversTypes['String'], ParentType, ContextType, RequireFields<QueryScanTargetGroupTerraformArgs, 'organizationId' | 'id'>>;
  scanTargets?: Resolver<ResolversTypes['ScanTargetConnection'], ParentType, ContextType, RequireFields<QueryScanTargetsArgs, 'organizationId' | 'first'>>;
  scanTarget?: Resolver<Maybe<ResolversTypes['ScanTarget']>, ParentType, ContextType, RequireFields<QueryScanTargetArgs, 'organizationId' | 'id'>>;
  oauthLink?: Resolver<ResolversTypes['Link'], ParentType, ContextType, RequireFields<QueryOauthLinkArgs, 'organizationId'>>;
  gworkspaceOAuthLink?: Resolver<ResolversTypes['Link'], ParentType, ContextType, RequireFields<QueryGworkspaceOAuthLinkArgs, 'organizationId' | 'scanTargetId'>>;
  scans?: Resolver<ResolversTypes['ScanConnection'], ParentType, ContextType, RequireFields<QueryScansArgs, 'organizationId' | 'scanTargetId' | 'first'>>;
  scan?: Resolver<Maybe<ResolversTypes['Scan']>, ParentType, ContextType, RequireFields<QueryScanArgs, 'organizationId' | 'scanTargetId' | 'scanId'>>;
};

export type AlertResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Alert'] = ResolversParentTypes['Alert'], FederationReferenceType extends FederationReferenceTypes['Alert'] = FederationReferenceTypes['Alert']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Alert']> | FederationReferenceType, FederationReferenceType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  alertId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organization?: Resolver<ResolversTypes['Organization'], ParentType, ContextType>;
  scanTargetId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  scanTarget?: Resolver<Maybe<ResolversTypes['ScanTarget']>, ParentType, ContextType>;
  rule?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ruleTitle?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType, Partial<AlertRuleTitleArgs>>;
  resource?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  severity?: Resolver<ResolversTypes['AlertSeverity'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['AlertState'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tags?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  labels?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  compliances?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  enrichment?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  metadata?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  openedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  resolvedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  timelinessThreshold?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  riskAcceptance?: Resolver<Maybe<ResolversTypes['RiskAcceptance']>, ParentType, ContextType>;
};

export type RiskAcceptanceResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['RiskAcceptance'] = ResolversParentTypes['RiskAcceptance']> = {
  userId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  acceptedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['AlertComment']>, ParentType, ContextType>;
};

export type AlertOrderResolvers = { SCAN_TARGET_ID: 'scanTargetId', RESOURCE: 'resource', RULE: 'rule', SEVERITY: 'severity', STATE: 'state', OPENED_AT: 'openedAt', RESOLVED_AT: 'resolvedAt', CREATED_AT: 'createdAt', UPDATED_AT: 'updatedAt', FOLLOWING_IDS: 'followingIds' };

export type GroupedAlertOrderResolvers = { RULE: 'rule', SEVERITY: 'severity', TOTAL: 'total' };

export type AlertPageResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertPage'] = ResolversParentTypes['AlertPage']> = {
  data?: Resolver<Array<ResolversTypes['Alert']>, ParentType, ContextType>;
  records?: Resolver<Array<ResolversTypes['JSON']>, ParentType, ContextType>;
  recordsJson?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  cursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AlertNumberedPageResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertNumberedPage'] = ResolversParentTypes['AlertNumberedPage']> = {
  data?: Resolver<Array<ResolversTypes['Alert']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type AlertRuleGroupResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertRuleGroup'] = ResolversParentTypes['AlertRuleGroup']> = {
  rule?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ruleTitle?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  severity?: Resolver<ResolversTypes['AlertSeverity'], ParentType, ContextType>;
  timelinessThreshold?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type AlertRuleGroupNumberedPageResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertRuleGroupNumberedPage'] = ResolversParentTypes['AlertRuleGroupNumberedPage']> = {
  data?: Resolver<Array<ResolversTypes['AlertRuleGroup']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type AlertHistoryRecordResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertHistoryRecord'] = ResolversParentTypes['AlertHistoryRecord']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  alertId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  scanTargetId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  rule?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ruleTitle?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType, Partial<AlertHistoryRecordRuleTitleArgs>>;
  resource?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  severity?: Resolver<ResolversTypes['AlertSeverity'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['AlertState'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tags?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  labels?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  enrichment?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  metadata?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  openedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  resolvedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  timelinessThreshold?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  operation?: Resolver<ResolversTypes['AlertOperation'], ParentType, ContextType>;
  userId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type OneAlertHistoryPageResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['OneAlertHistoryPage'] = ResolversParentTypes['OneAlertHistoryPage']> = {
  data?: Resolver<Array<ResolversTypes['AlertHistoryRecord']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  cursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AlertCommentResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertComment'] = ResolversParentTypes['AlertComment']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  alertId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  userId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  comment?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  mimeType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  userName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userPicture?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  notMember?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type AlertCommentPageResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertCommentPage'] = ResolversParentTypes['AlertCommentPage']> = {
  data?: Resolver<Array<ResolversTypes['AlertComment']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type AlertConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertConnection'] = ResolversParentTypes['AlertConnection']> = {
  edges?: Resolver<Array<ResolversTypes['AlertEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Alert']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type AlertEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertEdge'] = ResolversParentTypes['AlertEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Alert'], ParentType, ContextType>;
};

export type AlertRuleGroupConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertRuleGroupConnection'] = ResolversParentTypes['AlertRuleGroupConnection']> = {
  edges?: Resolver<Array<ResolversTypes['AlertRuleGroupEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['AlertRuleGroup']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type AlertRuleGroupEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertRuleGroupEdge'] = ResolversParentTypes['AlertRuleGroupEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['AlertRuleGroup'], ParentType, ContextType>;
};

export type AlertHistoryRecordConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertHistoryRecordConnection'] = ResolversParentTypes['AlertHistoryRecordConnection']> = {
  edges?: Resolver<Array<ResolversTypes['AlertHistoryRecordEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['AlertHistoryRecord']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type AlertHistoryRecordEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertHistoryRecordEdge'] = ResolversParentTypes['AlertHistoryRecordEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['AlertHistoryRecord'], ParentType, ContextType>;
};

export type AlertCommentConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertCommentConnection'] = ResolversParentTypes['AlertCommentConnection']> = {
  edges?: Resolver<Array<ResolversTypes['AlertCommentEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['AlertComment']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type AlertCommentEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertCommentEdge'] = ResolversParentTypes['AlertCommentEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['AlertComment'], ParentType, ContextType>;
};

export type AlertCountsResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertCounts'] = ResolversParentTypes['AlertCounts']> = {
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  open?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  severities?: Resolver<ResolversTypes['SeverityCounts'], ParentType, ContextType>;
  states?: Resolver<ResolversTypes['StateCounts'], ParentType, ContextType>;
};

export type SeverityCountsResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['SeverityCounts'] = ResolversParentTypes['SeverityCounts']> = {
  CRITICAL?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  HIGH?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  MEDIUM?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  LOW?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  INFO?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  critical?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  high?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  medium?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  low?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  info?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type StateCountsResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['StateCounts'] = ResolversParentTypes['StateCounts']> = {
  OPEN?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  IN_PROGRESS?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  RISK_ACCEPTED?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  MITIGATING_CONTROL?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  FALSE_POSITIVE?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  CLOSED?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ScanTargetAlertSummaryResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanTargetAlertSummary'] = ResolversParentTypes['ScanTargetAlertSummary']> = {
  scanTargetId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['ScanTargetKind'], ParentType, ContextType>;
  tags?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  open?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  severities?: Resolver<ResolversTypes['SeverityCounts'], ParentType, ContextType>;
  states?: Resolver<ResolversTypes['StateCounts'], ParentType, ContextType>;
};

export type ScanTargetSummariesResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanTargetSummaries'] = ResolversParentTypes['ScanTargetSummaries']> = {
  data?: Resolver<Array<ResolversTypes['ScanTargetAlertSummary']>, ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['AlertCounts'], ParentType, ContextType>;
};

export type DailyAlertCountsResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['DailyAlertCounts'] = ResolversParentTypes['DailyAlertCounts']> = {
  date?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  severities?: Resolver<ResolversTypes['SeverityCounts'], ParentType, ContextType>;
};

export type BatchUpdateAlertsPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['BatchUpdateAlertsPayload'] = ResolversParentTypes['BatchUpdateAlertsPayload']> = {
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  dryRun?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  remaining?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type CreateAlertCommentPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CreateAlertCommentPayload'] = ResolversParentTypes['CreateAlertCommentPayload']> = {
  alertComment?: Resolver<ResolversTypes['AlertComment'], ParentType, ContextType>;
};

export type UpdateAlertPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['UpdateAlertPayload'] = ResolversParentTypes['UpdateAlertPayload']> = {
  alert?: Resolver<ResolversTypes['Alert'], ParentType, ContextType>;
};

export type MutationResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  createAlertComment?: Resolver<ResolversTypes['CreateAlertCommentPayload'], ParentType, ContextType, RequireFields<MutationCreateAlertCommentArgs, 'input'>>;
  updateAlert?: Resolver<ResolversTypes['UpdateAlertPayload'], ParentType, ContextType, RequireFields<MutationUpdateAlertArgs, 'input'>>;
  batchUpdateAlerts?: Resolver<ResolversTypes['BatchUpdateAlertsPayload'], ParentType, ContextType, RequireFields<MutationBatchUpdateAlertsArgs, 'input'>>;
  createScanTargetGroup?: Resolver<ResolversTypes['CreateScanTargetGroupPayload'], ParentType, ContextType, RequireFields<MutationCreateScanTargetGroupArgs, 'input'>>;
  updateScanTargetGroup?: Resolver<ResolversTypes['UpdateScanTargetGroupPayload'], ParentType, ContextType, RequireFields<MutationUpdateScanTargetGroupArgs, 'input'>>;
  deleteScanTargetGroup?: Resolver<ResolversTypes['DeleteScanTargetGroupPayload'], ParentType, ContextType, RequireFields<MutationDeleteScanTargetGroupArgs, 'input'>>;
  insertScanTargetGroupCredential?: Resolver<ResolversTypes['InsertScanTargetGroupCredentialPayload'], ParentType, ContextType, RequireFields<MutationInsertScanTargetGroupCredentialArgs, 'input'>>;
  createScanTargetsFromCompartments?: Resolver<ResolversTypes['CreateScanTargetsFromCompartmentsPayload'], ParentType, ContextType, RequireFields<MutationCreateScanTargetsFromCompartmentsArgs, 'input'>>;
  createScanTarget?: Resolver<ResolversTypes['CreateScanTargetPayload'], ParentType, ContextType, RequireFields<MutationCreateScanTargetArgs, 'input'>>;
  updateScanTarget?: Resolver<ResolversTypes['UpdateScanTargetPayload'], ParentType, ContextType, RequireFields<MutationUpdateScanTargetArgs, 'input'>>;
  deleteScanTarget?: Resolver<ResolversTypes['DeleteScanTargetPayload'], ParentType, ContextType, RequireFields<MutationDeleteScanTargetArgs, 'input'>>;
  checkScanTarget?: Resolver<ResolversTypes['CheckScanTargetPayload'], ParentType, ContextType, RequireFields<MutationCheckScanTargetArgs, 'input'>>;
  startScan?: Resolver<ResolversTypes['StartScanPayload'], ParentType, ContextType, RequireFields<MutationStartScanArgs, 'input'>>;
  stopScan?: Resolver<ResolversTypes['StopScanPayload'], ParentType, ContextType, RequireFields<MutationStopScanArgs, 'input'>>;
  ingestFindings?: Resolver<ResolversTypes['IngestFindingsPayload'], ParentType, ContextType, RequireFields<MutationIngestFindingsArgs, 'input'>>;
};

export type PostureResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Posture'] = ResolversParentTypes['Posture']> = {
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  view?: Resolver<ResolversTypes['PostureView'], ParentType, ContextType>;
  open?: Resolver<ResolversTypes['SeverityCounts'], ParentType, ContextType>;
  overdue?: Resolver<ResolversTypes['SeverityCounts'], ParentType, ContextType>;
  grade?: Resolver<ResolversTypes['PostureGrade'], ParentType, ContextType>;
  trend?: Resolver<ResolversTypes['PostureTrend'], ParentType, ContextType, RequireFields<PostureTrendArgs, 'input'>>;
  breakdown?: Resolver<ResolversTypes['PostureGroupConnection'], ParentType, ContextType, RequireFields<PostureBreakdownArgs, 'input'>>;
  timeToResolve?: Resolver<Array<ResolversTypes['TimeToResolve']>, ParentType, ContextType, RequireFields<PostureTimeToResolveArgs, 'input'>>;
  scanFreshness?: Resolver<Maybe<ResolversTypes['ScanFreshnessConnection']>, ParentType, ContextType, Partial<PostureScanFreshnessArgs>>;
};

export type PostureTrendResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['PostureTrend'] = ResolversParentTypes['PostureTrend']> = {
  from?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  to?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  days?: Resolver<Array<ResolversTypes['PostureDay']>, ParentType, ContextType>;
  openDelta?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type PostureDayResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['PostureDay'] = ResolversParentTypes['PostureDay']> = {
  date?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  open?: Resolver<ResolversTypes['SeverityCounts'], ParentType, ContextType>;
  opened?: Resolver<ResolversTypes['SeverityCounts'], ParentType, ContextType>;
  resolved?: Resolver<ResolversTypes['SeverityCounts'], ParentType, ContextType>;
};

export type PostureGroupResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['PostureGroup'] = ResolversParentTypes['PostureGroup']> = {
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  label?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  counts?: Resolver<ResolversTypes['SeverityCounts'], ParentType, ContextType>;
};

export type PostureGroupEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['PostureGroupEdge'] = ResolversParentTypes['PostureGroupEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['PostureGroup'], ParentType, ContextType>;
};

export type PostureGroupConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['PostureGroupConnection'] = ResolversParentTypes['PostureGroupConnection']> = {
  edges?: Resolver<Array<ResolversTypes['PostureGroupEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['PostureGroup']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type TimeToResolveResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['TimeToResolve'] = ResolversParentTypes['TimeToResolve']> = {
  severity?: Resolver<ResolversTypes['AlertSeverity'], ParentType, ContextType>;
  resolved?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  medianHours?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  p90Hours?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
};

export type ScanFreshnessResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanFreshness'] = ResolversParentTypes['ScanFreshness']> = {
  scanTarget?: Resolver<ResolversTypes['ScanTarget'], ParentType, ContextType>;
  lastSuccessfulScanAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  lastScanStatus?: Resolver<Maybe<ResolversTypes['ScanStatus']>, ParentType, ContextType>;
  lastFailedScanAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  failedScans?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  neverScanned?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type ScanFreshnessEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanFreshnessEdge'] = ResolversParentTypes['ScanFreshnessEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ScanFreshness'], ParentType, ContextType>;
};

export type ScanFreshnessConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanFreshnessConnection'] = ResolversParentTypes['ScanFreshnessConnection']> = {
  edges?: Resolver<Array<ResolversTypes['ScanFreshnessEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['ScanFreshness']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type FollowedPostureResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['FollowedPosture'] = ResolversParentTypes['FollowedPosture']> = {
  organization?: Resolver<ResolversTypes['Organization'], ParentType, ContextType>;
  open?: Resolver<ResolversTypes['SeverityCounts'], ParentType, ContextType>;
  overdue?: Resolver<ResolversTypes['SeverityCounts'], ParentType, ContextType>;
  trendDelta?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  grade?: Resolver<ResolversTypes['PostureGrade'], ParentType, ContextType>;
};

export type FollowedPostureEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['FollowedPostureEdge'] = ResolversParentTypes['FollowedPostureEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['FollowedPosture'], ParentType, ContextType>;
};

export type FollowedPostureConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['FollowedPostureConnection'] = ResolversParentTypes['FollowedPostureConnection']> = {
  edges?: Resolver<Array<ResolversTypes['FollowedPostureEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['FollowedPosture']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type PostureChangeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['PostureChange'] = ResolversParentTypes['PostureChange']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  posture?: Resolver<Maybe<ResolversTypes['Posture']>, ParentType, ContextType>;
};

export type ScanTargetGroupResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanTargetGroup'] = ResolversParentTypes['ScanTargetGroup']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organization?: Resolver<ResolversTypes['Organization'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['ScanTargetGroupKind'], ParentType, ContextType>;
  credential?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  scanTargets?: Resolver<ResolversTypes['ScanTargetConnection'], ParentType, ContextType, RequireFields<ScanTargetGroupScanTargetsArgs, 'first'>>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type ScanTargetGroupConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanTargetGroupConnection'] = ResolversParentTypes['ScanTargetGroupConnection']> = {
  edges?: Resolver<Array<ResolversTypes['ScanTargetGroupEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['ScanTargetGroup']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type ScanTargetGroupEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanTargetGroupEdge'] = ResolversParentTypes['ScanTargetGroupEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ScanTargetGroup'], ParentType, ContextType>;
};

export type OracleCompartmentResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['OracleCompartment'] = ResolversParentTypes['OracleCompartment']> = {
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ocid?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CreateScanTargetGroupPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CreateScanTargetGroupPayload'] = ResolversParentTypes['CreateScanTargetGroupPayload']> = {
  scanTargetGroup?: Resolver<ResolversTypes['ScanTargetGroup'], ParentType, ContextType>;
};

export type UpdateScanTargetGroupPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['UpdateScanTargetGroupPayload'] = ResolversParentTypes['UpdateScanTargetGroupPayload']> = {
  scanTargetGroup?: Resolver<ResolversTypes['ScanTargetGroup'], ParentType, ContextType>;
};

export type DeleteScanTargetGroupPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['DeleteScanTargetGroupPayload'] = ResolversParentTypes['DeleteScanTargetGroupPayload']> = {
  deletedId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  deletedScanTargetIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type InsertScanTargetGroupCredentialPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['InsertScanTargetGroupCredentialPayload'] = ResolversParentTypes['InsertScanTargetGroupCredentialPayload']> = {
  scanTargetGroup?: Resolver<ResolversTypes['ScanTargetGroup'], ParentType, ContextType>;
};

export type CreateScanTargetsFromCompartmentsPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CreateScanTargetsFromCompartmentsPayload'] = ResolversParentTypes['CreateScanTargetsFromCompartmentsPayload']> = {
  scanTargets?: Resolver<Array<ResolversTypes['ScanTarget']>, ParentType, ContextType>;
};

export type ScanTargetResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanTarget'] = ResolversParentTypes['ScanTarget'], FederationReferenceType extends FederationReferenceTypes['ScanTarget'] = FederationReferenceTypes['ScanTarget']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['ScanTarget']> | FederationReferenceType, FederationReferenceType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organization?: Resolver<ResolversTypes['Organization'], ParentType, ContextType>;
  groupId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['ScanTargetKind'], ParentType, ContextType>;
  credential?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  schedule?: Resolver<ResolversTypes['ScanSchedule'], ParentType, ContextType>;
  scheduleJson?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  tags?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ScanTargetStatus'], ParentType, ContextType>;
  scanner?: Resolver<ResolversTypes['ScanTargetScanner'], ParentType, ContextType>;
  lastScanAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  nextScanAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type ScanScheduleResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanSchedule'] = ResolversParentTypes['ScanSchedule']> = {
  frequency?: Resolver<ResolversTypes['ScanFrequency'], ParentType, ContextType>;
  timeOfDay?: Resolver<Maybe<ResolversTypes['ScanTimeOfDay']>, ParentType, ContextType>;
  day?: Resolver<Maybe<ResolversTypes['DayOfWeek']>, ParentType, ContextType>;
};

export type ScanTargetConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanTargetConnection'] = ResolversParentTypes['ScanTargetConnection']> = {
  edges?: Resolver<Array<ResolversTypes['ScanTargetEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['ScanTarget']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type ScanTargetEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanTargetEdge'] = ResolversParentTypes['ScanTargetEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['ScanTarget'], ParentType, ContextType>;
};

export type LinkResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Link'] = ResolversParentTypes['Link']> = {
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CreateScanTargetPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CreateScanTargetPayload'] = ResolversParentTypes['CreateScanTargetPayload']> = {
  scanTarget?: Resolver<ResolversTypes['ScanTarget'], ParentType, ContextType>;
};

export type UpdateScanTargetPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['UpdateScanTargetPayload'] = ResolversParentTypes['UpdateScanTargetPayload']> = {
  scanTarget?: Resolver<ResolversTypes['ScanTarget'], ParentType, ContextType>;
};

export type DeleteScanTargetPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['DeleteScanTargetPayload'] = ResolversParentTypes['DeleteScanTargetPayload']> = {
  deletedId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type CheckScanTargetPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['CheckScanTargetPayload'] = ResolversParentTypes['CheckScanTargetPayload']> = {
  scanTarget?: Resolver<ResolversTypes['ScanTarget'], ParentType, ContextType>;
};

export type ScanSummaryResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanSummary'] = ResolversParentTypes['ScanSummary']> = {
  findings?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  created?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  reopened?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  updated?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  closed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  unchanged?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  duplicates?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ScanResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Scan'] = ResolversParentTypes['Scan'], FederationReferenceType extends FederationReferenceTypes['Scan'] = FederationReferenceTypes['Scan']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Scan']> | FederationReferenceType, FederationReferenceType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  scanTargetId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  scanTarget?: Resolver<Maybe<ResolversTypes['ScanTarget']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ScanStatus'], ParentType, ContextType>;
  trigger?: Resolver<ResolversTypes['ScanTrigger'], ParentType, ContextType>;
  findingsCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  summary?: Resolver<Maybe<ResolversTypes['ScanSummary']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  startedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  finishedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type ScanConnectionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanConnection'] = ResolversParentTypes['ScanConnection']> = {
  edges?: Resolver<Array<ResolversTypes['ScanEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Scan']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type ScanEdgeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['ScanEdge'] = ResolversParentTypes['ScanEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Scan'], ParentType, ContextType>;
};

export type StartScanPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['StartScanPayload'] = ResolversParentTypes['StartScanPayload']> = {
  scan?: Resolver<ResolversTypes['Scan'], ParentType, ContextType>;
};

export type StopScanPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['StopScanPayload'] = ResolversParentTypes['StopScanPayload']> = {
  scan?: Resolver<Maybe<ResolversTypes['Scan']>, ParentType, ContextType>;
};

export type IngestFindingsPayloadResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['IngestFindingsPayload'] = ResolversParentTypes['IngestFindingsPayload']> = {
  scan?: Resolver<ResolversTypes['Scan'], ParentType, ContextType>;
};

export type SubscriptionResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = {
  alertChanged?: SubscriptionResolver<ResolversTypes['AlertChange'], "alertChanged", ParentType, ContextType, RequireFields<SubscriptionAlertChangedArgs, 'organizationId'>>;
  followingAlertChanged?: SubscriptionResolver<ResolversTypes['AlertChange'], "followingAlertChanged", ParentType, ContextType, RequireFields<SubscriptionFollowingAlertChangedArgs, 'organizationId'>>;
  postureChanged?: SubscriptionResolver<ResolversTypes['PostureChange'], "postureChanged", ParentType, ContextType, RequireFields<SubscriptionPostureChangedArgs, 'organizationId'>>;
};

export type AlertChangeResolvers<ContextType = SubgraphContext, ParentType extends ResolversParentTypes['AlertChange'] = ResolversParentTypes['AlertChange']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  event?: Resolver<ResolversTypes['AlertChangeEvent'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  alert?: Resolver<Maybe<ResolversTypes['Alert']>, ParentType, ContextType, Partial<AlertChangeAlertArgs>>;
};

export type Resolvers<ContextType = SubgraphContext> = {
  DateTime?: GraphQLScalarType;
  JSON?: GraphQLScalarType;
  PageInfo?: PageInfoResolvers<ContextType>;
  Language?: LanguageResolvers;
  Organization?: OrganizationResolvers<ContextType>;
  Rule?: RuleResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Alert?: AlertResolvers<ContextType>;
  RiskAcceptance?: RiskAcceptanceResolvers<ContextType>;
  AlertOrder?: AlertOrderResolvers;
  GroupedAlertOrder?: GroupedAlertOrderResolvers;
  AlertPage?: AlertPageResolvers<ContextType>;
  AlertNumberedPage?: AlertNumberedPageResolvers<ContextType>;
  AlertRuleGroup?: AlertRuleGroupResolvers<ContextType>;
  AlertRuleGroupNumberedPage?: AlertRuleGroupNumberedPageResolvers<ContextType>;
  AlertHistoryRecord?: AlertHistoryRecordResolvers<ContextType>;
  OneAlertHistoryPage?: OneAlertHistoryPageResolvers<ContextType>;
  AlertComment?: AlertCommentResolvers<ContextType>;
  AlertCommentPage?: AlertCommentPageResolvers<ContextType>;
  AlertConnection?: AlertConnectionResolvers<ContextType>;
  AlertEdge?: AlertEdgeResolvers<ContextType>;
  AlertRuleGroupConnection?: AlertRuleGroupConnectionResolvers<ContextType>;
  AlertRuleGroupEdge?: AlertRuleGroupEdgeResolvers<ContextType>;
  AlertHistoryRecordConnection?: AlertHistoryRecordConnectionResolvers<ContextType>;
  AlertHistoryRecordEdge?: AlertHistoryRecordEdgeResolvers<ContextType>;
  AlertCommentConnection?: AlertCommentConnectionResolvers<ContextType>;
  AlertCommentEdge?: AlertCommentEdgeResolvers<ContextType>;
  AlertCounts?: AlertCountsResolvers<ContextType>;
  SeverityCounts?: SeverityCountsResolvers<ContextType>;
  StateCounts?: StateCountsResolvers<ContextType>;
  ScanTargetAlertSummary?: ScanTargetAlertSummaryResolvers<ContextType>;
  ScanTargetSummaries?: ScanTargetSummariesResolvers<ContextType>;
  DailyAlertCounts?: DailyAlertCountsResolvers<ContextType>;
  BatchUpdateAlertsPayload?: BatchUpdateAlertsPayloadResolvers<ContextType>;
  CreateAlertCommentPayload?: CreateAlertCommentPayloadResolvers<ContextType>;
  UpdateAlertPayload?: UpdateAlertPayloadResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Posture?: PostureResolvers<ContextType>;
  PostureTrend?: PostureTrendResolvers<ContextType>;
  PostureDay?: PostureDayResolvers<ContextType>;
  PostureGroup?: PostureGroupResolvers<ContextType>;
  PostureGroupEdge?: PostureGroupEdgeResolvers<ContextType>;
  PostureGroupConnection?: PostureGroupConnectionResolvers<ContextType>;
  TimeToResolve?: TimeToResolveResolvers<ContextType>;
  ScanFreshness?: ScanFreshnessResolvers<ContextType>;
  ScanFreshnessEdge?: ScanFreshnessEdgeResolvers<ContextType>;
  ScanFreshnessConnection?: ScanFreshnessConnectionResolvers<ContextType>;
  FollowedPosture?: FollowedPostureResolvers<ContextType>;
  FollowedPostureEdge?: FollowedPostureEdgeResolvers<ContextType>;
  FollowedPostureConnection?: FollowedPostureConnectionResolvers<ContextType>;
  PostureChange?: PostureChangeResolvers<ContextType>;
  ScanTargetGroup?: ScanTargetGroupResolvers<ContextType>;
  ScanTargetGroupConnection?: ScanTargetGroupConnectionResolvers<ContextType>;
  ScanTargetGroupEdge?: ScanTargetGroupEdgeResolvers<ContextType>;
  OracleCompartment?: OracleCompartmentResolvers<ContextType>;
  CreateScanTargetGroupPayload?: CreateScanTargetGroupPayloadResolvers<ContextType>;
  UpdateScanTargetGroupPayload?: UpdateScanTargetGroupPayloadResolvers<ContextType>;
  DeleteScanTargetGroupPayload?: DeleteScanTargetGroupPayloadResolvers<ContextType>;
  InsertScanTargetGroupCredentialPayload?: InsertScanTargetGroupCredentialPayloadResolvers<ContextType>;
  CreateScanTargetsFromCompartmentsPayload?: CreateScanTargetsFromCompartmentsPayloadResolvers<ContextType>;
  ScanTarget?: ScanTargetResolvers<ContextType>;
  ScanSchedule?: ScanScheduleResolvers<ContextType>;
  ScanTargetConnection?: ScanTargetConnectionResolvers<ContextType>;
  ScanTargetEdge?: ScanTargetEdgeResolvers<ContextType>;
  Link?: LinkResolvers<ContextType>;
  CreateScanTargetPayload?: CreateScanTargetPayloadResolvers<ContextType>;
  UpdateScanTargetPayload?: UpdateScanTargetPayloadResolvers<ContextType>;
  DeleteScanTargetPayload?: DeleteScanTargetPayloadResolvers<ContextType>;
  CheckScanTargetPayload?: CheckScanTargetPayloadResolvers<ContextType>;
  ScanSummary?: ScanSummaryResolvers<ContextType>;
  Scan?: ScanResolvers<ContextType>;
  ScanConnection?: ScanConnectionResolvers<ContextType>;
  ScanEdge?: ScanEdgeResolvers<ContextType>;
  StartScanPayload?: StartScanPayloadResolvers<ContextType>;
  StopScanPayload?: StopScanPayloadResolvers<ContextType>;
  IngestFindingsPayload?: IngestFindingsPayloadResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  AlertChange?: AlertChangeResolvers<ContextType>;
};

