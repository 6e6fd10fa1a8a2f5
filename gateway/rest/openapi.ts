import { z } from 'zod/v4';
import type { GraphQLSchema } from 'graphql';
import { ALERT_FIELDS } from './routes/alert-inputs';
import { responseContent } from './response-schemas';
import type { RestRoute } from './table';

function jsonSchema(schema: z.ZodType | undefined, io: 'input' | 'output' = 'input'): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    return rest;
  } catch {
    return {};
  }
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  const js = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  return Object.entries(js?.properties ?? {}).map(([name, s]) => ({ name, in: where, required: where === 'path' || (js?.required ?? []).includes(name), schema: s }));
}

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
      tags: ['documents'],
      parameters: [{ name: 'documentId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      responses: {
        '200': { description: 'The file (text/csv or application/pdf)', content: { 'text/csv': { schema: { type: 'string' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
        ...ERROR_RESPONSES,
      },
      security: [{ ServiceAuth: [] }],
    },
  },
};

/** The alert lists' records are JSON text the database builds with alertRecord()'s fields (subgraphs/alerts/alert-lists.ts). */
const JSON_TEXT_FIELDS = { 'AlertPage.recordsJson': { type: 'Alert', fields: ALERT_FIELDS } };

/** The OpenAPI document, generated from the same route table that serves the requests. */
export function openApiDocument(routes: readonly RestRoute[], types: GraphQLSchema) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const row of routes) {
    const path = row.path.replace(/:(\w+)/g, '{$1}');
    const body = jsonSchema(row.body);
    paths[path] ??= {};
    paths[path][row.method.toLowerCase()] = {
      operationId: operationId(row.method, row.path),
      summary: row.summary,
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
    tags: tags.map((name) => ({ name })),
    components: { securitySchemes: { ServiceAuth: { type: 'http', scheme: 'bearer' } }, schemas: { Error: ERROR_SCHEMA } },
    paths,
  };
}
