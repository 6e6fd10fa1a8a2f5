import { runTestScript } from '../support/processes';

jest.setTimeout(120_000);

// The data layer of the embedded default: whatever reaches SQL and fails there (input validation
// stops NUL bytes earlier, but not every failure), the next request must still authenticate.
it('keeps answering API keys on the embedded database after failed statements and after a dropped connection', async () => {
  const run = await runTestScript('test/support/embedded-statement-errors.ts', [], { LOG_LEVEL: 'silent' });
  const steps = JSON.parse(run.stdout.trim().split('\n').pop() ?? '[]') as Array<{ step: string; outcome: string }>;
  const outcome = Object.fromEntries(steps.map((s) => [s.step, s.outcome]));
  expect(outcome).toEqual({
    authenticate: 'ok',
    'NUL byte': expect.stringMatching(/^error: invalid byte sequence/),
    'authenticate after NUL byte': 'ok',
    'count after NUL byte': '1',
    'division by zero': 'error: division by zero',
    'authenticate after division by zero': 'ok',
    'count after division by zero': '1',
    'bad uuid': expect.stringMatching(/^error: invalid input syntax for type uuid/),
    'authenticate after bad uuid': 'ok',
    'count after bad uuid': '1',
    'prisma raw': expect.stringMatching(/^error: .*no_such_table/s),
    'authenticate after prisma raw': 'ok',
    'count after prisma raw': '1',
    'authenticate 1 after a dropped connection': 'ok',
    'authenticate 2 after a dropped connection': 'ok',
    'authenticate 3 after a dropped connection': 'ok',
  });
  expect(run.code).toBe(0);
});
