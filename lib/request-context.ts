import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The HTTP request a piece of work belongs to, for the code it runs (AsyncLocalStorage): the gateway
 * and each subgraph server enter it with the request's id, and a job enqueued meanwhile records it
 * (lib/jobs/queue.ts), so a job's log lines name the request that caused it.
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

export function withRequestId<T>(requestId: string, run: () => T): T {
  return context.run({ requestId }, run);
}

export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}
