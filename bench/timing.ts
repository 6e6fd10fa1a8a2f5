/** Timing helpers of the benchmarks that compare two sides measured in one run. */

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The p-th percentile (0–100) of `values`. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

export async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** The median of `repeat` runs of `fn`, after `warmup` untimed ones. */
export async function medianOf(fn: () => Promise<unknown>, repeat: number, warmup: number): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) times.push(await time(fn));
  return median(times);
}

/** Medians of `a` and `b` run one after the other `repeat` times (after `warmup` rounds): a slow moment of the machine weighs on both alike. */
export async function mediansOfPairs(a: () => Promise<unknown>, b: () => Promise<unknown>, repeat: number, warmup: number): Promise<[number, number]> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < repeat; i++) {
    as.push(await time(a));
    bs.push(await time(b));
  }
  return [median(as), median(bs)];
}
