import Ajv2020 from 'ajv/dist/2020';

/**
 * Checks REST answers against the 200 response schema /openapi.json publishes for their route
 * (OpenAPI 3.1 schemas are JSON Schema 2020-12). Returns ajv's complaints, [] when the body fits.
 */
export function responseChecker(doc: { paths: Record<string, Record<string, any>> }) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const templates = Object.keys(doc.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    literal: template.split('/').filter((s) => !s.startsWith('{')).length,
  }));
  return (method: string, url: string, body: unknown): string[] => {
    const pathname = url.split('?')[0];
    const match = templates.filter((t) => t.pattern.test(pathname)).sort((a, b) => b.literal - a.literal)[0];
    const operation = match && doc.paths[match.template][method.toLowerCase()];
    const schema = operation?.responses['200'].content['application/json']?.schema;
    if (!schema) return [`no JSON 200 response documented for ${method} ${pathname}`];
    const validate = ajv.compile(schema);
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${method} ${match.template}: ${e.instancePath || '(body)'} ${e.message}`);
  };
}
