import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** What the console's browser tests share: signing in, moving by keyboard, and the per-width checks every view passes. */

export const SHOTS = path.join(__dirname, '..', '..', 'docs', 'images');
export const WIDTHS = [390, 1366, 1920] as const;
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Pastes the key in the form and waits for the overview (the first view) to draw. */
export async function signIn(page: Page, url: string, key: string): Promise<void> {
  await page.goto(`${url}/dashboard`);
  await page.fill('#key', key);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="grade"]');
}

/** Presses Tab (Shift+Tab when back) until the focused element matches, as a keyboard user would; fails after 80 presses. */
export async function tabTo(page: Page, selector: string, back = false): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/**
 * The view drawn on `page` at each width: axe-core WCAG 2.1 A/AA violations, horizontal overflow of the page and
 * any element whose text is cut; the screenshot saved as docs/images/console-<view>-<width>.png. Every entry of the
 * answer is a problem (`view@width` → its list), so a clean view answers empty lists.
 */
export async function checkEveryWidth(page: Page, view: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(100);
    await page.evaluate(AXE); // not a <script> tag: the page's CSP allows no inline script
    const axe = await page.evaluate(async () => {
      const w = window as unknown as { axe: { run(o: unknown): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } };
      const r = await w.axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return r.violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    const fit = await page.evaluate(() => {
      const out: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth) out.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
      for (const el of document.querySelectorAll('main *')) {
        const text = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        if (text && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline')
          out.push(`${el.tagName} "${el.textContent?.slice(0, 30)}" ${el.scrollWidth} > ${el.clientWidth}`);
      }
      return out;
    });
    found[`${view}@${width}`] = [...axe, ...fit];
    await page.screenshot({ path: path.join(SHOTS, `console-${view}-${width}.png`), fullPage: true });
  }
  return found;
}

/** What checkEveryWidth answers for views with nothing to report. */
export const clean = (views: readonly string[]) => Object.fromEntries(views.flatMap((v) => WIDTHS.map((w) => [`${v}@${w}`, []])));
