import { log } from './log';
import { dependencyUp } from './metrics';

/**
 * The state of a dependency the service rides out (Redis behind the rate limits): its outage is
 * logged once when it starts and once when it ends — never per request — and shown on /metrics as
 * `vigil_dependency_up{dependency}` (1 up, 0 down: the process runs degraded without it).
 */
export interface DependencyState {
  readonly up: boolean;
  /** Reachable (again). Logged only on a change. */
  markUp(): void;
  /** Unreachable: `consequence` says how the process carries on without it. Logged only on a change. */
  markDown(error: unknown): void;
}

export function dependencyState(dependency: string, consequence: string, initiallyUp = true): DependencyState {
  let up = initiallyUp;
  let downSince = 0;
  dependencyUp.set({ dependency }, up ? 1 : 0);
  return {
    get up() {
      return up;
    },
    markUp() {
      if (up) return;
      up = true;
      dependencyUp.set({ dependency }, 1);
      log.info('dependency reachable again', { dependency, downMs: downSince ? Date.now() - downSince : undefined });
    },
    markDown(error) {
      if (!up) return;
      up = false;
      downSince = Date.now();
      dependencyUp.set({ dependency }, 0);
      log.warn('dependency unreachable', { dependency, degraded: consequence, error: error instanceof Error ? error.message : String(error) });
    },
  };
}
