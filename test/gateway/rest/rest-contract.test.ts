import { REST_ROUTES } from '../../../gateway/rest/routes';
import endpoints from '../../fixtures/rest-contract-endpoints.json';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

// The 72 method + path combinations the public clients call (rest-contract.md §3–§9b), as listed there.
const shape = (path: string) => path.split('?')[0].replace(/\{\w+\}|:\w+/g, ':param');

describe('REST contract', () => {
  it('has a route for each of the 72 endpoints the public clients call', () => {
    expect(endpoints).toHaveLength(72);
    const served = new Set(REST_ROUTES.map((r) => `${r.method} ${shape(r.path)}`));
    const missing = endpoints.filter((e) => !served.has(`${e.method} ${shape(e.path)}`));
    expect(missing).toEqual([]);
  });

  describe('over HTTP', () => {
    let t: TestVigil;
    let admin: Account;
    beforeAll(async () => {
      t = await startTestVigil();
      admin = await t.bootstrap('contract@example.com', 'Contract Org');
    });
    afterAll(() => t.close());

    it('answers every endpoint with JSON (never a 404 route miss, never a 500), valid or not', async () => {
      const filled = (path: string) =>
        path
          .replace('{organizationId}', admin.organizationId)
          .replace(/\{email\}/g, 'nobody@example.com')
          .replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const e of endpoints) {
        const path = filled(e.path).replace(/\{organizationId\}/g, admin.organizationId);
        const response = await t.rest(e.method, path, { key: admin.apiKey, body: e.method === 'POST' || e.method === 'PUT' ? {} : undefined });
        expect({ endpoint: `${e.method} ${e.path}`, json: typeof response.body === 'object' || typeof response.body === 'boolean' }).toEqual({
          endpoint: `${e.method} ${e.path}`,
          json: true,
        });
        expect({ endpoint: `${e.method} ${e.path}`, status: response.status < 500 }).toEqual({ endpoint: `${e.method} ${e.path}`, status: true });
        if (response.status === 404)
          expect({ endpoint: `${e.method} ${e.path}`, message: response.body.message }).not.toEqual({
            endpoint: `${e.method} ${e.path}`,
            message: 'No such route',
          });
        if (response.status >= 400) expect(response.body).toEqual({ statusCode: response.status, error: expect.any(String), message: expect.any(String) });
      }
    });
  });
});
