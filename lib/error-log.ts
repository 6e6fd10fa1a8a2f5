import { isDependencyUnreachable } from './errors';
import { log } from './log';

/**
 * The one classification of an error no code explains, for every process and path (gateway GraphQL
 * and REST, subgraph servers, in-process subgraphs): a dependency that cannot be reached (database,
 * a subgraph refusing connections, …) is a warn "dependency unreachable" — the client got 503 and
 * may retry — and anything else an error "internal error" with its stack.
 *
 * An outage fails every request that needs the dependency (6,282 in 15 s with PostgreSQL cut under
 * `npm run bench:faults`), so its warn is written at most once per UNREACHABLE_LOG_EVERY_MS per
 * service; the next line says how many were left out (`alsoFailed`).
 */
const UNREACHABLE_LOG_EVERY_MS = 5_000;
const lastUnreachable = new Map<string, { at: number; leftOut: number }>();

export function logUnexpectedError(service: string, requestId: string | undefined, error: unknown): void {
  // A subgraph's error arrives as its JSON (`{message, path, extensions}`), not an Error: log its message, not
  // "[object Object]" (bench:faults' 500s were logged so).
  const e = error instanceof Error ? error : new Error(messageOf(error));
  if (!isDependencyUnreachable(error)) {
    log.error('internal error', { service, requestId, error: e.stack ?? e.message });
    return;
  }
  const now = Date.now();
  const last = lastUnreachable.get(service);
  if (last && now - last.at < UNREACHABLE_LOG_EVERY_MS) {
    last.leftOut++;
    return;
  }
  log.warn('dependency unreachable', { service, requestId, error: e.message, ...(last?.leftOut ? { alsoFailed: last.leftOut } : {}) });
  lastUnreachable.set(service, { at: now, leftOut: 0 });
}

function messageOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const { message, extensions } = error as { message?: unknown; extensions?: { code?: unknown } };
    if (typeof message === 'string') return extensions?.code ? `${message} (${String(extensions.code)})` : message;
    try {
      return JSON.stringify(error);
    } catch {
      return Object.prototype.toString.call(error);
    }
  }
  return String(error);
}
