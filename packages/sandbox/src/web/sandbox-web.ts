// The sandbox's small local web: one page per seeded token (Solana mints and the Base market's ERC-20s), served over
// real HTTP on loopback, so the web tools (websearch, crawlExtract) answer in sandbox mode from documents that name
// the tokens the sandbox chains really hold.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BASE_USDC_ADDRESS } from '../evm/sandbox-chain.js';
import { sandboxMarketLayout } from '../evm/sandbox-market.js';
import { SANDBOX_SOLANA_TOKENS } from '../solana/tokens.js';

/** One document of the sandbox web. */
export interface SandboxWebPage {
  /** Path on the sandbox web's origin, e.g. `/tokens/solana/BONK`. */
  readonly path: string;
  readonly title: string;
  readonly description: string;
  /** The page's text (what a crawler extracts). */
  readonly text: string;
  readonly chain: string;
  readonly symbol: string;
  /** Mint or contract address; null for a native coin. */
  readonly address: string | null;
}

/** A search hit: a page and its full-text relevance (higher is better). */
export interface SandboxWebHit {
  readonly page: SandboxWebPage;
  readonly score: number;
}

export interface SandboxWeb {
  /** `http://127.0.0.1:<port>`: the only origin sandbox crawls may fetch. */
  readonly origin: string;
  readonly pages: readonly SandboxWebPage[];
  /** Pages matching the query's words, most relevant first (words in the title and symbol weigh more). */
  search(query: string, limit?: number): SandboxWebHit[];
  stop(): Promise<void>;
}

interface TokenFacts {
  readonly chain: string;
  readonly symbol: string;
  readonly name: string;
  readonly address: string | null;
  readonly decimals: number;
  readonly priceUsd: number;
}

function tokenFacts(): TokenFacts[] {
  const solana = SANDBOX_SOLANA_TOKENS.map(({ symbol, name, mint, decimals, priceUsd }) => ({
    chain: 'solana',
    symbol,
    name,
    address: mint,
    decimals,
    priceUsd,
  }));
  const base = sandboxMarketLayout(8453, BASE_USDC_ADDRESS).tokens.map((token) => ({
    chain: 'base',
    ...token,
    priceUsd: token.seedPriceUsd,
  }));
  return [...solana, ...base];
}

function pageOf(token: TokenFacts): SandboxWebPage {
  const where = token.address
    ? `Its ${token.chain === 'solana' ? 'mint' : 'contract'} address on the sandbox ${token.chain} chain is ${token.address}.`
    : `It is the native coin of the sandbox ${token.chain} chain.`;
  return {
    path: `/tokens/${token.chain}/${encodeURIComponent(token.symbol)}`,
    title: `${token.name} (${token.symbol}) on sandbox ${token.chain}`,
    description: `${token.symbol} is a token of the sandbox ${token.chain} chain, with ${token.decimals} decimals.`,
    text:
      `${token.name} (${token.symbol}) is seeded on the sandbox ${token.chain} chain. ${where} ` +
      `It has ${token.decimals} decimals, and the sandbox swap pools open it at ${token.priceUsd} USD; ` +
      'trades on the sandbox move that price.',
    chain: token.chain,
    symbol: token.symbol,
    address: token.address,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] as string);

function html(page: SandboxWebPage): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}">`,
    `</head><body><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.text)}</p></body></html>`,
  ].join('');
}

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Term-frequency score: each query word counts its occurrences, title and symbol matches weighing five times more. */
function score(page: SandboxWebPage, queryWords: readonly string[]): number {
  const title = [...words(page.title), ...words(page.symbol)];
  const body = [...words(page.description), ...words(page.text), ...words(page.address ?? '')];
  return queryWords.reduce(
    (total, word) => total + 5 * title.filter((w) => w === word).length + body.filter((w) => w === word).length,
    0,
  );
}

/** Start the sandbox web on an ephemeral loopback port. */
export async function startSandboxWeb(): Promise<SandboxWeb> {
  const pages = tokenFacts().map(pageOf);
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const server: Server = createServer((request, response) => {
    const page = byPath.get(new URL(request.url ?? '/', 'http://sandbox.invalid').pathname);
    if (!page || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(page ? 405 : 404, { 'content-type': 'text/plain' }).end(page ? 'GET only' : 'not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html(page));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pages,
    search: (query, limit = 10) => {
      const queryWords = words(query);
      return pages
        .map((page) => ({ page, score: score(page, queryWords) }))
        .filter((hit) => hit.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, limit);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
