import { createHash } from 'node:crypto';
import { RULE_CATALOG, rulesForKind } from '../alerts/rule-catalog';
import type { Finding } from './reconcile';

/**
 * The deterministic demo scanner: the findings of a target's n-th scan are a pure function of the
 * target id, its kind and n, so seed data and tests know exactly what every scan finds.
 *
 * Each catalog rule fitting the kind has 2–3 resources: the first is found by every scan, the
 * others come and go — found by the first scan, then missing whenever n % period = phase
 * (period 2–4) — so over a few scans alerts close and reopen. The data of a finding never changes.
 */
export interface DemoPair {
  rule: string;
  resource: string;
  /** 0: found in every scan; else missing whenever scanNumber % period === phase. */
  period: number;
  phase: number;
}

function hash(...parts: string[]): number {
  return createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0);
}

const RESOURCE_PREFIX: Record<string, string> = {
  AWS: 'arn:aws:s3:::',
  AZURE: '/subscriptions/demo/resourceGroups/rg-',
  GCP: '//storage.googleapis.com/projects/_/buckets/',
  DOMAIN: 'https://',
  GITHUB: 'github.com/demo/',
  GITLAB: 'gitlab.com/demo/',
  BITBUCKET: 'bitbucket.org/demo/',
  AZURE_DEVOPS: 'dev.azure.com/demo/',
};

/** Every (rule, resource) pair the demo scanner can report for a target. */
export function demoPairs(target: { id: string; kind: string }): DemoPair[] {
  const rules = rulesForKind(target.kind);
  const catalog = rules.length ? rules : RULE_CATALOG.filter((r) => r.kinds.length === 0);
  const prefix = RESOURCE_PREFIX[target.kind] ?? `${target.kind.toLowerCase()}://demo/`;
  const short = target.id.slice(0, 8);
  const pairs: DemoPair[] = [];
  for (const rule of catalog) {
    const resources = 2 + (hash(target.id, rule.id) % 2);
    for (let k = 1; k <= resources; k++) {
      const h = hash(target.id, rule.id, String(k));
      const period = k === 1 ? 0 : 2 + (h % 3);
      // Phases that keep the pair in scan 1 (1 % period is never the phase).
      const phases = Array.from({ length: period }, (_, i) => i).filter((i) => i !== 1);
      pairs.push({ rule: rule.id, resource: `${prefix}demo-${short}-${rule.id}-${k}`, period, phase: period ? phases[(h >>> 3) % phases.length] : 0 });
    }
  }
  return pairs;
}

/** Whether a pair is found by the target's scan number `scanNumber` (1-based). */
export function demoPairFound(pair: DemoPair, scanNumber: number): boolean {
  return pair.period === 0 || scanNumber % pair.period !== pair.phase;
}

/** The complete findings of the target's `scanNumber`-th scan. */
export function demoFindings(target: { id: string; kind: string }, scanNumber: number): Finding[] {
  return demoPairs(target)
    .filter((pair) => demoPairFound(pair, scanNumber))
    .map((pair) => ({
      rule: pair.rule,
      resource: pair.resource,
      severity: null,
      metadata: { scanner: 'vigil-demo', kind: target.kind, scanTargetId: target.id },
      enrichment: { description: `Demo finding of ${pair.rule} on ${pair.resource}` },
      tags: ['demo'],
      compliances: null,
      title: null,
    }));
}
