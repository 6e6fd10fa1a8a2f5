import { execFileSync } from 'node:child_process';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * The OpenAPI document asks no more than the server does: ordinary requests the server accepts — the
 * README's and docs' own examples, and the calls the public SDKs make (../shared/spec/rest-contract.md)
 * — validate against the request schemas /openapi.json publishes (path and query parameters, read as
 * an OpenAPI validator reads a query string, and the JSON body), and the server answers each with 200.
 */
jest.setTimeout(60_000);

let t: TestVigil;
let alice: Account;
let doc: { servers?: Array<{ url: string }>; tags: Array<{ name: string; description?: string }>; paths: Record<string, Record<string, any>> };

beforeAll(async () => {
  t = await startTestVigil();
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
  doc = (await t.rest('GET', '/openapi.json')).body;
});
afterAll(async () => {
  await t?.close();
});

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

/** A query string value as its parameter's schema reads it (form style: a number, a boolean, one list item). */
function fromQueryString(value: string, schema: any): unknown {
  const types = new Set([schema?.type, ...(schema?.anyOf ?? []).map((s: any) => s.type)].flat().filter(Boolean));
  if (types.has('integer') || types.has('number')) return Number(value);
  if (types.has('boolean')) return value === 'true';
  if (types.has('array') && !types.has('string')) return [value];
  return value;
}

/** What is wrong with a request against the document's request schemas ([] when it fits). */
function requestProblems(method: string, url: string, body: unknown): string[] {
  const [pathname, search = ''] = url.split('?');
  const template = Object.keys(doc.paths)
    .filter((p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname))
    .sort((a, b) => b.split('{').length - a.split('{').length)
    .reverse()[0];
  const operation = template && doc.paths[template][method.toLowerCase()];
  if (!operation) return [`${method} ${pathname}: not in the document`];
  const problems: string[] = [];
  const values = template.split('/');
  const given = pathname.split('/');
  const query = new URLSearchParams(search);
  for (const parameter of operation.parameters ?? []) {
    const raw = parameter.in === 'path' ? given[values.indexOf(`{${parameter.name}}`)] : query.get(parameter.name);
    if (raw === null || raw === undefined) {
      if (parameter.required) problems.push(`${parameter.in} ${parameter.name} is required by the document but was not sent`);
      continue;
    }
    const validate = ajv.compile(parameter.schema);
    if (!validate(fromQueryString(raw, parameter.schema))) problems.push(`${parameter.in} ${parameter.name}: ${ajv.errorsText(validate.errors)}`);
  }
  for (const name of query.keys())
    if (!(operation.parameters ?? []).some((p: any) => p.in === 'query' && p.name === name)) problems.push(`query ${name} is not documented`);
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  if (body !== undefined) {
    if (!schema) problems.push('a body was sent, none is documented');
    else {
      const validate = ajv.compile(schema);
      if (!validate(body)) problems.push(`body: ${ajv.errorsText(validate.errors)}`);
    }
  } else if (operation.requestBody?.required) problems.push('the document requires a body');
  return problems.map((p) => `${method} ${template}: ${p}`);
}

const ALL_SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'];
const CLI_STATES = ['OPEN', 'IN_PROGRESS', 'RISK_ACCEPTED', 'MITIGATING_CONTROL', 'FALSE_POSITIVE'];

it('validates real requests the server accepts (README, docs, SDK calls) against the published request schemas', async () => {
  const o = alice.organizationId;
  const requests: Array<[string, string, unknown?]> = [
    // README's first steps
    ['POST', `/organizations/${o}/scantargets`, { name: 'prod', kind: 'AWS', credential: { account: '123456789012' } }],
    ['POST', `/organizations/${o}/alerts?size=10`, {}],
    // docs/attachments.md
    [
      'POST',
      `/organizations/${o}/attachments`,
      { fileName: 'report.pdf', contentLength: 12, contentType: 'application/pdf', contentMD5: 'XrY7u+Ae7tCTyyK7j1rNww==' },
    ],
    // Python SDK 2.2 / CLI (rest-contract §9a): alert list, first page (no cursor), the CLI's defaults
    ['POST', `/organizations/${o}/alerts?size=1000`, { order: 'severity', sort: 'DESC', states: CLI_STATES, severities: ALL_SEVERITIES, lang: 'en-US' }],
    [
      'POST',
      `/organizations/${o}/followings/alerts?size=100`,
      { order: 'severity', states: CLI_STATES, severities: ['CRITICAL', 'HIGH'], lang: 'en-US', includeEmptyFollowingTags: false },
    ],
    ['POST', `/organizations/${o}/alerts/rules?pageSize=100`, { order: 'severity', states: CLI_STATES }],
    ['POST', '/alerts/history', { organizationId: o, pageSize: 100, lang: 'en-US' }],
    // the batch: every key present, null when not given (rest-contract §9a)
    [
      'PUT',
      `/organizations/${o}/alerts/status/batch`,
      {
        state: 'RISK_ACCEPTED',
        comment: 'accepted',
        condition: {
          dryRun: true,
          scanTargetIds: null,
          states: null,
          severities: null,
          selection: { rules: null, alertIds: null },
          includeEmptyScanTargetTags: null,
        },
      },
    ],
    // update_organization: all three keys, null when not given (rest-contract #11)
    ['PUT', `/organizations/${o}`, { name: 'Alice Corp', picture: null, email: null }],
    ['POST', `/organizations/${o}/summaries/scantargets/details`, {}],
    ['GET', `/organizations/${o}/events`],
    ['POST', '/me/apikeys', { name: 'ci' }],
  ];
  const problems: string[] = [];
  for (const [method, url, body] of requests) {
    const res = await t.rest(method, url, { key: alice.apiKey, body });
    expect({ method, url, status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({ method, url, status: 200, body: 'ok' });
    problems.push(...requestProblems(method, url, body));
  }
  expect(problems).toEqual([]);
  expect(requests.length).toBeGreaterThanOrEqual(8);
});

it('marks no optional query parameter required (cursor, size, page, lang …): only the OAuth links need theirs', () => {
  const required = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).flatMap(([m, op]) =>
      (op.parameters ?? []).filter((x: any) => x.in === 'query' && x.required).map((x: any) => `${m.toUpperCase()} ${p} ?${x.name}`),
    ),
  );
  expect(required.sort()).toEqual([
    'GET /gworkspace/oauth/link ?organizationId',
    'GET /gworkspace/oauth/link ?scanTargetId',
    'GET /oauth/link ?organizationId',
  ]);
});

it('has servers, and a description for every tag and operation; a validator accepts it', async () => {
  expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  expect(doc.tags.filter((tag) => !tag.description).map((tag) => tag.name)).toEqual([]);
  const undescribed = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => !op.description)
      .map(([m]) => `${m} ${p}`),
  );
  expect(undescribed).toEqual([]);
  const script = `import { Validator } from '@seriousme/openapi-schema-validator';
    const input = await new Promise((done) => { let s = ''; process.stdin.on('data', (d) => (s += d)); process.stdin.on('end', () => done(s)); });
    process.stdout.write(JSON.stringify(await new Validator().validate(JSON.parse(input))));`;
  const result = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      input: JSON.stringify(doc),
      cwd: path.join(__dirname, '..', '..', '..'),
    }).toString(),
  );
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
});

it('names VIGIL_PUBLIC_URL as its server when set', async () => {
  const other = await startTestVigil({ VIGIL_PUBLIC_URL: 'https://vigil.example.com/' });
  try {
    expect((await other.rest('GET', '/openapi.json')).body.servers).toEqual([expect.objectContaining({ url: 'https://vigil.example.com' })]);
  } finally {
    await other.close();
  }
});
