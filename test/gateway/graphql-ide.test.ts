import { launchChromium } from '../support/browser';
import { startTestVigil, type TestVigil } from '../support/vigil';

/**
 * The GraphQL IDE is served by Vigil itself: the page and every script and stylesheet it loads come
 * from Vigil (no CDN, no web font, no telemetry), so it works offline and in production.
 */
let t: TestVigil;
beforeAll(async () => {
  t = await startTestVigil();
});
afterAll(() => t.close());

jest.setTimeout(120_000);

const ORIGIN = /\b(?:src|href)\s*=\s*["']([^"']+)["']/g;

it.each(['/graphql', '/docs'])('answers a browser on %s with a page whose assets are all served by Vigil', async (pagePath) => {
  const page = await fetch(`${t.url}${pagePath}`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await page.text();
  const links = [...html.matchAll(ORIGIN)].map((m) => m[1]);
  expect(links.length).toBeGreaterThanOrEqual(3);
  for (const link of links) {
    expect(link.startsWith('/')).toBe(true); // same origin, never another host
    const asset = await fetch(`${t.url}${link}`);
    expect([link, asset.status]).toEqual([link, 200]);
    const text = await asset.text();
    // Scripts and styles load nothing from elsewhere: no CDN, font service or telemetry host.
    expect(text).not.toMatch(
      /https?:\/\/(?:[a-z0-9-]+\.)*(?:unpkg\.com|jsdelivr\.net|googleapis\.com|gstatic\.com|apollographql\.com|sentry\.io|cdn[a-z0-9-]*\.[a-z.]+)/i,
    );
    expect(text).not.toMatch(/@import\s+url\(\s*["']?https?:/);
  }
  expect(html).not.toMatch(/https?:\/\//);
});

it('leaves GET queries and POSTs to the API', async () => {
  const get = await fetch(`${t.url}/graphql?query=${encodeURIComponent('{ __schema { queryType { name } } }')}`, {
    headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
  });
  expect([get.status, await get.json()]).toEqual([200, { data: { __schema: { queryType: { name: 'Query' } } } }]);
  const post = await t.graphql('{ __schema { queryType { name } } }', {}, undefined);
  expect(post.body.data.__schema.queryType.name).toBe('Query');
});

it("shows GraphiQL's opening hint whole in a 1366 px browser window (no line cut off by the editor's edge)", async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(`${t.url}/graphql`);
    await page.waitForSelector('.graphiql-query-editor .CodeMirror-line');
    const cut = await page.evaluate(() => {
      const editor = document.querySelector('.graphiql-query-editor .CodeMirror-scroll')!.getBoundingClientRect();
      return [...document.querySelectorAll('.graphiql-query-editor .CodeMirror-line')]
        .map((line) => {
          const range = document.createRange();
          range.selectNodeContents(line);
          return { text: line.textContent, right: range.getBoundingClientRect().right };
        })
        .filter((line) => line.right > editor.right)
        .map((line) => `${line.text} (ends at ${Math.round(line.right)}, the editor at ${Math.round(editor.right)})`);
    });
    expect(cut).toEqual([]);
    const hint = (await page.locator('.graphiql-query-editor .CodeMirror-line').allTextContents()).join('\n');
    expect(hint).toContain('Headers');
    expect(hint).toContain('{"Authorization": "Bearer vgl_…"}');
  } finally {
    await browser.close();
  }
});
