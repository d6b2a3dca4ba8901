import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, usdcOf, useSandboxGateway } from './harness.js';

describe.each(backendsFor(import.meta.url))(
  'websearch and crawlExtract over the sandbox local web, paid with x402 + SIWX ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);

    it('ranks a sandbox token page first for its symbol, and crawls that page from the local web', async () => {
      const wallet = await fundedWallet(gateway);
      const bonk = gateway.sandbox.web.pages.find((page) => page.chain === 'solana' && page.symbol === 'BONK')!;
      const bonkUrl = `${gateway.sandbox.web.origin}${bonk.path}`;

      const search = await wallet.call('websearch', { query: 'BONK token' });
      const found = (await search.json()) as { query: string; results: { url: string; score: number }[] };
      expect(search.status, JSON.stringify(found)).toBe(200);
      expect(found.query).toBe('BONK token');
      expect(found.results[0]).toMatchObject({ url: bonkUrl, title: 'Bonk (BONK) on sandbox solana' });
      expect(found.results.every((result) => result.score <= found.results[0]!.score)).toBe(true);

      const crawl = await wallet.call('crawlExtract', { url: bonkUrl, prompt: 'the mint address' });
      const crawled = (await crawl.json()) as { note: string; data: { pages: Record<string, string>[] } };
      expect(crawl.status, JSON.stringify(crawled)).toBe(200);
      expect(crawled).toMatchObject({ urls: [bonkUrl], prompt: 'the mint address', jobId: null });
      const [page] = crawled.data.pages;
      expect(page).toMatchObject({ url: bonkUrl, title: bonk.title, description: bonk.description, statusCode: 200 });
      expect(page?.contentType).toMatch(/^text\/html/);
      // The page names the seeded mint: the content comes from the sandbox's token list, fetched over HTTP.
      expect(page?.content).toContain('DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263');
      expect(crawled.note).toMatch(/live-only/);
    });

    it('refuses a URL outside the sandbox web with a 400 naming the field, before any payment', async () => {
      const wallet = await fundedWallet(gateway);
      const before = await usdcOf(gateway.sandbox, wallet.account.address);
      for (const [url, field] of [
        ['https://example.com/', 'url'],
        [[`${gateway.sandbox.web.origin}/tokens/solana/JUP`, 'http://127.0.0.1:1/'], 'url.1'],
      ] as const) {
        const response = await wallet.call('crawlExtract', { url });
        const body = await response.json();
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(body)).toContain(field);
        expect(JSON.stringify(body)).toContain('sandbox_web');
      }
      expect(await usdcOf(gateway.sandbox, wallet.account.address)).toBe(before);
    });

    it('answers 404 for a missing page of the sandbox web, uncharged', async () => {
      const wallet = await fundedWallet(gateway);
      const before = await usdcOf(gateway.sandbox, wallet.account.address);
      const response = await wallet.call('crawlExtract', { url: `${gateway.sandbox.web.origin}/tokens/solana/NOPE` });
      expect(response.status).toBe(404);
      expect(await usdcOf(gateway.sandbox, wallet.account.address)).toBe(before);
    });
  },
);
