import { type GraphQLResolveInfo, Kind } from 'graphql';
import { type CursorCodec, cursorCodec } from '../../../lib/cursors';
import { badRequest } from '../../../lib/errors';
import { uuids } from '../../../lib/validate';
import { type View, Visibility } from '../../../lib/visibility';
import { type AlertOrder, type GroupedOrder, type Lang, pageSize, type SortDirection } from '../../../lib/vocabulary';
import { connection, firstOf } from '../../connections';
import type { SubgraphContext } from '../../server';
import type { AlertsLoaders } from '../loaders';
import type { FollowingSelection, InputMaybe } from '../resolver-types.generated';
import type { AlertFilter } from './filters';
import { defaultGroupedSort, listRuleGroupsByPage, readRuleGroups } from './groups';
import { historyCursor, readHistory } from './history';
import { listAlerts, listAlertsByPage, readAlerts } from './lists';
import { type AlertRow, DEFAULT_ORDER, defaultSort, type HistoryRow } from './sql';

/**
 * The three alert lists — alerts, alerts grouped by rule, alert history — each one resolver,
 * parameterized by whose alerts it reads (`own`: the organization's, whole; `following`: the
 * organizations it follows, censored) and how it pages (`connection`: first/after, the public graph
 * and the REST lists that read it; `cursorPage`: size/cursor with the page as JSON text the database
 * builds, the REST alert lists; `numberedPage`: page/pageSize, the legacy REST lists).
 */

export type Ctx = SubgraphContext<AlertsLoaders>;

/** Whose alerts a list reads. */
export type Whose = 'own' | 'following';
/** How a list pages. */
export type Paging = 'connection' | 'cursorPage' | 'numberedPage';

/** Every paging argument a list field may take (a field has those of its paging style). */
interface PagingArgs {
  first?: InputMaybe<number>;
  after?: InputMaybe<string>;
  size?: InputMaybe<number>;
  cursor?: InputMaybe<string>;
  page?: InputMaybe<number>;
  pageSize?: InputMaybe<number>;
}

/** The arguments of the alert lists and the grouped lists (one shape, with or without `following`). */
interface ListArgs<O> extends PagingArgs {
  organizationId: string;
  following?: InputMaybe<FollowingSelection>;
  filter?: InputMaybe<AlertFilter>;
  order?: InputMaybe<O>;
  sort?: InputMaybe<SortDirection>;
  lang?: InputMaybe<Lang>;
}

/** The arguments of the history lists (`scanTargetIds` for the own list, `followingIds` for the following one). */
interface HistoryArgs extends PagingArgs {
  organizationId: string;
  scanTargetIds?: InputMaybe<string[]>;
  followingIds?: InputMaybe<string[]>;
  lang?: InputMaybe<Lang>;
}

/** Rows read with their rule titles in `lang`: marked, so `ruleTitle(lang:)` uses the title only when it asks for that language. */
export function titledIn<R extends object>(rows: R[], lang: Lang): R[] {
  return !lang || lang === 'en_US' ? rows : rows.map((row) => ({ ...row, ruleTitleLang: lang }));
}

/**
 * The cursors of one list as read for one organization (or alert): `list` is the query field of its
 * connection, so a member's cursor does not open in a follower's list, nor one organization's in
 * another's; a list's REST page reads the same cursors. Not bound to the follow set: an accepted
 * follow must not break a running iteration or a history cursor an SDK persisted (a following list
 * holds only what the follower sees).
 */
export const cursorsFor = (ctx: Ctx, list: string, ...scope: string[]): CursorCodec =>
  cursorCodec(ctx.services.secret, [list, ...scope.map((s) => s.toLowerCase())]);

/** The cursor name of a list as `whose` reads it: `alerts`, `followingAlerts`. */
const listName = (whose: Whose, list: string): string => (whose === 'own' ? list : `following${list[0].toUpperCase()}${list.slice(1)}`);

/** Validates the ids of a filter (400 naming the field) and drops nulls; a follower's may not use a hidden field (Visibility). */
export function cleanFilter(filter: AlertFilter | null | undefined, view: View): AlertFilter {
  const f = { ...(filter ?? {}) };
  f.scanTargetIds = uuids(f.scanTargetIds, 'scanTargetIds');
  Visibility.refuseHiddenFilters(view, f);
  return f;
}

/** The organizations a following list reads: followed by `organizationId`, narrowed by ids and follow tags. */
export async function followedOrganizations(ctx: Ctx, organizationId: string, selection: FollowingSelection | null | undefined): Promise<string[]> {
  return ctx.policy.followedSelected(organizationId, { ...selection, followingIds: uuids(selection?.followingIds, 'followingIds') });
}

/**
 * Whose alerts a list reads: the organization's own (members), or those of the organizations it
 * follows (`following`: censored, and no censored field orders, filters or is searched).
 */
async function listScope(ctx: Ctx, args: ListArgs<unknown>, whose: Whose) {
  const organizationIds = whose === 'following' ? await followedOrganizations(ctx, args.organizationId, args.following) : [args.organizationId];
  const view: View = whose === 'following' ? 'follower' : 'member';
  return { organizationIds, filter: cleanFilter(args.filter, view), lang: args.lang, view };
}

/** A follower's copy of a history record: marked, so its `id` is its own. */
export const followerRecord = <R extends object>(record: R): R & { followerView: true } => ({ ...record, followerView: true });

/** A history record with its own cursor (REST pages carry one per record). */
export const withCursor = (cursors: CursorCodec) => (row: HistoryRow) => ({ ...row, cursor: historyCursor(cursors, row.seq) });

/** `page` and `pageSize` of a legacy page-numbered list: page from 1, pageSize 1..1000 (default 100). */
export function legacyPage(args: { page?: number | null; pageSize?: number | null }): { page: number; pageSize: number } {
  const page = args.page ?? 1;
  if (!Number.isInteger(page) || page < 1) throw badRequest('page must be an integer >= 1', 'page');
  return { page, pageSize: pageSize(args.pageSize ?? 100, 'pageSize') };
}

/**
 * The page is wanted only as `recordsJson` (the REST lists): the database builds it, and no rows
 * are read. Any other field of the page (data, records) needs the rows.
 */
function onlyJsonRecords(info: GraphQLResolveInfo): boolean {
  const fields = info.fieldNodes.flatMap((node) => node.selectionSet?.selections ?? []);
  return (
    fields.every((f) => f.kind === Kind.FIELD && (f.name.value === 'recordsJson' || f.name.value === 'cursor' || f.name.value === '__typename')) &&
    fields.some((f) => f.kind === Kind.FIELD && f.name.value === 'recordsJson')
  );
}

/** The alerts of a list as `whose` sees them: titled in `lang`, and censored for a follower (after their cursors were made from the rows as read). */
function alertsShown(rows: AlertRow[], lang: Lang, whose: Whose): AlertRow[] {
  const titled = titledIn(rows, lang);
  return whose === 'following' ? titled.map((row) => Visibility.alertFor('follower', row)) : titled;
}

/** The alerts list (`alerts`, `followingAlerts` and their REST pages). */
export function alertList(whose: Whose, paging: Paging) {
  return async (_: unknown, args: ListArgs<AlertOrder>, ctx: Ctx, info: GraphQLResolveInfo) => {
    const first = paging === 'connection' ? firstOf(args.first) : 0;
    const order = args.order ?? DEFAULT_ORDER;
    const scope = { ...(await listScope(ctx, args, whose)), order, sort: args.sort ?? defaultSort(order) };
    const cursors = cursorsFor(ctx, listName(whose, 'alerts'), args.organizationId);
    if (paging === 'numberedPage') {
      const page = await listAlertsByPage(ctx.db.pool, { ...scope, ...legacyPage(args) });
      return { ...page, data: alertsShown(page.data, args.lang, whose) };
    }
    if (paging === 'cursorPage') {
      const page = await listAlerts(ctx.db.pool, { ...scope, size: pageSize(args.size), cursor: args.cursor, cursors, json: onlyJsonRecords(info) });
      return { ...page, data: alertsShown(page.data, args.lang, whose) };
    }
    const read = await readAlerts(ctx.db.pool, { ...scope, size: first, cursor: args.after, cursors });
    return connection(alertsShown(read.rows, args.lang, whose), first, args.after, read.cursorOf);
  };
}

/** The alerts grouped by rule (`alertsByRule`, `followingAlertsByRule` and their numbered REST pages); a group shows nothing censored. */
export function alertsByRuleList(whose: Whose, paging: Exclude<Paging, 'cursorPage'>) {
  return async (_: unknown, args: ListArgs<GroupedOrder>, ctx: Ctx) => {
    const first = paging === 'connection' ? firstOf(args.first) : 0;
    const order = args.order ?? 'total';
    const scope = { ...(await listScope(ctx, args, whose)), order, sort: args.sort ?? defaultGroupedSort(order) };
    const cursors = cursorsFor(ctx, listName(whose, 'alertsByRule'), args.organizationId);
    if (paging === 'numberedPage') return listRuleGroupsByPage(ctx.db.pool, { ...scope, ...legacyPage(args) });
    const read = await readRuleGroups(ctx.db.pool, { ...scope, size: first, cursor: args.after, cursors });
    return connection(read.rows, first, args.after, read.cursorOf);
  };
}

/** The history of the organization's alerts, oldest first (`alertHistory`, `followingAlertHistory`): a follower's records censored. */
export function alertHistoryList(whose: Whose) {
  return async (_: unknown, args: HistoryArgs, ctx: Ctx) => {
    const first = firstOf(args.first);
    const organizationIds =
      whose === 'following' ? await followedOrganizations(ctx, args.organizationId, { followingIds: args.followingIds }) : [args.organizationId];
    const read = await readHistory(ctx.db.pool, {
      organizationIds,
      scanTargetIds: whose === 'own' ? (args.scanTargetIds ?? undefined) : undefined,
      cursor: args.after,
      cursors: cursorsFor(ctx, listName(whose, 'alertHistory'), args.organizationId),
      size: first,
      lang: args.lang,
    });
    const titled = titledIn(read.rows, args.lang);
    const shown = whose === 'following' ? titled.map((record) => followerRecord(Visibility.historyRecordFor('follower', record))) : titled;
    return connection(shown, first, args.after, read.cursorOf);
  };
}
