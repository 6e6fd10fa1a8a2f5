import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startServiceProcess } from '../support/processes';

/**
 * The README's first steps, run verbatim by bash against `npm start` (the embedded default, a data
 * directory of its own): every ```sh block of "## First steps", in order, in one shell. Only the line
 * that says where Vigil listens (`API=http://localhost:4000`) is pointed at the test's service.
 */
jest.setTimeout(240_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-readme-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function firstSteps(): string {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## First steps\n');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 5));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]);
  expect(blocks.length).toBeGreaterThanOrEqual(2);
  return blocks.join('\n');
}

/** The JSON values a shell printed one after another (curl -s ends its output without a newline). */
function jsonValues(text: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (depth++ === 0) start = i;
    } else if ((c === '}' || c === ']') && --depth === 0) values.push(JSON.parse(text.slice(start, i + 1)));
  }
  return values;
}

it("runs the README's first steps as written: bootstrap, /me, a GraphQL query, a scan target, its findings, the alert they open", async () => {
  const script = firstSteps();
  expect(script).toMatch(/^API=http:\/\/localhost:4000$/m);
  const env = { ...process.env, DATABASE_URL: '', VIGIL_DATA_DIR: dataDir, SUBGRAPH_BASE_PORT: '0', LOG_LEVEL: 'warn', VIGIL_SECRET: '' };
  const service = await startServiceProcess(env);
  try {
    const shell = spawn('bash', ['-euo', 'pipefail', '-c', script.replace(/^API=http:\/\/localhost:4000$/m, `API=${service.url}`)], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    shell.stdout.on('data', (d) => (stdout += d));
    shell.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => shell.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const [boot, me, graphql, ...rest] = jsonValues(stdout) as [
      { userId: string; organizationId: string; apiKey: string },
      unknown,
      { data: { organizations: unknown } },
      ...unknown[],
    ];
    expect(boot.apiKey).toMatch(/^vgl_/);
    expect(me).toMatchObject({ id: boot.userId, email: 'you@example.com' });
    expect(graphql.data.organizations).toEqual({
      nodes: [{ id: boot.organizationId, name: 'Acme' }],
      pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
    });
    const alerts = rest[rest.length - 1];
    expect(JSON.stringify(alerts)).toMatch(/aws-s3-bucket-public/);
    expect(JSON.stringify(alerts)).toMatch(/arn:aws:s3:::logs/);
  } finally {
    await service.stop();
  }
});
