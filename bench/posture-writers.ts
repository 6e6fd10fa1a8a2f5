import type pg from 'pg';
import { Pool } from 'undici';

/**
 * bench:posture's writer-contention section (issue 33): writers of one organization at the same time,
 * with every posture trigger (posture_moves, posture_open_counts, posture_daily) and without them,
 * alternated in blocks:
 * - hand updates: WRITERS clients, each changing the state of its own open alerts of the organization
 *   (a move between open states: the triggers fire but write no posture row);
 * - scans: SCANNERS clients, each ingesting scans of its own scan target of the organization, every scan
 *   closing the half of the target's alerts the last one found and opening (creating, then reopening) the
 *   other half: openings and resolutions of today, so every scan upserts the organization's posture_daily
 *   rows of today and its posture_open_counts rows, which the other scans' transactions then wait for.
 * While they run, another connection samples pg_stat_activity every few ms: how often a backend of this
 * database waited on a lock, and on which. The posture tables are repaired after the blocks without the
 * triggers (the scanners' targets' moves and the organization's counts recomputed), so a kept database stays exact.
 */
const WRITERS = 8;
const UPDATES_PER_WRITER = 20;
const SCANNERS = 4;
const SCANS_PER_SCANNER = 6;
const FINDINGS_PER_SCAN = 40;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

interface Waits {
  samples: number;
  waiting: number;
  events: Map<string, number>;
}

/** Samples lock waits of this database's backends into `waits` until the returned stop is called. */
function sampleLockWaits(db: pg.Pool, waits: Waits) {
  let running = true;
  const done = (async () => {
    while (running) {
      const { rows } = await db.query<{ event: string; n: number }>(
        `SELECT wait_event AS event, count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid() GROUP BY 1`,
      );
      waits.samples++;
      if (rows.length) waits.waiting++;
      for (const row of rows) waits.events.set(row.event, (waits.events.get(row.event) ?? 0) + row.n);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return async () => {
    running = false;
    await done;
  };
}

export async function measureWriters(db: pg.Pool, url: string, own: string, apiKey: string, write: (line: string) => void) {
  const client = new Pool(url, { connections: WRITERS });
  try {
    await measure(db, client, own, apiKey, write);
  } finally {
    await client.close();
  }
}

async function measure(db: pg.Pool, client: Pool, own: string, apiKey: string, write: (line: string) => void) {
  const call = async (method: 'PUT' | 'POST', path: string, body: unknown) => {
    const t0 = performance.now();
    const response = await client.request({
      path,
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.statusCode} ${text.slice(0, 200)}`);
    return performance.now() - t0;
  };
  const { rows: alerts } = await db.query<{ id: string; scanTargetId: string }>(
    `SELECT id, "scanTargetId" FROM alerts.alerts WHERE "organizationId" = $1 AND state = 'OPEN' ORDER BY id DESC LIMIT $2`,
    [own, WRITERS * UPDATES_PER_WRITER],
  );
  // The scanners' targets, kept with the data (found again on a kept database).
  await db.query(
    `INSERT INTO alerts.scan_targets (id, "organizationId", name, kind, "credentialEncrypted", schedule, "updatedAt")
     SELECT gen_random_uuid(), $1, 'contention ' || k, 'AWS', 'bench', '{"frequency":"1d"}', now() FROM generate_series(1, $2::int) k
      WHERE NOT EXISTS (SELECT 1 FROM alerts.scan_targets t WHERE t."organizationId" = $1 AND t.name = 'contention ' || k)`,
    [own, SCANNERS],
  );
  const { rows: targets } = await db.query<{ id: string }>(
    `SELECT id FROM alerts.scan_targets WHERE "organizationId" = $1 AND name LIKE 'contention %' ORDER BY name LIMIT $2`,
    [own, SCANNERS],
  );
  const { rows: triggers } = await db.query<{ table: string; name: string }>(
    `SELECT tgrelid::regclass::text AS table, tgname AS name FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE '%posture%' ORDER BY 1, 2`,
  );
  const switchTriggers = async (on: boolean) => {
    for (const trigger of triggers) await db.query(`ALTER TABLE ${trigger.table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER "${trigger.name}"`);
  };

  let flip = 0;
  const updates = () =>
    Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        const times: number[] = [];
        const state = flip % 2 ? 'OPEN' : 'IN_PROGRESS';
        for (const alert of alerts.slice(w * UPDATES_PER_WRITER, (w + 1) * UPDATES_PER_WRITER))
          times.push(await call('PUT', `/organizations/${own}/scantargets/${alert.scanTargetId}/alerts/${alert.id}`, { state }));
        return times;
      }),
    ).then((all) => {
      flip++;
      return all.flat();
    });
  let half = 0;
  const scans = () =>
    Promise.all(
      targets.map(async (target) => {
        const times: number[] = [];
        for (let s = 0; s < SCANS_PER_SCANNER; s++) {
          const first = ((half + s) % 2) * FINDINGS_PER_SCAN;
          const findings = Array.from({ length: FINDINGS_PER_SCAN }, (_, i) => ({
            rule: `posture-rule-${i % 60}`,
            resource: `arn:aws:s3:::contention-${first + i}`,
          }));
          times.push(await call('POST', `/organizations/${own}/scantargets/${target.id}/findings`, { format: 'vigil', findings }));
        }
        return times;
      }),
    ).then((all) => {
      half += SCANS_PER_SCANNER;
      return all.flat();
    });

  const settings = { with: { updates: [] as number[], scans: [] as number[] }, without: { updates: [] as number[], scans: [] as number[] } };
  const waits: Record<'with' | 'without', Waits> = {
    with: { samples: 0, waiting: 0, events: new Map() },
    without: { samples: 0, waiting: 0, events: new Map() },
  };
  const block = async (setting: 'with' | 'without') => {
    const stop = sampleLockWaits(db, waits[setting]);
    settings[setting].updates.push(...(await updates()));
    settings[setting].scans.push(...(await scans()));
    await stop();
  };
  await scans(); // warm-up (and the targets' first alerts)
  // The order turns each round: the block after another meets the autovacuum of the one before.
  for (const setting of ['with', 'without', 'without', 'with'] as const) {
    if (setting === 'with') {
      await block('with');
      continue;
    }
    await switchTriggers(false);
    try {
      await block('without');
    } finally {
      await switchTriggers(true);
      await repair(
        db,
        own,
        targets.map((t) => t.id),
      );
    }
  }

  for (const setting of ['with', 'without'] as const) {
    const w = waits[setting];
    write(
      `writers ${setting === 'with' ? 'with' : 'without'} the ${triggers.length} posture triggers: ${WRITERS} concurrent hand updates p50 ` +
        `${percentile(settings[setting].updates, 50).toFixed(1)} ms, ${SCANNERS} concurrent scans (${FINDINGS_PER_SCAN} findings, ${FINDINGS_PER_SCAN} moves) p50 ` +
        `${percentile(settings[setting].scans, 50).toFixed(1)} ms p99 ${percentile(settings[setting].scans, 99).toFixed(1)} ms; lock waits in ` +
        `${w.waiting} of ${w.samples} samples (${[...w.events].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'})\n`,
    );
  }
}

/**
 * The posture rows the blocks without triggers left stale, recomputed from their definitions: the moves of
 * the scanners' targets' alerts (the hand updates move nothing; posture_daily and posture_daily_keys follow the
 * moves) and the organization's open counts (posture_open_counts, posture_open_keys).
 */
async function repair(db: pg.Pool, own: string, targets: string[]) {
  // Deleted and inserted with the triggers on: posture_daily and posture_daily_keys follow the moves.
  await db.query(`DELETE FROM alerts.posture_moves WHERE "organizationId" = $1 AND "scanTargetId" = ANY($2::uuid[])`, [own, targets]);
  await db.query(
    `INSERT INTO alerts.posture_moves (seq, "alertId", "organizationId", "createdAt", resolution, "openedAt", severity, "scanTargetId", rule, compliances)
     SELECT h.seq, h."alertId", h."organizationId", h."createdAt", h.operation = 'CLOSE', h."openedAt", a.severity, a."scanTargetId", a.rule, a.compliances
       FROM alerts.alert_history h JOIN alerts.alerts a ON a.id = h."alertId"
      WHERE h."organizationId" = $1 AND a."scanTargetId" = ANY($2::uuid[]) AND (h.operation = 'CLOSE' OR (h.state <> 'CLOSED' AND h."openedAt" = h."createdAt"))`,
    [own, targets],
  );
  await db.query(`DELETE FROM alerts.posture_open_keys WHERE "organizationId" = $1`, [own]);
  await db.query(
    `INSERT INTO alerts.posture_open_keys ("organizationId", dimension, key, severity, count)
     SELECT a."organizationId", k.dimension, k.key, a.severity, count(*)::int
       FROM alerts.alerts a
      CROSS JOIN LATERAL (VALUES ('SCAN_TARGET', a."scanTargetId"::text), ('RULE', a.rule), ('COMPLIANCE', a.compliances::text)) AS k(dimension, key)
      WHERE a."organizationId" = $1 AND a.state <> 'CLOSED' GROUP BY 1, 2, 3, 4`,
    [own],
  );
  await db.query(`DELETE FROM alerts.posture_open_counts WHERE "organizationId" = $1`, [own]);
  await db.query(
    `INSERT INTO alerts.posture_open_counts ("organizationId", severity, "dueWeek", count)
     SELECT a."organizationId", a.severity, alerts.posture_due_week(a."openedAt", a."createdAt", a."timelinessThreshold"), count(*)::int
       FROM alerts.alerts a WHERE a."organizationId" = $1 AND a.state <> 'CLOSED' GROUP BY 1, 2, 3`,
    [own],
  );
}
