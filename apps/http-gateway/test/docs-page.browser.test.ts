import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalog, examplesOf, findTool, TOOL_GROUPS, toolPath } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { pglite, useGateway } from './harness.js';
import { usePage } from './browser.js';

/** Scalar's slug of a tag (tool group): lower case, each run of other characters one hyphen. */
const tagSlug = (group: string) => group.toLowerCase().replace(/[^a-z0-9]+/g, '-');
/** The deep link of a tool's operation on the docs page. */
const toolAnchor = (name: string) => `tag/${tagSlug(findTool(name)!.group)}/POST${toolPath(name)}`;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

// The docs page (Scalar's API reference) as a browser renders it: the gateway serves it on 127.0.0.1 and headless
// Chromium loads it, with every request it makes recorded to prove it needs nothing from elsewhere.
describe('the docs page in Chromium', () => {
  const h = useGateway(pglite);
  const browser = usePage();
  const requested: string[] = [];
  let url = '';

  it('loads only from this service and shows a table of contents with every tool group', async () => {
    url = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const { page } = browser;
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${url}/docs`);
    const sidebar = page.getByRole('complementary', { name: /Sidebar for/ });
    const groups = TOOL_GROUPS.filter((group) => catalog.some((tool) => tool.group === group));
    for (const group of groups)
      await expect(sidebar.locator(`a[href="#tag/${tagSlug(group)}"]`).innerText()).resolves.toBe(group);
    // The first group is open: its tools are listed by summary.
    await expect(sidebar.getByText(catalog[0]!.summary).first().isVisible()).resolves.toBe(true);
    const screenshot = join(mkdtempSync(join(tmpdir(), 'docs-page-')), 'docs.png');
    await page.screenshot({ path: screenshot });
    expect(pngSize(readFileSync(screenshot))).toEqual(page.viewportSize());
    expect(requested.filter((address) => new URL(address).origin !== url)).toEqual([]);
    expect(requested.map((address) => new URL(address).pathname)).toEqual(
      expect.arrayContaining(['/docs/', '/docs/js/scalar.js', '/openapi.json']),
    );
    expect(browser.errors).toEqual([]);
  });

  it('finds a tool by name with the search box and opens it', async () => {
    const { page } = browser;
    const tool = findTool('getRuneInfo')!;
    await page
      .getByRole('button', { name: /Open Search/ })
      .first()
      .click();
    await page.keyboard.type(tool.name);
    const result = page.getByRole('option').filter({ hasText: tool.summary }).first();
    await result.click();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#${toolAnchor(tool.name)}`);
    await expect(page.locator(`[id$="${toolAnchor(tool.name)}"]`).isVisible()).resolves.toBe(true);
    expect(browser.errors).toEqual([]);
  });

  it("opens a tool from its deep link and tries it: the example body is sent and the service's answer shown", async () => {
    const { page } = browser;
    const tool = findTool('getLeaderboard')!;
    await page.goto(`${url}/docs#${toolAnchor(tool.name)}`);
    const operation = page.locator(`[id$="${toolAnchor(tool.name)}"]`);
    await expect(operation.getByText(tool.summary).first().isVisible()).resolves.toBe(true);
    await operation
      .getByRole('button', { name: /Test Request/ })
      .first()
      .click();
    const sent = page.waitForRequest((request) => request.method() === 'POST');
    await page.getByRole('button', { name: /^Send/ }).first().click();
    const request = await sent;
    expect(new URL(request.url()).pathname).toBe(toolPath(tool.name));
    expect(request.postDataJSON()).toEqual(examplesOf(tool)[0]);
    // Unpaid, the sandbox answers 402 with the x402 payment requirements, which the page shows.
    await expect(page.getByText('402 Payment Required').first().isVisible()).resolves.toBe(true);
    await expect.poll(() => page.getByText('"x402Version"').count()).toBeGreaterThan(0);
    expect(browser.errors).toEqual([`402 ${url}${toolPath(tool.name)}`]);
  });
});
