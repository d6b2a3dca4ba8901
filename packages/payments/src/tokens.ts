/**
 * The five payment tokens a tool can be paid with (spec: Endpoints, common rule 2). Networks are CAIP-2; the
 * sandbox chains run under the same ids as the live networks (anvil as chain 8453, LiteSVM as Solana mainnet,
 * an in-process Stacks ledger as stacks:1), so a client written against the sandbox works unchanged live.
 */
export const PAYMENT_TOKEN_IDS = ['BASE_USDC', 'SOL_USDC', 'SBTC', 'STX', 'USDCx'] as const;
export type PaymentTokenId = (typeof PAYMENT_TOKEN_IDS)[number];

export const NETWORKS = {
  base: 'eip155:8453',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  stacks: 'stacks:1',
} as const;
export type PaymentNetworkFamily = keyof typeof NETWORKS;

/** What the price oracle quotes. USD-pegged tokens are not quoted. */
export type OracleSymbol = 'STX' | 'BTC';

export interface PaymentToken {
  readonly id: PaymentTokenId;
  readonly family: PaymentNetworkFamily;
  readonly network: string;
  readonly scheme: 'exact';
  /** Token address, mint, or CAIP-19 asset reference (Stacks, per the draft exact-stacks scheme). */
  readonly asset: string;
  readonly decimals: number;
  /** null: pegged 1:1 to USD. */
  readonly quotedAs: OracleSymbol | null;
  /** Scheme-specific `extra` of the payment requirements (EIP-712 domain for EIP-3009 tokens). */
  readonly extra: Readonly<Record<string, unknown>>;
}

export const PAYMENT_TOKENS: Readonly<Record<PaymentTokenId, PaymentToken>> = {
  BASE_USDC: {
    id: 'BASE_USDC',
    family: 'base',
    network: NETWORKS.base,
    scheme: 'exact',
    asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    decimals: 6,
    quotedAs: null,
    extra: { name: 'USD Coin', version: '2' },
  },
  SOL_USDC: {
    id: 'SOL_USDC',
    family: 'solana',
    network: NETWORKS.solana,
    scheme: 'exact',
    asset: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    decimals: 6,
    quotedAs: null,
    extra: {},
  },
  SBTC: {
    id: 'SBTC',
    family: 'stacks',
    network: NETWORKS.stacks,
    scheme: 'exact',
    asset: 'sip010:SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token.sbtc-token',
    decimals: 8,
    quotedAs: 'BTC',
    extra: { tokenType: 'sip010', tokenContract: 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token' },
  },
  STX: {
    id: 'STX',
    family: 'stacks',
    network: NETWORKS.stacks,
    scheme: 'exact',
    asset: 'slip44:5757',
    decimals: 6,
    quotedAs: 'STX',
    extra: { tokenType: 'native' },
  },
  USDCx: {
    id: 'USDCx',
    family: 'stacks',
    network: NETWORKS.stacks,
    scheme: 'exact',
    asset: 'sip010:SP120SBRBQJ00MCWS7TM5R8WJNTTKD5K0HFRC2CNE.usdcx.usdcx-token',
    decimals: 6,
    quotedAs: null,
    extra: { tokenType: 'sip010', tokenContract: 'SP120SBRBQJ00MCWS7TM5R8WJNTTKD5K0HFRC2CNE.usdcx' },
  },
};

export function isPaymentTokenId(value: string): value is PaymentTokenId {
  return (PAYMENT_TOKEN_IDS as readonly string[]).includes(value);
}

/** The payment token a requirement is denominated in (by network and asset). */
export function paymentTokenOf(requirement: { network: string; asset: string }): PaymentToken | undefined {
  return Object.values(PAYMENT_TOKENS).find(
    (token) => token.network === requirement.network && token.asset === requirement.asset,
  );
}

/** The atomic amount a payment offers, as the call ledger records it; null when it is not one (a malformed payment). */
export function offeredAmountOf(accepted: { amount: unknown }): string | null {
  return typeof accepted.amount === 'string' && /^\d{1,78}$/.test(accepted.amount) ? accepted.amount : null;
}
