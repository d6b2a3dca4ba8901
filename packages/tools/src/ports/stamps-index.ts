/**
 * What a Bitcoin Stamps index knows (what Stampchain indexes on mainnet): stamps (Counterparty issuances carrying
 * "STAMP:" data) with their numbers, creators, data and holders, and the SRC-20 tokens their JSON deploys, mints and
 * transfers. The stamps tools answer from it in sandbox mode (packages/sandbox bitcoin/stamps, following the sandbox
 * ledger's Counterparty layer: every read is at the chain's tip).
 */

export interface IndexedStamp {
  /** 0, 1, … for Bitcoin Stamps; -1, -2, … for cursed stamps. */
  readonly stamp: number;
  /** The Counterparty asset. */
  readonly cpid: string;
  readonly creator: string;
  readonly txid: string;
  /** Order among all stamps, from 0. */
  readonly txIndex: number;
  readonly height: number;
  /** Unix seconds. */
  readonly time: number;
  readonly divisible: boolean;
  readonly locked: boolean;
  /** Issued quantity (atomic units). */
  readonly supply: bigint;
  readonly mimeType: string;
  readonly base64: string;
  readonly ident: 'STAMP' | 'SRC-20' | 'SRC-721';
  readonly isBtcStamp: boolean;
  readonly isCursed: boolean;
  readonly fileHash: string;
  readonly stampHash: string;
}

/** One SRC-20 operation (amounts as decimal strings); `status` null when it applied as written. */
export interface Src20Operation {
  readonly txid: string;
  readonly height: number;
  readonly time: number;
  readonly op: 'DEPLOY' | 'MINT' | 'TRANSFER';
  readonly tick: string;
  readonly creator: string;
  readonly destination: string;
  readonly amt: string | null;
  readonly dec: number | null;
  readonly lim: string | null;
  readonly max: string | null;
  readonly valid: boolean;
  readonly status: string | null;
}

export interface Src20Token {
  /** Upper case. */
  readonly tick: string;
  readonly deploy: Src20Operation;
  readonly max: string;
  readonly lim: string;
  readonly dec: number;
  readonly minted: string;
  readonly mints: number;
  /** Percentage of max minted, 0 to 100. */
  readonly progress: number;
  /** Largest first. */
  readonly holders: readonly { readonly address: string; readonly amt: string }[];
}

export interface StampsIndex {
  /** The chain tip's height. */
  lastBlock(): Promise<number>;
  /** Every stamp in confirmation order. */
  stamps(): Promise<readonly IndexedStamp[]>;
  /** The stamps an address holds and how much of each (atomic units). */
  stampBalancesOf(address: string): Promise<readonly { readonly stamp: IndexedStamp; readonly quantity: bigint }[]>;
  /** SRC-20 tokens in deploy order. */
  src20Tokens(): Promise<readonly Src20Token[]>;
}
