import { badRequest } from '../../../lib/errors';
import { SEVERITIES, type Severity } from '../../../lib/vocabulary';
import type { Finding } from './reconcile';

/**
 * Findings documents a scanner run can be loaded from (POST …/scantargets/{id}/findings):
 *
 * - Vigil's own format: `{"format":"vigil","findings":[{rule, resource, severity?, metadata?,
 *   enrichment?, tags?, compliances?, title?}]}` (`format` may be omitted when `findings` is there).
 * - Prowler's JSON-OCSF output: an array of OCSF Detection Findings (also accepted as
 *   `{"format":"ocsf","findings":[…]}`). `status_code` FAIL is a finding; PASS, MANUAL and anything
 *   else are not. rule = `metadata.event_code` (the check id; else taken from `finding_info.uid`
 *   "prowler-<provider>-<check>-…"), resource = `resources[0].uid`, severity Critical/High/Medium/
 *   Low/Informational → CRITICAL/HIGH/MEDIUM/LOW/INFO (Fatal → CRITICAL; Unknown → the rule's),
 *   compliances = the frameworks of `unmapped.compliance`, title = `finding_info.title`.
 *
 * A document is the complete result of one scan: alerts of the target with no finding in it are
 * closed. A malformed document is refused whole (400) before any scan is created. Findings
 * repeating a (rule, resource) pair count once (the reconciliation keeps the first).
 */
export type DocumentFormat = 'vigil' | 'ocsf';

export interface ParsedDocument {
  format: DocumentFormat;
  findings: Finding[];
  /** OCSF results that are not failures (PASS, MANUAL …). */
  passed: number;
}

export const MAX_FINDINGS = 500_000;
const MAX_RULE = 200;
const MAX_RESOURCE = 2048;
const MAX_TAGS = 50;
const MAX_TAG = 100;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** PostgreSQL text and jsonb cannot hold U+0000; refuse it up front instead of failing the scan. */
function cleanText(value: string, field: string): string {
  if (value.includes('\u0000')) throw badRequest(`${field}: must not contain NUL characters`, field);
  return value;
}

function requiredText(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(`${field}: must be a non-empty string`, field);
  if (value.length > max) throw badRequest(`${field}: must be at most ${max} characters`, field);
  return cleanText(value.trim(), field);
}

export function parseSeverity(value: unknown, field: string): Severity | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw badRequest(`${field}: must be one of ${SEVERITIES.join(', ')}`, field);
  const upper = value.trim().toUpperCase();
  if (upper === 'INFORMATIONAL') return 'INFO';
  if ((SEVERITIES as readonly string[]).includes(upper)) return upper as Severity;
  throw badRequest(`${field}: must be one of ${SEVERITIES.join(', ')}`, field);
}

/** metadata is string → string: numbers and booleans become strings, null drops the key. */
function parseMetadata(value: unknown, field: string): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw badRequest(`${field}: must be an object of strings`, field);
  const metadata: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === undefined) continue;
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw badRequest(`${field}.${key}: must be a string`, `${field}.${key}`);
    metadata[cleanText(key, field)] = cleanText(String(v), `${field}.${key}`);
  }
  return metadata;
}

function assertNoNul(value: unknown, field: string): void {
  if (typeof value === 'string') cleanText(value, field);
  else if (Array.isArray(value)) {
    for (const v of value) assertNoNul(v, field);
  } else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      cleanText(k, field);
      assertNoNul(v, field);
    }
  }
}

function parseEnrichment(value: unknown, field: string): Finding['enrichment'] {
  if (value === undefined || value === null) return {};
  const ok = isObject(value) || (Array.isArray(value) && value.every(isObject));
  if (!ok) throw badRequest(`${field}: must be an object or an array of objects`, field);
  assertNoNul(value, field);
  return value as Finding['enrichment'];
}

function parseStrings(value: unknown, field: string, maxItems: number): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length > maxItems) throw badRequest(`${field}: must be an array of at most ${maxItems} strings`, field);
  const strings = value.map((v, i) => requiredText(v, `${field}[${i}]`, MAX_TAG));
  return [...new Set(strings)].sort();
}

function parseVigilFinding(raw: unknown, i: number): Finding {
  const at = `findings[${i}]`;
  if (!isObject(raw)) throw badRequest(`${at}: must be an object`, at);
  return {
    rule: requiredText(raw.rule, `${at}.rule`, MAX_RULE),
    resource: requiredText(raw.resource, `${at}.resource`, MAX_RESOURCE),
    severity: parseSeverity(raw.severity, `${at}.severity`),
    metadata: parseMetadata(raw.metadata, `${at}.metadata`),
    enrichment: parseEnrichment(raw.enrichment, `${at}.enrichment`),
    tags: parseStrings(raw.tags, `${at}.tags`, MAX_TAGS) ?? [],
    compliances: parseStrings(raw.compliances, `${at}.compliances`, MAX_TAGS),
    title: raw.title === undefined || raw.title === null ? null : requiredText(raw.title, `${at}.title`, 500),
  };
}

const OCSF_SEVERITY: Record<string, Severity | null> = {
  CRITICAL: 'CRITICAL',
  FATAL: 'CRITICAL',
  HIGH: 'HIGH',
  MEDIUM: 'MEDIUM',
  LOW: 'LOW',
  INFORMATIONAL: 'INFO',
  INFO: 'INFO',
  UNKNOWN: null,
  OTHER: null,
};
// OCSF severity_id: 0 Unknown, 1 Informational, 2 Low, 3 Medium, 4 High, 5 Critical, 6 Fatal, 99 Other.
const OCSF_SEVERITY_ID: Record<number, Severity | null> = { 1: 'INFO', 2: 'LOW', 3: 'MEDIUM', 4: 'HIGH', 5: 'CRITICAL', 6: 'CRITICAL' };

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

function ocsfRule(raw: Json, at: string): string {
  const metadata = isObject(raw.metadata) ? raw.metadata : {};
  const info = isObject(raw.finding_info) ? raw.finding_info : {};
  if (text(metadata.event_code)) return requiredText(metadata.event_code, `${at}.metadata.event_code`, MAX_RULE);
  const fromUid = typeof info.uid === 'string' ? /^prowler-[a-z0-9]+-([a-z0-9_]+?)-/i.exec(info.uid)?.[1] : undefined;
  if (fromUid) return cleanText(fromUid, `${at}.finding_info.uid`);
  throw badRequest(`${at}: an OCSF finding needs metadata.event_code (the check id) or a Prowler finding_info.uid`, `${at}.metadata.event_code`);
}

/** One OCSF Detection Finding, or null when it is not a failure. */
function parseOcsfFinding(raw: unknown, i: number): Finding | null {
  const at = `findings[${i}]`;
  if (!isObject(raw)) throw badRequest(`${at}: must be an OCSF finding object`, at);
  if (typeof raw.status_code !== 'string')
    throw badRequest(`${at}.status_code: must be a string (FAIL, PASS, MANUAL); is this an OCSF finding?`, `${at}.status_code`);
  if (raw.status_code.toUpperCase() !== 'FAIL') return null;
  const rule = ocsfRule(raw, at);
  const resources = Array.isArray(raw.resources) ? raw.resources : [];
  const resource = isObject(resources[0]) ? resources[0] : {};
  const cloud = isObject(raw.cloud) ? raw.cloud : {};
  const account = isObject(cloud.account) ? cloud.account : {};
  const info = isObject(raw.finding_info) ? raw.finding_info : {};
  const unmapped = isObject(raw.unmapped) ? raw.unmapped : {};
  const group = isObject(resource.group) ? resource.group : {};
  const resourceId = text(resource.uid) ?? text(resource.name) ?? text(account.uid);
  if (!resourceId) throw badRequest(`${at}.resources[0].uid: is required`, `${at}.resources[0].uid`);
  const severityName = typeof raw.severity === 'string' ? raw.severity.toUpperCase() : undefined;
  const severity =
    severityName !== undefined && severityName in OCSF_SEVERITY
      ? OCSF_SEVERITY[severityName]
      : typeof raw.severity_id === 'number'
        ? (OCSF_SEVERITY_ID[raw.severity_id] ?? null)
        : null;
  const metadata = parseMetadata(
    {
      provider: text(cloud.provider),
      accountId: text(account.uid),
      region: text(resource.region) ?? text(cloud.region),
      resourceName: text(resource.name),
      resourceType: text(resource.type),
      service: text(group.name),
      statusDetail: text(raw.status_detail),
      findingUid: text(info.uid),
      muted: raw.status === 'Suppressed' ? 'true' : undefined,
    },
    `${at}.metadata`,
  );
  const enrichment = Object.fromEntries(
    Object.entries({
      description: info.desc,
      risk: raw.risk_details,
      remediation: raw.remediation,
      relatedUrl: unmapped.related_url,
      compliance: unmapped.compliance,
      resourceLabels: resource.labels,
    }).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
  const compliances = isObject(unmapped.compliance)
    ? Object.keys(unmapped.compliance).map((k, j) => requiredText(k, `${at}.unmapped.compliance[${j}]`, MAX_TAG))
    : null;
  return {
    rule,
    resource: requiredText(resourceId, `${at}.resources[0].uid`, MAX_RESOURCE),
    severity,
    metadata,
    enrichment: parseEnrichment(enrichment, `${at}.enrichment`),
    tags: [],
    compliances: compliances ? [...new Set(compliances)].sort() : null,
    title: typeof info.title === 'string' && info.title.trim() ? cleanText(info.title.trim().slice(0, 500), `${at}.finding_info.title`) : null,
  };
}

/** Which format a document is in, and its list of raw findings. */
function detect(document: unknown): { format: DocumentFormat; items: unknown[] } {
  if (Array.isArray(document)) return { format: 'ocsf', items: document };
  if (!isObject(document))
    throw badRequest('document: must be a Vigil findings document {"format":"vigil","findings":[…]} or a Prowler OCSF JSON array', 'document');
  const format = typeof document.format === 'string' ? document.format.toLowerCase() : document.format;
  if (format === undefined || format === null || format === 'vigil' || format === 'ocsf' || format === 'prowler' || format === 'json-ocsf') {
    if (!Array.isArray(document.findings)) {
      if (format === undefined && typeof document.class_uid === 'number') return { format: 'ocsf', items: [document] };
      throw badRequest('findings: must be an array', 'findings');
    }
    return { format: format === undefined || format === null || format === 'vigil' ? 'vigil' : 'ocsf', items: document.findings };
  }
  throw badRequest('format: must be "vigil" or "ocsf"', 'format');
}

export function parseFindingsDocument(document: unknown): ParsedDocument {
  const { format, items } = detect(document);
  if (items.length > MAX_FINDINGS) throw badRequest(`findings: at most ${MAX_FINDINGS} findings per document`, 'findings');
  const findings: Finding[] = [];
  let passed = 0;
  items.forEach((raw, i) => {
    const finding = format === 'vigil' ? parseVigilFinding(raw, i) : parseOcsfFinding(raw, i);
    if (finding) findings.push(finding);
    else passed++;
  });
  return { format, findings, passed };
}
