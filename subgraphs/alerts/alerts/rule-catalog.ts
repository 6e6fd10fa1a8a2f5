import type pg from 'pg';
import type { Severity } from '../../../lib/vocabulary';

/**
 * The rule catalog Vigil ships: what a finding violates, with titles in en-US and pt-BR, the
 * default severity, the compliance frameworks it maps to and a `timelinessThreshold` (days an
 * alert of this rule may stay open before it counts as late). It is upserted into `alerts.rules`
 * at start-up (`upsertRuleCatalog`); rules that only ingestion knows are added by the
 * reconciliation with their id as title. `kinds` tells the demo scanner which targets a rule fits.
 */

export interface CatalogRule {
  id: string;
  titleEn: string;
  titlePt: string;
  severity: Severity;
  compliances: string[];
  timelinessThreshold: number | null;
  kinds: string[];
}

/** Days to fix, by severity: the default timelinessThreshold of the catalog. */
const DAYS_TO_FIX: Record<Severity, number | null> = { CRITICAL: 7, HIGH: 30, MEDIUM: 90, LOW: 180, INFO: null };

type Row = [id: string, severity: Severity, titleEn: string, titlePt: string, compliances: string[], kinds: string[]];

const ROWS: Row[] = [
  ['aws-root-account-mfa-disabled', 'CRITICAL', 'Root account without MFA', 'Conta root sem MFA', ['CIS-AWS-1.5', 'ISO-27001', 'PCI-DSS'], ['AWS']],
  ['aws-s3-bucket-public', 'HIGH', 'S3 bucket is publicly accessible', 'Bucket S3 acessível publicamente', ['CIS-AWS-2.1', 'LGPD', 'PCI-DSS'], ['AWS']],
  ['aws-s3-bucket-unencrypted', 'MEDIUM', 'S3 bucket without default encryption', 'Bucket S3 sem criptografia padrão', ['CIS-AWS-2.1', 'LGPD'], ['AWS']],
  [
    'aws-iam-access-key-unrotated',
    'MEDIUM',
    'IAM access key not rotated in 90 days',
    'Chave de acesso IAM não rotacionada há 90 dias',
    ['CIS-AWS-1.14'],
    ['AWS'],
  ],
  [
    'aws-cloudtrail-disabled',
    'HIGH',
    'CloudTrail is not enabled in all regions',
    'CloudTrail não está habilitado em todas as regiões',
    ['CIS-AWS-3.1', 'ISO-27001'],
    ['AWS'],
  ],
  [
    'aws-security-group-open-ssh',
    'HIGH',
    'Security group allows SSH from anywhere',
    'Security group permite SSH de qualquer origem',
    ['CIS-AWS-5.2', 'PCI-DSS'],
    ['AWS'],
  ],
  ['aws-ebs-volume-unencrypted', 'LOW', 'EBS volume is not encrypted', 'Volume EBS não está criptografado', ['CIS-AWS-2.2'], ['AWS']],
  [
    'azure-storage-public-access',
    'HIGH',
    'Storage account allows public blob access',
    'Storage account permite acesso público a blobs',
    ['CIS-AZURE-3.7', 'LGPD'],
    ['AZURE'],
  ],
  ['azure-sql-auditing-disabled', 'MEDIUM', 'SQL server auditing is disabled', 'Auditoria do SQL server desabilitada', ['CIS-AZURE-4.1'], ['AZURE']],
  ['azure-defender-disabled', 'HIGH', 'Microsoft Defender for Cloud is off', 'Microsoft Defender for Cloud está desligado', ['CIS-AZURE-2.1'], ['AZURE']],
  [
    'azure-nsg-open-rdp',
    'HIGH',
    'Network security group allows RDP from anywhere',
    'Network security group permite RDP de qualquer origem',
    ['CIS-AZURE-6.1', 'PCI-DSS'],
    ['AZURE'],
  ],
  ['gcp-bucket-public', 'HIGH', 'Cloud Storage bucket is public', 'Bucket do Cloud Storage é público', ['CIS-GCP-5.1', 'LGPD'], ['GCP']],
  ['gcp-service-account-admin', 'HIGH', 'Service account has admin privileges', 'Service account com privilégios de administrador', ['CIS-GCP-1.5'], ['GCP']],
  ['gcp-audit-logging-disabled', 'MEDIUM', 'Cloud audit logging is not configured', 'Cloud audit logging não está configurado', ['CIS-GCP-2.1'], ['GCP']],
  ['gcp-firewall-open-ssh', 'HIGH', 'Firewall rule allows SSH from anywhere', 'Regra de firewall permite SSH de qualquer origem', ['CIS-GCP-3.6'], ['GCP']],
  ['huawei-obs-bucket-public', 'HIGH', 'OBS bucket is publicly readable', 'Bucket OBS com leitura pública', ['LGPD'], ['HUAWEI']],
  ['oracle-bucket-public', 'HIGH', 'Object Storage bucket is public', 'Bucket do Object Storage é público', ['CIS-OCI-4.1'], ['ORACLE']],
  [
    'domain-tls-certificate-expiring',
    'HIGH',
    'TLS certificate expires in less than 30 days',
    'Certificado TLS expira em menos de 30 dias',
    ['PCI-DSS'],
    ['DOMAIN'],
  ],
  ['domain-spf-missing', 'MEDIUM', 'Domain has no SPF record', 'Domínio sem registro SPF', ['ISO-27001'], ['DOMAIN']],
  ['domain-dmarc-missing', 'MEDIUM', 'Domain has no DMARC policy', 'Domínio sem política DMARC', ['ISO-27001'], ['DOMAIN']],
  ['domain-hsts-missing', 'LOW', 'HTTPS site without HSTS header', 'Site HTTPS sem cabeçalho HSTS', [], ['DOMAIN']],
  ['domain-tls-weak-protocol', 'HIGH', 'Server accepts TLS 1.0 or 1.1', 'Servidor aceita TLS 1.0 ou 1.1', ['PCI-DSS'], ['DOMAIN']],
  [
    'repo-branch-protection-missing',
    'MEDIUM',
    'Default branch is not protected',
    'Branch padrão sem proteção',
    ['SOC2'],
    ['GITHUB', 'GITLAB', 'BITBUCKET', 'AZURE_DEVOPS'],
  ],
  [
    'repo-secret-committed',
    'CRITICAL',
    'Secret committed to a repository',
    'Segredo commitado em um repositório',
    ['SOC2', 'PCI-DSS'],
    ['GITHUB', 'GITLAB', 'BITBUCKET', 'AZURE_DEVOPS'],
  ],
  ['repo-public-repository', 'LOW', 'Repository is public', 'Repositório é público', [], ['GITHUB', 'GITLAB', 'BITBUCKET', 'AZURE_DEVOPS']],
  [
    'saas-admin-mfa-disabled',
    'CRITICAL',
    'Administrator without MFA',
    'Administrador sem MFA',
    ['ISO-27001', 'SOC2'],
    ['MS365', 'GWORKSPACE', 'OKTA', 'JUMP_CLOUD', 'SALESFORCE', 'SLACK', 'ZENDESK', 'JIRA', 'MONGODB_ATLAS', 'CLOUDFLARE'],
  ],
  [
    'saas-user-mfa-disabled',
    'HIGH',
    'User without MFA',
    'Usuário sem MFA',
    ['ISO-27001'],
    ['MS365', 'GWORKSPACE', 'OKTA', 'JUMP_CLOUD', 'SALESFORCE', 'SLACK', 'ZENDESK', 'JIRA'],
  ],
  [
    'saas-inactive-user',
    'LOW',
    'User inactive for more than 90 days',
    'Usuário inativo há mais de 90 dias',
    ['ISO-27001'],
    ['MS365', 'GWORKSPACE', 'OKTA', 'JUMP_CLOUD', 'SALESFORCE', 'SLACK', 'ZENDESK', 'JIRA', 'MONGODB_ATLAS'],
  ],
  [
    'saas-external-sharing-enabled',
    'MEDIUM',
    'External sharing is allowed',
    'Compartilhamento externo permitido',
    ['LGPD'],
    ['MS365', 'GWORKSPACE', 'SLACK', 'SALESFORCE'],
  ],
  [
    'saas-too-many-admins',
    'MEDIUM',
    'More than five administrators',
    'Mais de cinco administradores',
    ['ISO-27001'],
    ['MS365', 'GWORKSPACE', 'OKTA', 'JUMP_CLOUD', 'SALESFORCE', 'SLACK', 'ZENDESK', 'JIRA'],
  ],
  ['mongodb-atlas-network-open', 'HIGH', 'Cluster accepts connections from 0.0.0.0/0', 'Cluster aceita conexões de 0.0.0.0/0', ['PCI-DSS'], ['MONGODB_ATLAS']],
  ['cloudflare-waf-disabled', 'MEDIUM', 'Web application firewall is off', 'Web application firewall desligado', ['PCI-DSS'], ['CLOUDFLARE']],
  [
    'endpoint-agent-outdated',
    'MEDIUM',
    'Endpoint agent is outdated',
    'Agente de endpoint desatualizado',
    ['ISO-27001'],
    ['CROWDSTRIKE_FALCON', 'BITDEFENDER', 'SENTINEL_ONE', 'SOPHOS'],
  ],
  [
    'endpoint-protection-disabled',
    'CRITICAL',
    'Endpoint protection is disabled',
    'Proteção de endpoint desabilitada',
    ['ISO-27001', 'PCI-DSS'],
    ['CROWDSTRIKE_FALCON', 'BITDEFENDER', 'SENTINEL_ONE', 'SOPHOS'],
  ],
  [
    'endpoint-unmanaged-device',
    'LOW',
    'Device without a management agent',
    'Dispositivo sem agente de gerenciamento',
    [],
    ['CROWDSTRIKE_FALCON', 'BITDEFENDER', 'SENTINEL_ONE', 'SOPHOS'],
  ],
  ['vigil-scan-info', 'INFO', 'Informational observation', 'Observação informativa', [], []],
];

export const RULE_CATALOG: readonly CatalogRule[] = ROWS.map(([id, severity, titleEn, titlePt, compliances, kinds]) => ({
  id,
  severity,
  titleEn,
  titlePt,
  compliances: [...compliances].sort(),
  timelinessThreshold: DAYS_TO_FIX[severity],
  kinds,
}));

/** The catalog rules that fit a scan target kind (used by the demo scanner). */
export function rulesForKind(kind: string): CatalogRule[] {
  return RULE_CATALOG.filter((rule) => rule.kinds.includes(kind));
}

/**
 * Writes the catalog into `alerts.rules` in one statement: new rules are inserted, changed ones
 * updated (a rule first seen through ingestion gets its real titles), unchanged ones untouched.
 * Safe to run from several instances at once.
 */
export async function upsertRuleCatalog(pool: pg.Pool): Promise<number> {
  const rules = [...RULE_CATALOG].sort((a, b) => a.id.localeCompare(b.id));
  const result = await pool.query(
    `INSERT INTO alerts.rules (id, "titleEn", "titlePt", severity, compliances, "timelinessThreshold", "createdAt", "updatedAt")
     SELECT r.id, r."titleEn", r."titlePt", r.severity, r.compliances::text[], r."timelinessThreshold", now(), now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[])
            AS r(id, "titleEn", "titlePt", severity, compliances, "timelinessThreshold")
     ON CONFLICT (id) DO UPDATE
        SET "titleEn" = EXCLUDED."titleEn", "titlePt" = EXCLUDED."titlePt", severity = EXCLUDED.severity,
            compliances = EXCLUDED.compliances, "timelinessThreshold" = EXCLUDED."timelinessThreshold", "updatedAt" = now()
      WHERE (rules."titleEn", rules."titlePt", rules.severity, rules.compliances, rules."timelinessThreshold")
            IS DISTINCT FROM (EXCLUDED."titleEn", EXCLUDED."titlePt", EXCLUDED.severity, EXCLUDED.compliances, EXCLUDED."timelinessThreshold")`,
    [
      rules.map((r) => r.id),
      rules.map((r) => r.titleEn),
      rules.map((r) => r.titlePt),
      rules.map((r) => r.severity),
      rules.map((r) => textArrayLiteral(r.compliances)),
      rules.map((r) => r.timelinessThreshold),
    ],
  );
  return result.rowCount ?? 0;
}

/** A PostgreSQL array literal (`{"a","b"}`) for passing a text[] per row through unnest. */
export function textArrayLiteral(values: readonly string[]): string {
  if (values.length === 0) return '{}';
  return `{${values.map((v) => `"${/[\\"]/.test(v) ? v.replace(/[\\"]/g, (c) => `\\${c}`) : v}"`).join(',')}}`;
}
