import { z } from 'zod/v4';
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

const errorBody = {
  description: 'Error',
  content: { 'application/json': { schema: { type: 'object', properties: { statusCode: { type: 'integer' }, error: { type: 'string' }, message: { type: 'string' } }, required: ['statusCode', 'error', 'message'] } } },
};

/** The OpenAPI document, generated from the same route table that serves the requests. */
export function openApiDocument(routes: readonly RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const row of routes) {
    const path = row.path.replace(/:(\w+)/g, '{$1}');
    const body = jsonSchema(row.body);
    paths[path] ??= {};
    paths[path][row.method.toLowerCase()] = {
      summary: row.summary,
      tags: [row.tag],
      ...(row.deprecated ? { deprecated: true } : {}),
      parameters: [...parameters(row.params, 'path'), ...parameters(row.query, 'query')],
      ...(body ? { requestBody: { required: false, content: { 'application/json': { schema: body } } } } : {}),
      responses: { '200': { description: 'OK (JSON body; `true` for deletions and actions)' }, '400': errorBody, '401': errorBody, '403': errorBody, '404': errorBody, '409': errorBody },
      security: [{ ServiceAuth: [] }],
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Vigil', version: '1.0.6', description: 'Security posture monitoring API (REST-compatible routes over the GraphQL supergraph).' },
    components: { securitySchemes: { ServiceAuth: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
