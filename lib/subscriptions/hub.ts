import { GraphQLError } from 'graphql';
import type pg from 'pg';
import { authenticateApiKey } from '../api-keys';
import type { VigilConfig } from '../config';
import type { Database } from '../db';
import { statementName } from '../db-pooling';
import { VigilError } from '../errors';
import { EventTail } from '../event-tail';
import { openSharedWakeChannel, type WakeChannel, type WakeChannelOptions, wakeOptionsOf } from '../event-wake';
import { log } from '../log';
import type { Principal } from '../principal';
import { requireRetained } from '../retention';
import { type ActiveSubscription, type EndCode, runSubscription, type SubscriptionDeps } from './stream-run';
import { type OpenStream, openAfter, openStream, type StreamArgs, type StreamField } from './streams';

/**
 * The live streams of one server, whatever carries them: one event tail, one wake channel, the
 * connected sessions (a WebSocket, an SSE request or reservation, each holding its API key) and
 * their streams, re-checked together. Vigil's gateway (gateway/subscriptions/) and the subgraphs
 * serving their own Subscription fields to a router (subgraphs/subscriptions.ts) both open their
 * streams here: the same filters, censorship, cursors, revocation and limits either way.
 */
export interface StreamHubSettings {
  /** The process's wake channel (lib/event-wake.ts), shared with the webhook wake. */
  wake: WakeChannelOptions;
  /** Safety-net poll of the log (the wake channel usually comes first). */
  pollMs: number;
  /** Poll interval while the wake channel is down. */
  degradedPollMs: number;
  /** Entries waiting for one slow subscriber before it is ended (SUBSCRIBER_TOO_SLOW). */
  bufferLimit: number;
  /** How often each session's API key, memberships and follows are checked again. */
  recheckMs: number;
}

export interface Session {
  token: string;
  principal: Principal;
  origin?: string;
  subscriptions: Set<ActiveSubscription>;
  /** Its operations are not HTTP requests (graphql-ws): each one counts in the key's rate-limit budget here. */
  counted?: boolean;
  /** The API key no longer authenticates: the transport closes the whole connection. */
  revoke(): void;
}

/** The hub's settings from the configuration (VIGIL_SUBSCRIPTION_*). */
export function streamHubSettings(config: VigilConfig, db: Database): StreamHubSettings {
  const settings = config.subscriptions;
  return {
    wake: wakeOptionsOf(config, db),
    pollMs: settings.pollMs,
    degradedPollMs: Math.min(250, settings.pollMs),
    bufferLimit: settings.bufferLimit,
    recheckMs: settings.recheckMs,
  };
}

/** How a transport spells a stream's messages: an entry of the log, and the last message of a stream the server ended. */
export type MessageShape<Message> = Pick<SubscriptionDeps<Message>, 'message' | 'ended'>;

/**
 * Streams one connection (a WebSocket, an SSE reservation) may hold at once: a dashboard needs a handful; each
 * stream costs a buffer and, with `after`, a catch-up read of the log. Past it: TOO_MANY_REQUESTS, the others go on.
 */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 100;

export class StreamHub {
  readonly tail: EventTail;
  readonly channel: WakeChannel;
  readonly sessions = new Set<Session>();
  private recheckTimer: NodeJS.Timeout | undefined;
  private recheckRunning: Promise<void> | null = null;
  private recheckAgain = false;
  private keysCheckRunning: Promise<void> | null = null;
  private keysCheckAgain = false;
  private started = false;
  closing = false;
  /** Streams of a session between the subscribe message and their registration. */
  private readonly opening = new WeakMap<Session, number>();

  constructor(
    readonly pool: pg.Pool,
    private readonly secret: string,
    readonly settings: StreamHubSettings,
  ) {
    this.channel = openSharedWakeChannel(settings.wake);
    this.tail = new EventTail(pool, () => (this.channel.degraded() ? settings.degradedPollMs : settings.pollMs));
    this.channel.onWake(() => {
      this.tail.wake();
      void this.checkDeletedKeys();
    });
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.tail.start();
    const schedule = () => {
      this.recheckTimer = setTimeout(() => {
        this.recheck().finally(() => !this.closing && schedule());
      }, this.settings.recheckMs);
      this.recheckTimer.unref();
    };
    schedule();
  }

  /** The principal of an API key, or null (unknown or deleted key). */
  authenticate(token: string | undefined, ip?: string): Promise<Principal | null> {
    if (!token) return Promise.resolve(null);
    return authenticateApiKey(this.pool, token, ip);
  }

  /** Streams past their catch-up (tests wait for them before changing anything). */
  liveCount(): number {
    let n = 0;
    for (const session of this.sessions) for (const active of session.subscriptions) if (active.live) n++;
    return n;
  }

  addSession(session: Session): void {
    this.sessions.add(session);
  }

  removeSession(session: Session): void {
    this.sessions.delete(session);
    for (const active of session.subscriptions) active.end('GOING_AWAY', 'The connection closed');
  }

  /** Opens the stream `field(args)` for `session` (a GraphQLError or VigilError when it may not: NOT_FOUND for a non-member), its messages spelled by `shape`. */
  async open<Message>(session: Session, field: StreamField, args: StreamArgs, shape: MessageShape<Message>): Promise<AsyncGenerator<Message>> {
    if (this.closing) throw new GraphQLError('The server is shutting down; subscribe again', { extensions: { code: 'GOING_AWAY' } });
    const opening = this.opening.get(session) ?? 0;
    if (session.subscriptions.size + opening >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
      throw new GraphQLError(`At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions at once on one connection; complete one or open another connection`, {
        extensions: { code: 'TOO_MANY_REQUESTS' },
      });
    }
    // Streams being opened count too: a burst of subscribe messages all pass the check before any registers.
    this.opening.set(session, opening + 1);
    try {
      const stream = await openStream(this.pool, this.secret, session.principal, field, args);
      const after = openAfter(stream.codec, args.after);
      // A resume from before what retention purged would skip entries: refused (CURSOR_EXPIRED, lib/retention.ts).
      await requireRetained(this.pool, after, 'after');
      return runSubscription<Message>(
        {
          pool: this.pool,
          tail: this.tail,
          bufferLimit: this.settings.bufferLimit,
          ...shape,
          onAccessEvent: () => this.recheckSoon(),
          reopen: (current: OpenStream) => openStream(this.pool, this.secret, session.principal, current.field, current.args),
        },
        stream,
        after,
        (active) => {
          session.subscriptions.add(active);
          return () => session.subscriptions.delete(active);
        },
      );
    } finally {
      this.opening.set(session, (this.opening.get(session) ?? 1) - 1);
    }
  }

  recheckSoon(): void {
    setImmediate(() => void this.recheck());
  }

  /**
   * At each wake (the deletion of a key wakes every process: lib/event-wake.ts), the sessions whose API key was
   * deleted are revoked at once — one statement over the sessions' key ids, not the whole re-check. A removed
   * membership needs no such look: its MemberRemoved entry reaches the member's streams, which re-check at once.
   * At most one look at a time; a wake during one asks for another after it.
   */
  checkDeletedKeys(): Promise<void> {
    if (this.closing || this.sessions.size === 0) return Promise.resolve();
    if (this.keysCheckRunning) {
      this.keysCheckAgain = true;
      return this.keysCheckRunning;
    }
    this.keysCheckRunning = (async () => {
      do {
        this.keysCheckAgain = false;
        const ids = [...new Set([...this.sessions].map((s) => s.principal.apiKeyId))];
        if (ids.length === 0) continue;
        try {
          const { rows } = await this.pool.query<{ id: string }>({
            name: statementName(this.pool, 'vigil-deleted-session-keys'),
            text: `SELECT id FROM organizations.api_keys WHERE id = ANY($1::uuid[]) AND "deletedAt" IS NOT NULL`,
            values: [ids],
          });
          const deleted = new Set(rows.map((r) => r.id));
          for (const session of [...this.sessions]) {
            if (!deleted.has(session.principal.apiKeyId)) continue;
            for (const active of session.subscriptions) active.end('UNAUTHENTICATED', 'The API key was deleted');
            session.revoke();
          }
        } catch (error) {
          log.warn('subscriptions: the look for deleted keys failed; the re-check covers it', { error: (error as Error).message });
        }
      } while (this.keysCheckAgain && !this.closing);
    })().finally(() => {
      this.keysCheckRunning = null;
    });
    return this.keysCheckRunning;
  }

  /**
   * Each session's key authenticates again (one statement per distinct key), and each stream is
   * opened again with the current memberships and follows: a deleted key revokes the session, a
   * stream its caller may no longer open — or a follower stream that lost a followed organization —
   * ends with FORBIDDEN.
   */
  recheck(): Promise<void> {
    if (this.recheckRunning) {
      this.recheckAgain = true;
      return this.recheckRunning;
    }
    this.recheckRunning = (async () => {
      do {
        this.recheckAgain = false;
        const principals = new Map<string, Promise<Principal | null>>();
        for (const session of [...this.sessions]) {
          try {
            let principal = principals.get(session.token);
            if (!principal) {
              principal = this.authenticate(session.token);
              principals.set(session.token, principal);
            }
            const current = await principal;
            if (!current) {
              for (const active of session.subscriptions) active.end('UNAUTHENTICATED', 'The API key was deleted');
              session.revoke();
              continue;
            }
            session.principal = current;
            for (const active of [...session.subscriptions]) {
              const { stream } = active;
              try {
                // Follows changed without an entry this stream saw (a follow removed by hand, an organization deleted): open it again.
                const again = await openStream(this.pool, this.secret, current, stream.field, stream.args);
                if (again.follows !== active.stream.follows) active.reopen(again);
              } catch (error) {
                if (!(error instanceof VigilError)) throw error;
                active.end('FORBIDDEN', `No longer a member of organization ${stream.organizationId}`);
              }
            }
          } catch (error) {
            log.warn('subscriptions: re-check failed; next one in a moment', { error: (error as Error).message });
          }
        }
      } while (this.recheckAgain && !this.closing);
    })().finally(() => {
      this.recheckRunning = null;
    });
    return this.recheckRunning;
  }

  /**
   * Graceful shutdown, first step: every stream ends now (GOING_AWAY with its cursor) and no new one opens; the
   * transports then close their connections (ws 1001). Nothing here waits for the database.
   */
  end(message = 'The server is shutting down; subscribe again with after: extensions.cursor'): void {
    this.closing = true;
    clearTimeout(this.recheckTimer);
    for (const session of this.sessions) for (const active of session.subscriptions) active.end('GOING_AWAY', message);
  }

  /**
   * Graceful shutdown, last step (end() first if it has not run): waits for the re-check and the event log's read
   * in flight — on the embedded database's one connection they can wait behind a long statement — then stops them.
   */
  async close(message?: string): Promise<void> {
    if (!this.closing) this.end(message);
    await this.recheckRunning?.catch(() => undefined);
    await this.keysCheckRunning?.catch(() => undefined);
    await this.tail.close();
    await this.channel.close();
  }
}

export type { ActiveSubscription, EndCode };
