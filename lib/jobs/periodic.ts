import { log } from '../log';
import type { JobKind, JobPayloads } from './kinds';
import { enqueue, type JobDatabase } from './queue';

export interface PeriodicJob {
  /** Asks for a run now instead of at the next interval. */
  wake(): void;
  stop(): void;
}

/**
 * Asks for a `kind` job every `everyMs` (and once at start): one job under one singleton key, so
 * however many instances ask, one run waits at a time and whichever runner claims it does the work.
 */
export function enqueueEvery<K extends JobKind>(db: JobDatabase, kind: K, payload: JobPayloads[K], everyMs: number): PeriodicJob {
  let stopped = false;
  const request = () => {
    if (stopped) return;
    enqueue(db, kind, payload, { singletonKey: kind, retries: 0 }).catch((error: Error) =>
      log.warn('could not enqueue a periodic job', { kind, error: error.message }),
    );
  };
  const timer = setInterval(request, everyMs);
  timer.unref();
  request();
  return {
    wake: request,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
