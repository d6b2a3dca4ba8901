import { catalog } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { pglite, useGateway } from './harness.js';
import { usePage } from './browser.js';

// The docs page as a browser renders it: the gateway serves it on 127.0.0.1 and headless Chromium loads it.
describe('the docs page in Chromium', () => {
  const h = useGateway(pglite);
  const browser = usePage();
  let url = '';

  it('lists every tool of the catalog, grouped, and opens one from its deep link', async () => {
    url = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const { page } = browser;
    await page.goto(`${url}/docs#${catalog[0]!.name}`);
    expect(await page.locator('details[id]').count()).toBe(catalog.length);
    expect(await page.locator(`details[id="${catalog[0]!.name}"] summary`).innerText()).toContain(catalog[0]!.name);
    expect(browser.errors).toEqual([]);
  });
});
