import os from 'node:os';

/** The machine's load average (1, 5, 15 min) and core count, printed by every benchmark at its start and end: its numbers depend on it. */
export function sayLoadAverage(when: 'start' | 'end'): void {
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2));
  process.stderr.write(`load average at the ${when}: ${one} ${five} ${fifteen} (${os.cpus().length} cores)\n`);
}

/** Runs a benchmark's `main` between the two load average lines; a failure is printed and exits 1. */
export function runBenchmark(main: () => Promise<void>): void {
  sayLoadAverage('start');
  main()
    .finally(() => sayLoadAverage('end'))
    .catch((error) => {
      process.stderr.write(`${(error as Error).stack ?? error}\n`);
      process.exit(1);
    });
}
