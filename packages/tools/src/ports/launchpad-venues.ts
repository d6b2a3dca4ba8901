import type { Address } from 'viem';

/** bscfindMemeCoinsViaBonding's query, its defaults applied. */
export interface BondingTokenQuery {
  readonly orderBy: 'TimeDesc' | 'Hot' | 'ProgressDesc';
  readonly tokenName?: string | undefined;
  readonly symbol?: string | undefined;
  readonly listedDex?: boolean | undefined;
  readonly labels?: string | undefined;
  readonly pageIndex: number;
  readonly pageSize: number;
}

/** One launchpad token as the bonding discovery tool lists it (amounts are decimal strings of BNB). */
export interface BondingTokenListing {
  readonly tokenAddress: string;
  readonly name: string;
  readonly symbol: string;
  readonly label: string | null;
  readonly creator: string | null;
  /** ISO 8601. */
  readonly launchTime: string;
  /** Share of the raise target reached, 0 to 1 (1 once listed on the DEX). */
  readonly progress: number;
  readonly raisedBnb: string | null;
  readonly priceBnb: string | null;
  readonly marketCapBnb: string | null;
  /** Graduated: its curve is closed and it trades on the DEX (bscSwap). */
  readonly listedDex: boolean;
  /** BNB traded on its curve in the last 24 hours; null when the source does not say. */
  readonly volume24hBnb: string | null;
}

export interface BondingTokenPage {
  readonly tokens: readonly BondingTokenListing[];
  /** Tokens matching the filters across pages; null when the source does not say. */
  readonly total: number | null;
}

/** The BSC bonding-curve launchpad: its contracts (four.meme's TokenManager2 and TokenManagerHelper3) and its list. */
export interface BondingVenue {
  /** Buys and sells go here (buyTokenAMAP, sellToken). */
  readonly manager: Address;
  /** Token state and trade estimates (getTokenInfo, tryBuy, trySell). */
  readonly helper: Address;
  /** Where its list comes from, named in answers. */
  readonly source: string;
  findTokens(query: BondingTokenQuery): Promise<BondingTokenPage>;
}

/** baseFindFactoryTokens' query, its defaults applied. */
export interface FactoryTokenQuery {
  readonly limit: number;
  readonly offset: number;
  readonly sortBy: 'market-cap' | 'created-at';
  readonly sort: 'asc' | 'desc';
  readonly includeMarket: boolean;
  readonly includeUser: boolean;
  readonly q?: string | undefined;
}

export interface FactoryTokenListing {
  readonly tokenAddress: string;
  readonly name: string;
  readonly symbol: string;
  readonly imageUrl: string | null;
  readonly pool: string | null;
  /** ISO 8601. */
  readonly createdAt: string;
  /** With includeMarket. */
  readonly market?: { readonly priceUsd: number | null; readonly marketCapUsd: number | null } | undefined;
  /** With includeUser: who deployed it. */
  readonly creator?: { readonly address: string | null } | undefined;
}

export interface FactoryTokenPage {
  readonly tokens: readonly FactoryTokenListing[];
  readonly total: number | null;
}

/** The Base token factory's list (live: Clanker's public token list; sandbox: the factory's events and pools). */
export interface FactoryVenue {
  readonly source: string;
  findTokens(query: FactoryTokenQuery): Promise<FactoryTokenPage>;
}

/** hederaFindMemeCoins' query, its defaults applied. */
export interface MemeCoinQuery {
  readonly page: number;
  readonly limit: number;
  readonly orderBy: 'market-cap' | 'creation-time' | 'last-activity' | 'nearest-promoted';
  readonly orderDirection: 'asc' | 'desc';
}

export interface MemeCoinListing {
  readonly tokenId: string;
  readonly evmAddress: string;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly creator: string | null;
  /** ISO 8601. */
  readonly createdAt: string;
  readonly lastActivityAt: string | null;
  /** Share of the curve's promotion target reached, 0 to 1; null when the launchpad does not publish its target. */
  readonly progress: number | null;
  readonly priceHbar: string | null;
  readonly marketCapHbar: string | null;
  readonly promoted: boolean;
}

/** What a buy for some HBAR gets now: the token units and the tinybars the buy pays (never more than offered). */
export interface MemeBuyQuote {
  readonly units: bigint;
  readonly tinybars: bigint;
}

/** A launchpad token's curve, as a trade reads it. */
export interface MemeCurveView {
  readonly tokenId: string;
  readonly symbol: string;
  readonly decimals: number;
  /** Still on its curve (not promoted). */
  readonly trading: boolean;
  /** What `tinybars` (fee included) buy now; units 0 when they buy nothing. */
  quoteBuy(tinybars: bigint): Promise<MemeBuyQuote>;
  /** Tinybars a sale of `units` pays now, after the fee. */
  quoteSell(units: bigint): Promise<bigint>;
}

/** A call to the launchpad contract: its call data and the HBAR it carries. */
export interface MemeContractCall {
  readonly data: Uint8Array;
  readonly payableTinybars: bigint;
}

/** The Hedera bonding-curve launchpad (memejob): its contract, its list and its curves. */
export interface MemejobVenue {
  readonly contractId: string;
  readonly source: string;
  /** Gas a ContractExecuteTransaction to the launchpad sets. */
  readonly gas: number;
  /**
   * Does the contract itself refuse a fill worse than the minimum a call carries (the sandbox launchpad)? memejob's
   * calls carry none: its buy fills exactly the quoted amount or reverts, and the tool checks its sale against a fresh
   * quote just before sending it.
   */
  readonly takesMinimumOut: boolean;
  findMemeCoins(
    query: MemeCoinQuery,
  ): Promise<{ readonly coins: readonly MemeCoinListing[]; readonly total: number | null }>;
  /** The curve of a launchpad token (0.0.x), or undefined when the launchpad has no such token. */
  curve(tokenId: string): Promise<MemeCurveView | undefined>;
  /** Has the account (0.0.x) associated the token, so that it can receive it? */
  isAssociated(accountId: string, tokenId: string): Promise<boolean>;
  /**
   * Does a sale pull the tokens through the vault's HTS allowance to the launchpad (memejob's sellJob), which the tool
   * grants first? False: the launchpad takes them in the call itself.
   */
  readonly saleNeedsAllowance: boolean;
  /**
   * The launchpad's refusal of `call` sent now by the account at `fromEvmAddress` (the contract error it names, or
   * null when it names none), or null when it would pass; absent: the launchpad cannot be asked before sending.
   */
  simulate?(fromEvmAddress: `0x${string}`, call: MemeContractCall): Promise<{ readonly refused: string | null } | null>;
  /** The buy of `quote`, refused on chain below `minUnitsOut` where the contract takes a minimum. */
  buyCall(tokenEvmAddress: `0x${string}`, quote: MemeBuyQuote, minUnitsOut: bigint): MemeContractCall;
  /** The sale of `units`, refused on chain below `minTinybarsOut` where the contract takes a minimum. */
  sellCall(tokenEvmAddress: `0x${string}`, units: bigint, minTinybarsOut: bigint): MemeContractCall;
}

/** The EVM and Hedera launchpads a deployment reaches (sandbox contracts, or the live ones through their APIs). */
export interface LaunchpadVenues {
  readonly bonding?: BondingVenue | undefined;
  readonly factory?: FactoryVenue | undefined;
  readonly memejob?: MemejobVenue | undefined;
}
