/**
 * Issue 11: the counter works at 1024×768, 1366×768 and 1920×1080. At each size a cashier scans
 * items, attaches a customer and reaches the payment; no visible control overlaps another and none
 * is cut off (outside the window, or clipped by a scrolling parent); the orders list fits too.
 */
import type { Page } from '@playwright/test';
import { api } from '../shared/endpoints/index.js';
import { expect, test } from './fixtures.js';
import { apiAs, scanAtCounter, scannableFrames, screenshot, signIn, uniqueMobile, uniqueWord } from './helpers.js';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

/** Visible buttons, inputs, selects, links and table cells of `root`, with the problems found among them. */
async function layoutProblems(page: Page, root: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const scope = document.querySelector(selector);
    if (!scope) return [`no ${selector}`];
    const controls = [...scope.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], th, td')].filter((el) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    });
    const name = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()}[${el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? el.textContent?.trim().slice(0, 30) ?? ''}]`;
    const problems: string[] = [];
    const docWidth = document.documentElement.clientWidth;
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      // Cut off by the window's width (the page may scroll down, never sideways).
      if (r.right > docWidth + 1 || r.left < -1) problems.push(`${name(el)} is cut off at the window's edge (${Math.round(r.left)}–${Math.round(r.right)} of ${docWidth})`);
      // Clipped by an ancestor that hides overflow.
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const pr = p.getBoundingClientRect();
        if (s.overflowX !== 'visible' && (r.right > pr.right + 1 || r.left < pr.left - 1) && s.overflowX === 'hidden') problems.push(`${name(el)} is clipped by its container`);
        break;
      }
    }
    // Pairwise: no two interactive controls overlap (cells are containers of controls, so only controls).
    const interactive = controls.filter((el) => !['TH', 'TD'].includes(el.tagName));
    for (let i = 0; i < interactive.length; i++) {
      for (let j = i + 1; j < interactive.length; j++) {
        const a = interactive[i]!;
        const b = interactive[j]!;
        if (a.contains(b) || b.contains(a)) continue;
        const ra = a.getBoundingClientRect();
        const rb = b.getBoundingClientRect();
        const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (x > 2 && y > 2) problems.push(`${name(a)} overlaps ${name(b)}`);
      }
    }
    return problems;
  }, root);
}

for (const size of SIZES) {
  test(`the counter and the orders list at ${size.width}×${size.height}: nothing overlaps, nothing is cut off`, async ({ page, service }) => {
    await page.setViewportSize(size);
    const admin = await apiAs(service.url, 'admin');
    const [a, b] = (await scannableFrames(admin, 3)).slice(5, 7);
    const mobile = uniqueMobile();
    const lastName = uniqueWord('Size');
    await admin.call(api.Customer.upsert, { body: { firstName: 'Layout', lastName, mobile, isActive: true } });

    await signIn(page, 'cashier');
    await scanAtCounter(page, [a!, b!]);
    await page.keyboard.press('F2');
    await page.getByLabel('Customer mobile').fill(mobile);
    await page.getByLabel('Customer mobile').press('Enter');
    await expect(page.getByText(`Layout ${lastName}`)).toBeVisible();
    // The cart's price and amount columns are on screen and not under the payment panel: the
    // element at the middle of each header is the header itself.
    for (const column of ['Price', 'Amount']) {
      const header = page.getByRole('table', { name: 'Cart' }).getByRole('columnheader', { name: column, exact: true });
      await header.scrollIntoViewIfNeeded();
      expect(await header.evaluate((th) => {
        const r = th.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!top && (top === th || th.contains(top));
      }), `${column} column uncovered`).toBe(true);
    }
    await page.keyboard.press('F4');
    await expect(page.getByLabel('Paying now')).toBeFocused();
    await screenshot(page, `counter-${size.width}x${size.height}.png`);
    expect(await layoutProblems(page, 'main')).toEqual([]);
    await page.keyboard.press('F9');
    await expect(page.getByRole('heading', { name: 'Sale saved' })).toBeVisible();
    expect(await layoutProblems(page, 'main')).toEqual([]);

    await page.getByRole('link', { name: /Orders/ }).click();
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: `Layout ${lastName}` })).toBeVisible();
    await screenshot(page, `orders-${size.width}x${size.height}.png`);
    expect(await layoutProblems(page, 'main')).toEqual([]);
  });
}
