import PDFDocument from 'pdfkit';
import type pg from 'pg';
import { Visibility } from '../lib/visibility';
import { SEVERITIES, STATES } from '../lib/vocabulary';
import { liveTargetCondition, Params } from '../subgraphs/alerts/alerts/sql';
import { alertCounts, type DailyCounts, dailyCounts, scanTargetSummaries } from '../subgraphs/alerts/alerts/summaries';
import type { ExportFile } from './export-files';

/**
 * THIRD_PARTY_REPORT: a followed organization's posture as its follower may see it (a member gets
 * its own organization's the same way, uncensored): counts by severity and state, the oldest open
 * alerts by rule, the scan targets (names and tags censored for a follower), and open / closed
 * alerts per day over the last 30 days drawn as a vector chart. Every figure comes from the alerts
 * subgraph's summary queries, so the report says what the API says.
 */
const DAYS = 30;

const TEXT = {
  en_US: {
    title: 'Third-party security posture report',
    generated: 'Generated',
    organization: 'Organization',
    bySeverity: 'Alerts by severity (not closed)',
    byState: 'Alerts by state',
    oldest: 'Oldest open alerts by rule',
    targets: 'Scan targets',
    overTime: `Open and closed alerts, last ${DAYS} days`,
    open: 'open',
    closed: 'closed per day',
    rule: 'Rule',
    since: 'open since',
    alerts: 'alerts',
    none: 'None',
  },
  pt_BR: {
    title: 'Relatório de postura de segurança de terceiro',
    generated: 'Gerado em',
    organization: 'Organização',
    bySeverity: 'Alertas por severidade (não fechados)',
    byState: 'Alertas por estado',
    oldest: 'Alertas abertos mais antigos por regra',
    targets: 'Alvos de varredura',
    overTime: `Alertas abertos e fechados, últimos ${DAYS} dias`,
    open: 'abertos',
    closed: 'fechados por dia',
    rule: 'Regra',
    since: 'aberto desde',
    alerts: 'alertas',
    none: 'Nenhum',
  },
} as const;

interface OldestRule {
  rule: string;
  title: string | null;
  openedAt: Date;
  open: number;
}

async function oldestOpenByRule(pool: pg.Pool, organizationId: string, lang: 'en_US' | 'pt_BR'): Promise<OldestRule[]> {
  const p = new Params();
  const org = p.add(organizationId);
  const live = liveTargetCondition(p, [organizationId]);
  const { rows } = await pool.query<OldestRule>(
    `SELECT a.rule, min(r.${lang === 'pt_BR' ? '"titlePt"' : '"titleEn"'}) AS title,
            min(COALESCE(a."openedAt", a."createdAt")) AS "openedAt", count(*)::int AS open
       FROM alerts.alerts a LEFT JOIN alerts.rules r ON r.id = a.rule
      WHERE a."organizationId" = ${org}::uuid AND a.state <> 'CLOSED' AND ${live}
      GROUP BY a.rule ORDER BY 3 ASC, a.rule LIMIT 15`,
    p.values,
  );
  return rows;
}

function drawChart(doc: PDFKit.PDFDocument, open: DailyCounts[], closed: DailyCounts[], labels: { open: string; closed: string }): void {
  const left = doc.page.margins.left + 30;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right - 40;
  const height = 150;
  const top = doc.y + 10;
  const max = Math.max(1, ...open.map((d) => d.total), ...closed.map((d) => d.total));
  const x = (i: number) => left + (open.length > 1 ? (i * width) / (open.length - 1) : 0);
  const y = (n: number) => top + height - (n * height) / max;
  doc.save().lineWidth(0.5).strokeColor('#999999');
  doc
    .moveTo(left, top)
    .lineTo(left, top + height)
    .lineTo(left + width, top + height)
    .stroke();
  doc
    .fontSize(7)
    .fillColor('#666666')
    .text(String(max), left - 28, top - 3, { width: 24, align: 'right' })
    .text('0', left - 28, top + height - 3, { width: 24, align: 'right' });
  const series = (points: DailyCounts[], color: string) => {
    if (!points.length) return;
    doc.lineWidth(1.5).strokeColor(color);
    for (const [i, point] of points.entries()) {
      if (i === 0) doc.moveTo(x(i), y(point.total));
      else doc.lineTo(x(i), y(point.total));
    }
    doc.stroke();
  };
  series(open, '#c0392b');
  series(closed, '#27ae60');
  const first = open[0]?.date ?? '';
  const last = open[open.length - 1]?.date ?? '';
  doc
    .fontSize(7)
    .fillColor('#666666')
    .text(first, left, top + height + 4)
    .text(last, left + width - 60, top + height + 4, { width: 60, align: 'right' });
  doc.rect(left, top + height + 18, 8, 8).fill('#c0392b');
  doc
    .fillColor('#000000')
    .fontSize(8)
    .text(labels.open, left + 12, top + height + 18);
  doc.rect(left + 100, top + height + 18, 8, 8).fill('#27ae60');
  doc
    .fillColor('#000000')
    .fontSize(8)
    .text(labels.closed, left + 112, top + height + 18);
  doc.restore();
  doc.x = doc.page.margins.left;
  doc.y = top + height + 40;
}

export async function writeThirdPartyReport(
  pool: pg.Pool,
  options: { policy: Visibility; organizationId: string; params: { language?: string | null } },
  file: ExportFile,
): Promise<void> {
  const { organizationId } = options;
  const view = await options.policy.requireView(organizationId);
  const lang = options.params.language === 'pt_BR' ? 'pt_BR' : 'en_US';
  const t = TEXT[lang];
  const { rows: orgs } = await pool.query<{ name: string }>(`SELECT name FROM organizations.organizations WHERE id = $1`, [organizationId]);
  const counts = await alertCounts(pool, { organizationIds: [organizationId], filter: { states: ['ACTIVE'] }, view });
  const allStates = await alertCounts(pool, { organizationIds: [organizationId], filter: {}, view });
  const oldest = await oldestOpenByRule(pool, organizationId, lang);
  const targets = await scanTargetSummaries(pool, { organizationIds: [organizationId] });
  const open = await dailyCounts(pool, { organizationIds: [organizationId], days: DAYS, mode: 'open' });
  const closed = await dailyCounts(pool, { organizationIds: [organizationId], days: DAYS, mode: 'resolved' });

  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: t.title } });
  let writing = Promise.resolve();
  doc.on('data', (chunk: Buffer) => {
    writing = writing.then(() => file.write(chunk));
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  doc.fontSize(18).text(t.title);
  doc
    .moveDown(0.5)
    .fontSize(10)
    .text(`${t.organization}: ${orgs[0]?.name ?? organizationId}`)
    .text(`${t.generated}: ${new Date().toISOString()}`);
  doc.moveDown().fontSize(13).text(t.bySeverity);
  doc.fontSize(10);
  for (const severity of SEVERITIES) doc.text(`${severity}: ${counts.severities[severity as keyof typeof counts.severities] ?? 0}`);
  doc.moveDown().fontSize(13).text(t.byState);
  doc.fontSize(10);
  for (const state of STATES) doc.text(`${state}: ${allStates.states[state]}`);
  doc.moveDown().fontSize(13).text(t.oldest);
  doc.fontSize(9);
  if (!oldest.length) doc.text(t.none);
  for (const row of oldest)
    doc.text(`${row.rule}${row.title ? ` (${row.title})` : ''}: ${row.open} ${t.alerts}, ${t.since} ${row.openedAt.toISOString().slice(0, 10)}`);
  doc.moveDown().fontSize(13).text(t.targets);
  doc.fontSize(9);
  if (!targets.data.length) doc.text(t.none);
  for (const target of targets.data.slice(0, 50)) {
    const shown = Visibility.scanTargetFor(view, target);
    doc.text(`${String(shown.name)} [${target.kind}]: ${target.open} ${t.open} / ${target.total} ${t.alerts}`);
  }
  if (doc.y > doc.page.height - 260) doc.addPage();
  doc.moveDown().fontSize(13).text(t.overTime);
  drawChart(doc, open, closed, { open: t.open, closed: t.closed });
  doc.end();
  await ended;
  await writing;
}
