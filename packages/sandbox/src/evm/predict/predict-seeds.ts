/**
 * The prediction markets the sandbox Polygon chain starts with: tags, events and their binary markets (Yes/No), each
 * market a condition prepared on the Conditional Tokens contract with the sandbox oracle as its oracle. The seed
 * price is where the market maker's pool starts; every price after that follows the trades on chain.
 */

export interface SeedTag {
  readonly id: string;
  readonly label: string;
  readonly slug: string;
}

export interface SeedMarket {
  /** Unique across the seeds; the question id is keccak256("svc.sandbox.predict.<slug>"). */
  readonly slug: string;
  readonly question: string;
  /** Where the market maker's pool prices Yes when seeded. */
  readonly seedYesPrice: number;
  /** Collateral (USD) the market maker splits into its pool. */
  readonly liquidityUsd: number;
}

export interface SeedEvent {
  readonly id: string;
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly featured: boolean;
  readonly tagIds: readonly string[];
  readonly markets: readonly SeedMarket[];
}

export const SEED_TAGS: readonly SeedTag[] = [
  { id: '21', label: 'Crypto', slug: 'crypto' },
  { id: '2', label: 'Politics', slug: 'politics' },
  { id: '1', label: 'Sports', slug: 'sports' },
  { id: '596', label: 'Economy', slug: 'economy' },
  { id: '235', label: 'Bitcoin', slug: 'bitcoin' },
];

export const SEED_EVENTS: readonly SeedEvent[] = [
  {
    id: '900001',
    slug: 'sandbox-btc-above-150k-2027',
    title: 'Bitcoin above $150,000 on June 30, 2027?',
    description: 'Resolves Yes if the sandbox oracle reports a BTC/USD close above $150,000 on June 30, 2027.',
    startDate: '2026-01-05T00:00:00Z',
    endDate: '2027-06-30T23:59:59Z',
    featured: true,
    tagIds: ['21', '235'],
    markets: [
      {
        slug: 'sandbox-btc-above-150k-2027',
        question: 'Bitcoin above $150,000 on June 30, 2027?',
        seedYesPrice: 0.31,
        liquidityUsd: 40_000,
      },
    ],
  },
  {
    id: '900002',
    slug: 'sandbox-fed-decision-march-2027',
    title: 'Fed decision in March 2027',
    description: 'Which way the Federal Reserve moves its target rate at its March 2027 meeting.',
    startDate: '2026-02-01T00:00:00Z',
    endDate: '2027-03-17T18:00:00Z',
    featured: true,
    tagIds: ['596', '2'],
    markets: [
      {
        slug: 'sandbox-fed-cut-march-2027',
        question: 'Fed cuts rates in March 2027?',
        seedYesPrice: 0.36,
        liquidityUsd: 25_000,
      },
      {
        slug: 'sandbox-fed-hold-march-2027',
        question: 'Fed holds rates in March 2027?',
        seedYesPrice: 0.56,
        liquidityUsd: 25_000,
      },
      {
        slug: 'sandbox-fed-hike-march-2027',
        question: 'Fed hikes rates in March 2027?',
        seedYesPrice: 0.08,
        liquidityUsd: 10_000,
      },
    ],
  },
  {
    id: '900003',
    slug: 'sandbox-champions-league-winner-2027',
    title: 'Champions League winner 2026/27',
    description: 'The club that wins the 2026/27 UEFA Champions League final.',
    startDate: '2026-06-01T00:00:00Z',
    endDate: '2027-05-29T21:00:00Z',
    featured: false,
    tagIds: ['1'],
    markets: [
      {
        slug: 'sandbox-ucl-real-madrid',
        question: 'Will Real Madrid win the 2026/27 Champions League?',
        seedYesPrice: 0.19,
        liquidityUsd: 15_000,
      },
      {
        slug: 'sandbox-ucl-arsenal',
        question: 'Will Arsenal win the 2026/27 Champions League?',
        seedYesPrice: 0.14,
        liquidityUsd: 12_000,
      },
    ],
  },
  {
    id: '900004',
    slug: 'sandbox-eth-above-5k-2027',
    title: 'Ethereum above $5,000 by the end of 2027?',
    description: 'Resolves Yes if the sandbox oracle reports an ETH/USD close above $5,000 on December 31, 2027.',
    startDate: '2026-03-10T00:00:00Z',
    endDate: '2027-12-31T23:59:59Z',
    featured: false,
    tagIds: ['21'],
    markets: [
      {
        slug: 'sandbox-eth-above-5k-2027',
        question: 'Ethereum above $5,000 by the end of 2027?',
        seedYesPrice: 0.42,
        liquidityUsd: 20_000,
      },
    ],
  },
  {
    id: '900005',
    slug: 'sandbox-stablecoin-bill-2027',
    title: 'US market-structure bill signed by June 2027?',
    description: 'Resolves Yes if a US crypto market-structure bill is signed into law by June 30, 2027.',
    startDate: '2026-04-20T00:00:00Z',
    endDate: '2027-06-30T23:59:59Z',
    featured: false,
    tagIds: ['2', '21'],
    markets: [
      {
        slug: 'sandbox-stablecoin-bill-2027',
        question: 'US market-structure bill signed by June 2027?',
        seedYesPrice: 0.47,
        liquidityUsd: 8_000,
      },
    ],
  },
];

/** Every seeded market with its event. */
export const SEED_MARKETS: readonly { readonly event: SeedEvent; readonly market: SeedMarket }[] = SEED_EVENTS.flatMap(
  (event) => event.markets.map((market) => ({ event, market })),
);
