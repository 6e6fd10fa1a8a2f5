import { logUnexpectedError } from '../../lib/error-log';
import { logger } from '../../lib/log';

it("logs a subgraph's error JSON by its message and code, not as [object Object]", () => {
  const lines: unknown[][] = [];
  const spy = jest.spyOn(logger, 'error').mockImplementation(((...args: unknown[]) => {
    lines.push(args);
  }) as never);
  try {
    // What the REST single-fetch path hands over: the subgraph's error as JSON (its originalError), not an Error.
    logUnexpectedError('gateway', 'r-1', { message: 'Invalid `prisma.alert.findMany()` invocation', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    logUnexpectedError('gateway', 'r-2', { detail: 'no message here' });
  } finally {
    spy.mockRestore();
  }
  expect(lines).toHaveLength(2);
  const [first, second] = lines.map(([fields]) => (fields as { error: string }).error);
  expect(first).toContain('Invalid `prisma.alert.findMany()` invocation (INTERNAL_SERVER_ERROR)');
  expect(second).toContain('{"detail":"no message here"}');
  for (const error of [first, second]) expect(error).not.toContain('[object Object]');
});
