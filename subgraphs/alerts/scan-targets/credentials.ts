import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { badRequest } from '../../../lib/errors';
import { SCAN_TARGET_KINDS, type ScanTargetKind } from '../../../lib/vocabulary';

/**
 * Scan target credentials: what each kind needs (validated per field, with the field named in the
 * error), how they are stored (AES-256-GCM, key derived from the service secret) and what clients
 * see (identifiers in full, secrets as "****" + at most the last 4 characters).
 */

/** Kinds whose access is granted through an OAuth consent after creation (rest-contract §10 OAuthTargetKind). */
export const OAUTH_KINDS: readonly ScanTargetKind[] = ['ZENDESK', 'GWORKSPACE', 'SLACK', 'BITBUCKET', 'JIRA', 'GITLAB', 'SALESFORCE'];

export type CredentialValue = string | number;
export type Credential = Record<string, CredentialValue>;

interface Rule {
  /** Returns the normalized value, or undefined when the value does not fit. */
  normalize(value: unknown): CredentialValue | undefined;
  message: string;
}

interface FieldSpec {
  key: string;
  rule: Rule;
  /** Other spellings clients send (Ruby's snake_case, the older Python camelCase of Oracle). */
  aliases?: string[];
  secret?: boolean;
  optional?: boolean;
}

function pattern(re: RegExp, message: string, transform: (v: string) => string = (v) => v): Rule {
  return {
    message,
    normalize: (value) => {
      if (typeof value !== 'string') return undefined;
      const text = transform(value.trim());
      return re.test(text) ? text : undefined;
    },
  };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HOSTNAME_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

const uuid = (what: string) => pattern(UUID_RE, `must be a UUID (${what})`, (v) => v.toLowerCase());
const hostname = (what: string) => pattern(HOSTNAME_RE, `must be a domain name like ${what}`, (v) => v.toLowerCase());
const secretText: Rule = {
  message: 'must be a non-empty string of at most 4096 characters',
  normalize: (value) => (typeof value === 'string' && value.trim() !== '' && value.length <= 4096 ? value : undefined),
};
const httpsUrl = (example: string): Rule => ({
  message: `must be an https URL like ${example}`,
  normalize: (value) => {
    if (typeof value !== 'string') return undefined;
    try {
      const url = new URL(value.trim());
      return url.protocol === 'https:' && HOSTNAME_RE.test(url.hostname) ? url.toString().replace(/\/$/, '') : undefined;
    } catch {
      return undefined;
    }
  },
});
const positiveInteger = (what: string): Rule => ({
  message: `must be a positive integer (${what})`,
  normalize: (value) => {
    const n = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value;
    return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
  },
});

const ORACLE_REGION = pattern(/^[a-z]{2,}-[a-z]+-\d+$/, 'must be an OCI region identifier like us-ashburn-1', (v) => v.toLowerCase());
const ORACLE_TENANCY = pattern(/^ocid1\.tenancy\.[a-z0-9-]+\.[a-z0-9-]*\.[a-z0-9]+$/, 'must be a tenancy OCID (ocid1.tenancy.oc1..…)');
const ORACLE_USER = pattern(/^ocid1\.user\.[a-z0-9-]+\.[a-z0-9-]*\.[a-z0-9]+$/, 'must be a user OCID (ocid1.user.oc1..…)');
const ORACLE_FINGERPRINT = pattern(/^(?:[0-9a-f]{2}:){15}[0-9a-f]{2}$/, 'must be an API key fingerprint (16 hex pairs separated by colons)', (v) =>
  v.toLowerCase(),
);

/** The Oracle group credential (§8b #53): the tenancy-wide part of an ORACLE target's credential. */
export const ORACLE_GROUP_FIELDS: FieldSpec[] = [
  { key: 'region', rule: ORACLE_REGION },
  { key: 'tenancy_id', aliases: ['tenancyId'], rule: ORACLE_TENANCY },
  { key: 'user_id', aliases: ['userId'], rule: ORACLE_USER },
  { key: 'key_fingerprint', aliases: ['keyFingerprint'], rule: ORACLE_FINGERPRINT },
];

export const ORACLE_COMPARTMENT = pattern(
  /^ocid1\.(?:compartment|tenancy)\.[a-z0-9-]+\.[a-z0-9-]*\.[a-z0-9]+$/,
  'must be a compartment OCID (ocid1.compartment.oc1..… or the tenancy OCID for the root compartment)',
);

/** Keep in step with the credential table in scan-targets.graphql. */
const CREDENTIAL_FIELDS: Record<ScanTargetKind, FieldSpec[]> = {
  AWS: [{ key: 'account', rule: pattern(/^\d{12}$/, 'must be a 12-digit AWS account id') }],
  AZURE: [
    { key: 'applicationId', aliases: ['application_id'], rule: uuid('the Azure application (client) id') },
    { key: 'subscriptionId', aliases: ['subscription_id'], rule: uuid('the Azure subscription id') },
    { key: 'directoryId', aliases: ['directory_id'], rule: uuid('the Azure directory (tenant) id') },
    { key: 'secret', rule: secretText, secret: true },
  ],
  GCP: [
    {
      key: 'projectId',
      aliases: ['project_id'],
      rule: pattern(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, 'must be a GCP project id (6–30 lowercase letters, digits or hyphens, starting with a letter)'),
    },
  ],
  HUAWEI: [
    { key: 'accountId', aliases: ['account_id'], rule: pattern(/^[A-Za-z0-9_-]{1,64}$/, 'must be a Huawei Cloud account id (letters, digits, - or _)') },
  ],
  DOMAIN: [{ key: 'domain', rule: hostname('example.com') }],
  ORACLE: [{ key: 'compartment_id', aliases: ['compartmentId'], rule: ORACLE_COMPARTMENT }, ...ORACLE_GROUP_FIELDS],
  ZENDESK: [{ key: 'instanceUrl', aliases: ['instance_url'], rule: httpsUrl('https://acme.zendesk.com') }],
  JIRA: [{ key: 'jiraUrl', aliases: ['jira_url'], rule: httpsUrl('https://acme.atlassian.net') }],
  MS365: [
    { key: 'applicationId', aliases: ['application_id'], rule: uuid('the Entra application (client) id') },
    { key: 'tenantId', aliases: ['tenant_id'], rule: uuid('the Entra tenant id') },
    { key: 'secret', rule: secretText, secret: true },
  ],
  GITHUB: [
    {
      key: 'organizationName',
      aliases: ['organization_name'],
      rule: pattern(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'must be a GitHub organization login (letters, digits and hyphens, up to 39)'),
    },
    { key: 'installationId', aliases: ['installation_id'], rule: positiveInteger('the GitHub App installation id') },
  ],
  GWORKSPACE: [],
  SLACK: [],
  BITBUCKET: [],
  GITLAB: [],
  SALESFORCE: [],
  // Kinds the public clients do not define; Vigil's choice, documented in scan-targets.graphql.
  AZURE_DEVOPS: [
    {
      key: 'organizationName',
      aliases: ['organization_name'],
      rule: pattern(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,48})$/, 'must be an Azure DevOps organization name (dev.azure.com/<name>)'),
    },
    { key: 'personalAccessToken', aliases: ['personal_access_token'], rule: secretText, secret: true },
  ],
  JUMP_CLOUD: [
    {
      key: 'organizationId',
      aliases: ['organization_id'],
      rule: pattern(/^[0-9a-f]{24}$/, 'must be a JumpCloud organization id (24 hex characters)', (v) => v.toLowerCase()),
    },
    { key: 'apiKey', aliases: ['api_key'], rule: secretText, secret: true },
  ],
  MONGODB_ATLAS: [
    {
      key: 'publicKey',
      aliases: ['public_key'],
      rule: pattern(/^[a-z0-9]{8}$/, 'must be an Atlas API public key (8 lowercase letters or digits)', (v) => v.toLowerCase()),
    },
    { key: 'privateKey', aliases: ['private_key'], rule: secretText, secret: true },
  ],
  OKTA: [
    { key: 'domain', rule: hostname('acme.okta.com') },
    { key: 'apiToken', aliases: ['api_token'], rule: secretText, secret: true },
  ],
  CLOUDFLARE: [
    { key: 'apiToken', aliases: ['api_token'], rule: secretText, secret: true },
    {
      key: 'accountId',
      aliases: ['account_id'],
      rule: pattern(/^[0-9a-f]{32}$/, 'must be a Cloudflare account id (32 hex characters)', (v) => v.toLowerCase()),
      optional: true,
    },
  ],
  CROWDSTRIKE_FALCON: [
    { key: 'clientId', aliases: ['client_id'], rule: pattern(/^[0-9a-f]{32}$/, 'must be a Falcon API client id (32 hex characters)', (v) => v.toLowerCase()) },
    { key: 'clientSecret', aliases: ['client_secret'], rule: secretText, secret: true },
    { key: 'baseUrl', aliases: ['base_url'], rule: httpsUrl('https://api.us-2.crowdstrike.com'), optional: true },
  ],
  BITDEFENDER: [
    { key: 'accessUrl', aliases: ['access_url'], rule: httpsUrl('https://cloud.gravityzone.bitdefender.com/api') },
    { key: 'apiKey', aliases: ['api_key'], rule: secretText, secret: true },
  ],
  SENTINEL_ONE: [
    { key: 'consoleUrl', aliases: ['console_url'], rule: httpsUrl('https://acme.sentinelone.net') },
    { key: 'apiToken', aliases: ['api_token'], rule: secretText, secret: true },
  ],
  SOPHOS: [
    { key: 'clientId', aliases: ['client_id'], rule: uuid('the Sophos Central API client id') },
    { key: 'clientSecret', aliases: ['client_secret'], rule: secretText, secret: true },
  ],
};

export function isScanTargetKind(value: unknown): value is ScanTargetKind {
  return typeof value === 'string' && (SCAN_TARGET_KINDS as readonly string[]).includes(value);
}

/** Validates `input` against `fields`: every key known (under its name or an alias), every value well formed. */
function normalizeFields(fields: FieldSpec[], input: unknown, field: string, what: string): Credential {
  if (input === undefined || input === null) input = {};
  if (typeof input === 'string' && input.trim().startsWith('{')) {
    try {
      input = JSON.parse(input) as unknown; // a credential sent as JSON text
    } catch {
      throw badRequest(`${field}: is not valid JSON`, field);
    }
  }
  if (typeof input !== 'object' || Array.isArray(input)) throw badRequest(`${field}: must be an object`, field);
  const raw = input as Record<string, unknown>;
  const known = new Map<string, FieldSpec>();
  for (const spec of fields) for (const name of [spec.key, ...(spec.aliases ?? [])]) known.set(name, spec);
  for (const [key, value] of Object.entries(raw)) {
    if (!known.has(key) && value !== null && value !== undefined) {
      const expected = fields.length ? `expected ${fields.map((f) => f.key).join(', ')}` : 'it takes no fields';
      throw badRequest(`${field}.${key}: is not a field of ${what} credentials (${expected})`, `${field}.${key}`);
    }
  }
  const credential: Credential = {};
  for (const spec of fields) {
    const name = [spec.key, ...(spec.aliases ?? [])].find((n) => raw[n] !== undefined && raw[n] !== null);
    if (name === undefined) {
      if (spec.optional) continue;
      throw badRequest(`${field}.${spec.key}: is required for ${what}`, `${field}.${spec.key}`);
    }
    const value = spec.rule.normalize(raw[name]);
    if (value === undefined) throw badRequest(`${field}.${spec.key}: ${spec.rule.message}`, `${field}.${spec.key}`);
    credential[spec.key] = value;
  }
  return credential;
}

/** The credential of a scan target of `kind`, validated and in its canonical key spelling. */
export function normalizeCredential(kind: ScanTargetKind, input: unknown, field = 'credential'): Credential {
  return normalizeFields(CREDENTIAL_FIELDS[kind], input, field, kind);
}

export function normalizeOracleGroupCredential(input: unknown, field = 'credential'): Credential {
  return normalizeFields(ORACLE_GROUP_FIELDS, input, field, 'an ORACLE group');
}

export function maskSecret(value: CredentialValue): string {
  const text = String(value);
  return text.length >= 12 ? `****${text.slice(-4)}` : '****';
}

/** What answers show: identifiers as they are, secrets masked. Fields of no spec are dropped. */
export function credentialHint(kind: ScanTargetKind, credential: Credential): Credential {
  return hintOf(CREDENTIAL_FIELDS[kind], credential);
}

export function oracleGroupCredentialHint(credential: Credential): Credential {
  return hintOf(ORACLE_GROUP_FIELDS, credential);
}

function hintOf(fields: FieldSpec[], credential: Credential): Credential {
  const hint: Credential = {};
  for (const spec of fields) {
    const value = credential[spec.key];
    if (value !== undefined) hint[spec.key] = spec.secret ? maskSecret(value) : value;
  }
  return hint;
}

// ── encryption at rest ──────────────────────────────────────────────────────────────────────

const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'vigil', 'scan-target-credential/v1', 32));
    keys.set(secret, key);
  }
  return key;
}

/**
 * `v1.<base64url(iv | tag | ciphertext)>`. The organization id is authenticated data, so a
 * ciphertext copied into another organization's row does not decrypt.
 */
export function encryptCredential(secret: string, organizationId: string, credential: Credential): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv);
  cipher.setAAD(Buffer.from(organizationId));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(credential), 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

/** The stored credential, or null when it cannot be decrypted (other secret, tampered row). */
export function decryptCredential(secret: string, organizationId: string, stored: string): Credential | null {
  if (!stored.startsWith('v1.')) return null;
  try {
    const bytes = Buffer.from(stored.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(organizationId));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    const parsed: unknown = JSON.parse(plain);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Credential) : null;
  } catch {
    return null;
  }
}
