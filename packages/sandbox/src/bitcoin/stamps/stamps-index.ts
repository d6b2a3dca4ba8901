/**
 * The sandbox's Bitcoin Stamps index, read from the Counterparty layer of the sandbox Bitcoin ledger (what
 * Stampchain indexes on mainnet). A stamp is the first valid issuance of an asset whose description is "STAMP:" and
 * base64 data (stamp-content.ts); later issuances of the asset are not stamps. Stampchain's classes, as far as they
 * apply to classic (Counterparty) stamps:
 *
 * - a Bitcoin Stamp (`is_btc_stamp`, numbered 0, 1, 2, … in the order they confirm) is issued on a numeric asset
 *   (A…) and carries an image (PNG, GIF, JPEG, WEBP, BMP, SVG) or SRC-20/SRC-721 JSON;
 * - every other stamp is cursed (`is_cursed`, numbered -1, -2, … in confirmation order): a named asset, or data of
 *   another type (plain text, other JSON, unknown bytes).
 *
 * A stamp's holders are its asset's Counterparty balances, so a stamp moves with a Counterparty send. SRC-20 tokens
 * come from the Bitcoin Stamps among them whose ident is SRC-20 (src20.ts). Reads follow the ledger to its tip.
 */
import type { CounterpartySandboxLedger } from '../counterparty-ledger.js';
import type { BitcoinSandboxLedger } from '../ledger.js';
import { fileHash, jsonObject, stampData, stampHash, stampIdent, stampMimeType } from './stamp-content.js';
import { indexSrc20, type Src20Operation, type Src20Token } from './src20.js';

const IMAGE_TYPES = new Set(['image/png', 'image/gif', 'image/jpeg', 'image/webp', 'image/bmp', 'image/svg+xml']);

export interface IndexedStamp {
  /** Stamp number: 0, 1, … for Bitcoin Stamps, -1, -2, … for cursed stamps. */
  readonly stamp: number;
  /** The Counterparty asset (Stampchain's cpid). */
  readonly cpid: string;
  readonly creator: string;
  readonly destination: string;
  readonly txid: string;
  /** Order among all stamps (Stampchain's tx_index), from 0. */
  readonly txIndex: number;
  readonly height: number;
  /** Unix seconds. */
  readonly time: number;
  readonly divisible: boolean;
  readonly locked: boolean;
  /** Issued quantity of the asset now (atomic units). */
  readonly supply: bigint;
  readonly mimeType: string;
  readonly base64: string;
  readonly ident: 'STAMP' | 'SRC-20' | 'SRC-721';
  readonly isBtcStamp: boolean;
  readonly isCursed: boolean;
  readonly fileHash: string;
  readonly stampHash: string;
}

interface Snapshot {
  readonly tip: string;
  readonly stamps: readonly IndexedStamp[];
  readonly src20: ReturnType<typeof indexSrc20>;
}

export class StampsIndex {
  #snapshot: Snapshot | undefined;

  constructor(
    private readonly bitcoin: BitcoinSandboxLedger,
    private readonly counterparty: CounterpartySandboxLedger,
  ) {}

  /** Height of the sandbox chain's tip (Stampchain's last_block). */
  lastBlock(): number {
    return this.bitcoin.height;
  }

  /** Every stamp, in the order they confirmed. */
  stamps(): readonly IndexedStamp[] {
    return this.#read().stamps;
  }

  /** The stamps `address` holds, with the quantity (atomic units) of each. */
  stampBalancesOf(address: string): readonly { readonly stamp: IndexedStamp; readonly quantity: bigint }[] {
    const held = this.counterparty.balancesOf(address);
    return this.stamps().flatMap((stamp) => (held.has(stamp.cpid) ? [{ stamp, quantity: held.get(stamp.cpid)! }] : []));
  }

  /** SRC-20 tokens in deploy order. */
  src20Tokens(): readonly Src20Token[] {
    return this.#read().src20.tokens;
  }

  /** Every SRC-20 operation, valid or not, in stamp order. */
  src20Operations(): readonly Src20Operation[] {
    return this.#read().src20.operations;
  }

  #read(): Snapshot {
    // Supplies change with reissuances, so a new tip recomputes everything (the sandbox chain is small); the tip's
    // hash, not its height, so a sandbox reset to another chain of the same height is seen.
    const tip = this.bitcoin.tipHash;
    if (this.#snapshot?.tip === tip) return this.#snapshot;
    const stamps = this.#index();
    const src20 = indexSrc20(
      stamps
        .filter((stamp) => stamp.isBtcStamp && stamp.ident === 'SRC-20')
        .map((stamp) => ({
          txid: stamp.txid,
          height: stamp.height,
          time: stamp.time,
          creator: stamp.creator,
          destination: stamp.destination,
          json: jsonObject(Buffer.from(stamp.base64, 'base64').toString('utf8'))!,
        })),
    );
    this.#snapshot = { tip, stamps, src20 };
    return this.#snapshot;
  }

  #index(): IndexedStamp[] {
    let blessed = 0;
    let cursed = 0;
    return this.counterparty
      .issuances()
      .filter((issuance) => issuance.first)
      .flatMap((issuance) => {
        const content = stampData(issuance.description);
        if (!content) return [];
        const mimeType = stampMimeType(content.data);
        const ident = stampIdent(content.data, mimeType);
        const isBtcStamp = /^A\d+$/.test(issuance.asset) && (IMAGE_TYPES.has(mimeType) || ident !== 'STAMP');
        const asset = this.counterparty.issuedAsset(issuance.asset)!;
        return [
          {
            stamp: isBtcStamp ? blessed++ : -++cursed,
            cpid: issuance.asset,
            creator: issuance.source,
            destination: issuance.destination,
            txid: issuance.txid,
            txIndex: blessed + cursed - 1,
            height: issuance.blockIndex,
            time: issuance.blockTime,
            divisible: asset.divisible,
            locked: asset.locked,
            supply: this.counterparty.supply(issuance.asset),
            mimeType,
            base64: content.base64,
            ident,
            isBtcStamp,
            isCursed: !isBtcStamp,
            fileHash: fileHash(content.data),
            stampHash: stampHash(issuance.txid),
          },
        ];
      });
  }
}
