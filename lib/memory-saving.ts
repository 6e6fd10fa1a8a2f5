import v8 from 'node:v8';

/**
 * Long reads on the embedded database (an alert export's keyset batches) run with V8 in its
 * memory-saving mode (`--optimize-for-size`: it collects sooner instead of growing the heap), switched
 * on while at least one such read runs and off after. bench:export's embedded run (1M alerts): RSS
 * growth during the export 385 → 18 MB with the mode on for the whole process (the heap stayed at 34–43
 * MB instead of growing from 57 to 160–216 MB). Not for the whole process: bench:boot on an idle machine,
 * alternated runs, CPU per page 16.1 / 21.4 ms (REST / GraphQL) with it against 8.7 / 11.2 without, and
 * later starts 2.8–3.0 s against 2.0–2.3 s. V8 reads the flag at run time.
 */
let memorySavingReads = 0;
export async function inMemorySavingMode<T>(work: () => Promise<T>): Promise<T> {
  if (memorySavingReads++ === 0) v8.setFlagsFromString('--optimize-for-size');
  try {
    return await work();
  } finally {
    if (--memorySavingReads === 0) v8.setFlagsFromString('--no-optimize-for-size');
  }
}
