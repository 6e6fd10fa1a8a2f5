import os from 'node:os';

/** The machine's load average (1, 5, 15 min) and core count, printed by every benchmark at its start and end: its numbers depend on it. */
export function sayLoadAverage(when: 'start' | 'end'): void {
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2));
  process.stderr.write(`load average at the ${when}: ${one} ${five} ${fifteen} (${os.cpus().length} cores)\n`);
}
