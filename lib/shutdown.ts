import closeWithGrace from 'close-with-grace';
import { log } from './log';
import { tracing } from './tracing';

/**
 * Every entry point stops the same way (close-with-grace): on SIGTERM or SIGINT (or an uncaught
 * error) `close` runs once — it is the entry point's orderly stop — and the process exits 0 when it
 * completes (1 after an error). A second signal, or `close` still running `timeoutMs` + 15 s later,
 * ends the process at once with exit code 1.
 */
export function stopOnSignals(name: string, timeoutMs: number, close: () => Promise<void>): void {
  closeWithGrace(
    {
      delay: timeoutMs + 15_000,
      logger: { error: (message: unknown) => log.error(`${name}: ${message instanceof Error ? message.stack : String(message)}`) },
    },
    async ({ signal, err }) => {
      if (err) log.error(`${name} stopping after an error`, { error: err.stack ?? err.message });
      else log.info(`${name} stopping`, { signal: signal ?? 'exit' });
      await close();
      await tracing?.shutdown(); // the last spans are exported before the process ends
      log.info(`${name} stopped`);
    },
  );
}
