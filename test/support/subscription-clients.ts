import { createClient as createSseClient } from 'graphql-sse';
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { RunningVigil } from '../../app/vigil';

/** What one subscription received: its messages, the close of its socket, its end. */
export interface Received {
  data: any[];
  errors: any[];
  done: Promise<void>;
  closeCode?: number;
  /** Resolves when `n` data messages have arrived (rejects after `ms`). */
  waitFor(n: number, ms?: number): Promise<any[]>;
  waitForEnd(ms?: number): Promise<void>;
}

function receiver(): Received & { push(m: any): void; error(e: any): void; end(): void } {
  const data: any[] = [];
  const errors: any[] = [];
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const waiters: Array<() => void> = [];
  const notify = () => {
    for (const w of waiters.splice(0)) w();
  };
  const r: any = {
    data,
    errors,
    done,
    push(m: any) {
      if (m.errors) errors.push(...m.errors);
      if (m.data) data.push(m.data);
      notify();
    },
    error(e: any) {
      r.closeCode = e?.code;
      errors.push(e);
      finish();
      notify();
    },
    end() {
      finish();
      notify();
    },
    async waitFor(n: number, ms = 15000) {
      const deadline = Date.now() + ms;
      while (data.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} messages, got ${data.length}: ${JSON.stringify({ data, errors })}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return data;
    },
    async waitForEnd(ms = 15000) {
      // The deadline is cleared once the stream ends: a pending timer would hold the test worker open
      // for up to `ms` after the file (jest: "A worker process has failed to exit gracefully").
      let deadline: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          done,
          new Promise((_, reject) => (deadline = setTimeout(() => reject(new Error(`no end: ${JSON.stringify({ data, errors })}`)), ms))),
        ]);
      } finally {
        clearTimeout(deadline);
      }
    },
  };
  return r;
}

/** A graphql-ws client over `ws` on `<base>/graphql`, the key in connectionParams. */
export function wsClient(base: string, connectionParams: Record<string, unknown>): Client & { closeCode(): Promise<number> } {
  let closed!: (code: number) => void;
  const closeCode = new Promise<number>((resolve) => (closed = resolve));
  const client = createClient({
    url: `${base.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: false,
    on: { closed: (event: any) => closed(event?.code) },
    onNonLazyError: () => undefined,
  });
  return Object.assign(client, { closeCode: () => closeCode });
}

export function subscribe(client: Pick<Client, 'subscribe'>, query: string, variables: Record<string, unknown> = {}): Received & { stop(): void } {
  const r = receiver();
  const stop = client.subscribe({ query, variables }, { next: (m) => r.push(m), error: (e) => r.error(e), complete: () => r.end() });
  return Object.assign(r, { stop });
}

/** A graphql-sse client on `<base>/graphql/stream` ("distinct connections" mode), the key as a Bearer header. */
export function sseSubscribe(
  base: string,
  key: string | undefined,
  query: string,
  variables: Record<string, unknown> = {},
): Received & { stop(): void; client: ReturnType<typeof createSseClient> } {
  const client = createSseClient({ url: `${base}/graphql/stream`, headers: key ? { authorization: `Bearer ${key}` } : {}, retryAttempts: 0 });
  const r = receiver();
  const stop = client.subscribe({ query, variables }, { next: (m) => r.push(m), error: (e) => r.error(e), complete: () => r.end() });
  return Object.assign(r, { stop, client });
}

/** A service whose streams a test waits on: the in-process Vigil (or one of several on the same database). */
type Streams = Pick<RunningVigil, 'subscriptions'>;

/**
 * Until `n` streams of `vigil` are live (past their catch-up): a change made after that reaches them. After `ms` it
 * throws, with `detail()` (e.g. a router's output) in the message.
 */
export async function untilLive(vigil: Streams, n: number, options: { ms?: number; detail?: () => string } = {}): Promise<void> {
  const deadline = Date.now() + (options.ms ?? 15_000);
  while (vigil.subscriptions.liveCount() < n) {
    if (Date.now() > deadline) throw new Error(`only ${vigil.subscriptions.liveCount()} of ${n} streams live${options.detail ? `\n${options.detail()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Until `vigil` holds no subscription session (the connections a test opened have closed), for `ms` at most: between
 * tests, so that each starts with no stream left of the one before; a test that must see none asserts it after.
 */
export async function untilNoSessions(vigil: Streams, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (vigil.subscriptions.sessions.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}
