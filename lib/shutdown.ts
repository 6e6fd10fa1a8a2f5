import closeWithGrace from 'close-with-grace';
import { log } from './log';
import { tracing } from './tracing';

/**
 * A repeat of the stop signal this soon after the first is the same stop delivered twice, not a
 * request to hurry: Ctrl-C in a terminal reaches every process of the group, and `npm start` (or the
 * cluster, to its members) forwards the same signal again a few milliseconds later.
 */
export const REPEAT_SIGNAL_WINDOW_MS = 3_000;

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Every entry point stops the same way (close-with-grace): on SIGTERM or SIGINT (or an uncaught
 * error) `close` runs once — it is the entry point's orderly stop — and the process exits 0 when it
 * completes (1 after an error). SIGINT/SIGTERM arriving within REPEAT_SIGNAL_WINDOW_MS of the first
 * are the same stop (logged, ignored); one arriving later — a deliberate second Ctrl-C — ends the
 * process at once with exit code 1, as does `close` still running `timeoutMs` + 15 s later.
 */
export function stopOnSignals(name: string, timeoutMs: number, close: () => Promise<void>): void {
  let first: { signal: NodeJS.Signals; at: number } | undefined;
  let stopping = false;
  const grace = closeWithGrace(
    {
      delay: timeoutMs + 15_000,
      // SIGINT and SIGTERM are handled below: close-with-grace takes any second signal as "exit now".
      skip: [...STOP_SIGNALS],
      logger: { error: (message: unknown) => log.error(`${name}: ${message instanceof Error ? message.stack : String(message)}`) },
    },
    async ({ signal, err }) => {
      stopping = true;
      if (err) log.error(`${name} stopping after an error`, { error: err.stack ?? err.message });
      else log.info(`${name} stopping`, { signal: first?.signal ?? signal ?? 'exit' });
      await close();
      await tracing?.shutdown(); // the last spans are exported before the process ends
      log.info(`${name} stopped`);
    },
  );
  const onStopSignal = (signal: NodeJS.Signals) => {
    if (!first) {
      first = { signal, at: Date.now() };
      // Already stopping after an error: this signal asks for the same stop.
      if (!stopping) void grace.close();
      return;
    }
    const since = Date.now() - first.at;
    if (since < REPEAT_SIGNAL_WINDOW_MS) {
      log.info(`${name}: ${signal} again ${since} ms after ${first.signal}; already stopping`);
      return;
    }
    log.error(`${name}: second ${signal}, exiting`, { sinceFirstMs: since });
    process.exit(1);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onStopSignal);
}
