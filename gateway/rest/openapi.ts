import type { GraphQLSchema } from 'graphql';
import { z } from 'zod/v4';
import { responseContent } from './response-schemas';
import { ALERT_FIELDS } from './routes/alert-inputs';
import { LENIENT_INPUTS } from './schemas';
import type { RestRoute } from './table';

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType | undefined, io: 'input' | 'output' = 'input'): Json | undefined {
  if (!schema) return undefined;
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
    if (io === 'input') describeLenient(schema, rest);
    return rest;
  } catch {
    return {};
  }
}

const NULL = { type: 'null' };

/** The parts of a zod schema's definition the walk below reads. */
interface ZodDefinition {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDefinition } })._zod.def;

/**
 * What the request schemas accept that z.toJSONSchema cannot see through a preprocess (schemas.ts
 * LENIENT_INPUTS): null for an absent value, a single item for a list. Walks the zod schema beside
 * its JSON Schema (objects, arrays, wrappers, pipes) and widens those properties in place.
 */
function describeLenient(schema: z.ZodType, json: Json): void {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      describeLenient(def.innerType as z.ZodType, json);
      break;
    case 'nullable':
      describeLenient(def.innerType as z.ZodType, Array.isArray(json.anyOf) ? (json.anyOf[0] as Json) : json);
      break;
    case 'pipe':
      // A preprocess is a pipe from a transform: its JSON Schema is the schema after it.
      describeLenient((defOf(def.in as z.ZodType).type === 'transform' ? def.out : def.in) as z.ZodType, json);
      break;
    case 'object': {
      const properties = (json.properties ?? {}) as Record<string, Json>;
      for (const [key, value] of Object.entries(def.shape ?? {})) if (properties[key]) describeLenient(value, properties[key]);
      break;
    }
    case 'array':
      if (json.items) describeLenient(def.element as z.ZodType, json.items as Json);
      break;
  }
  const lenient = LENIENT_INPUTS.get(schema);
  if (!lenient) return;
  const inner = { ...json };
  for (const key of Object.keys(json)) delete json[key];
  if (lenient === 'one-or-more') json.anyOf = inner.items ? [inner, inner.items] : [inner];
  else json.anyOf = lenient === 'list' && inner.items ? [inner, inner.items, NULL] : [inner, NULL];
}

/** A query or path parameter's schema: a query string has no null, so the null branch goes. */
function parameterSchema(schema: unknown): unknown {
  const anyOf = (schema as Json).anyOf;
  if (!Array.isArray(anyOf)) return schema;
  const rest = anyOf.filter((branch) => (branch as Json).type !== 'null');
  return rest.length === 1 ? rest[0] : { anyOf: rest };
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  const js = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  return Object.entries(js?.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (js?.required ?? []).includes(name),
    schema: parameterSchema(s),
  }));
}

/** What each tag groups, for the document's readers and generated clients. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  account: 'The caller: their user (/me), API keys and invites.',
  organizations: 'Organizations the caller is a member of, and creating new ones.',
  members: "An organization's members, their roles, and invites to join it.",
  followers: 'Organizations that follow this one (they see its alerts, censored), and their requests.',
  following: 'Organizations this one follows, and the requests to follow them.',
  alerts: 'Alert lists (cursor pages), one alert, its history and comments, and state changes.',
  summaries: 'Alert and scan target counts for dashboards.',
  posture:
    'Posture over time: open and overdue per severity, grade, daily trend, breakdowns, time to resolve, scan freshness, followed organizations compared (docs/posture.md).',
  'scan targets': 'What is scanned (a cloud account, a domain, a SaaS tenant), its credential, schedule and checks.',
  'scan target groups': 'Groups that create scan targets from their compartments (Oracle, Bitbucket, GitLab).',
  scans: 'Scanner runs of a scan target: start, stop, list, and the findings a run loads.',
  events: "The organization's event log (also delivered to webhooks), cursor-paged.",
  webhooks: 'Endpoints that receive the event log, signed (Standard Webhooks), with their deliveries.',
  attachments: 'Files: declared here, their bytes PUT to the signed upload URL, read through a signed download URL.',
  documents: 'Exports (CSV and PDF reports) built in the background; download the file when DONE.',
  questionnaires: 'Questionnaire templates and their elements (versions are made when a sent one changes).',
  assessments: 'Questionnaires sent to another organization: answers, reviews, comments and the workflow.',
  legacy: 'Page-numbered routes older clients (the Ruby SDK) call; new clients use the cursor-paged ones.',
};

/** The error body every refusal shares (`{statusCode, error, message}`), one component referenced by every 4xx/5xx. */
const ERROR_SCHEMA = {
  type: 'object',
  properties: {
    statusCode: { type: 'integer', description: 'the HTTP status' },
    error: { type: 'string', description: 'the status in words, e.g. BadRequest, NotFound' },
    message: { type: 'string', description: 'what was wrong, naming the field when one was' },
  },
  required: ['statusCode', 'error', 'message'],
};
const errorRef = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const ERROR_RESPONSES = {
  '400': errorRef('Bad input (the message names the field)'),
  '401': errorRef('No API key, or one that is not valid'),
  '403': errorRef('Not allowed for this member (e.g. not an ADMIN)'),
  '404': errorRef('No such thing, or not visible to the caller'),
  '409': errorRef('Conflicts with the current state, or a quota'),
  '413': errorRef('Body too large'),
  '415': errorRef('Media type or charset not supported'),
  '429': errorRef('Rate limited (see Retry-After)'),
  '503': errorRef('A dependency is unavailable (see Retry-After)'),
};

/**
 * A stable, unique operationId from the method and the path: `GET /organizations/:organizationId/alerts`
 * → `getOrganizationsByOrganizationIdAlerts`.
 */
export function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `By${segment[1].toUpperCase()}${segment.slice(2)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
}

/** Routes served outside the table (they stream bytes rather than answer an operation). */
const STREAMED_PATHS: Record<string, Record<string, unknown>> = {
  '/me/documents/{documentId}/download': {
    get: {
      operationId: 'getMeDocumentsByDocumentIdDownload',
      summary: "Download a finished document's file (streamed, with its content type and a Content-Disposition filename)",
      description:
        "Download a finished document's file: text/csv or application/pdf, streamed, with a Content-Disposition filename. 404 until the document is DONE. Errors answer {statusCode, error, message}.",
      tags: ['documents'],
      parameters: [{ name: 'documentId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      responses: {
        '200': {
          description: 'The file (text/csv or application/pdf)',
          content: { 'text/csv': { schema: { type: 'string' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        },
        ...ERROR_RESPONSES,
      },
      security: [{ ServiceAuth: [] }],
    },
  },
};

/** The alert lists' records are JSON text the database builds with alertRecord()'s fields (subgraphs/alerts/alerts/lists.ts). */
const JSON_TEXT_FIELDS = { 'AlertPage.recordsJson': { type: 'Alert', fields: ALERT_FIELDS } };

/** An operation's description: its summary, with what every route shares about its inputs and answers. */
function operationDescription(row: RestRoute): string {
  const notes = [row.summary.endsWith('.') ? row.summary : `${row.summary}.`];
  if (row.deprecated) notes.push('Deprecated: kept for existing clients.');
  if (row.body) notes.push('Body: a JSON object; optional properties may be left out or sent as null.');
  notes.push('Errors answer {statusCode, error, message}.');
  return notes.join(' ');
}

/** The OpenAPI document, generated from the same route table that serves the requests. */
export function openApiDocument(routes: readonly RestRoute[], types: GraphQLSchema, publicUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const row of routes) {
    const path = row.path.replace(/:(\w+)/g, '{$1}');
    const body = jsonSchema(row.body);
    paths[path] ??= {};
    paths[path][row.method.toLowerCase()] = {
      operationId: operationId(row.method, row.path),
      summary: row.summary,
      description: operationDescription(row),
      tags: [row.tag],
      ...(row.deprecated ? { deprecated: true } : {}),
      parameters: [...parameters(row.params, 'path'), ...parameters(row.query, 'query')],
      ...(body ? { requestBody: { required: false, content: { 'application/json': { schema: body } } } } : {}),
      responses: { '200': { description: 'OK', content: responseContent(row, types, JSON_TEXT_FIELDS) }, ...ERROR_RESPONSES },
      security: [{ ServiceAuth: [] }],
    };
  }
  for (const [path, operations] of Object.entries(STREAMED_PATHS)) paths[path] = { ...paths[path], ...operations };
  const tags = [...new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => (op as { tags: string[] }).tags)))].sort();
  return {
    openapi: '3.1.0',
    info: { title: 'Vigil', version: '1.0.6', description: 'Security posture monitoring API (REST-compatible routes over the GraphQL supergraph).' },
    // VIGIL_PUBLIC_URL when set, else the server the document was read from.
    servers: [{ url: publicUrl ?? '/', description: publicUrl ? 'This Vigil (VIGIL_PUBLIC_URL)' : 'The server this document was read from' }],
    tags: tags.map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    components: { securitySchemes: { ServiceAuth: { type: 'http', scheme: 'bearer' } }, schemas: { Error: ERROR_SCHEMA } },
    paths,
  };
}
