import { isDependencyUnreachable } from './errors';
import { log } from './log';

/**
 * The one classification of an error no code explains, for every process and path (gateway GraphQL
 * and REST, subgraph servers, in-process subgraphs): a dependency that cannot be reached (database,
 * a subgraph refusing connections, …) is a warn "dependency unreachable" — the client got 503 and
 * may retry — and anything else an error "internal error" with its stack.
 */
export function logUnexpectedError(service: string, requestId: string | undefined, error: unknown): void {
  const e = error instanceof Error ? error : new Error(String(error));
  if (isDependencyUnreachable(error)) log.warn('dependency unreachable', { service, requestId, error: e.message });
  else log.error('internal error', { service, requestId, error: e.stack ?? e.message });
}
