/**
 * The activity event kinds, from the tracked address's side of a transfer. A transfer between two tracked
 * addresses is one `_out` event for the sender and one `_in` event for the recipient; a transfer to oneself is both.
 * - native_transfer_in / native_transfer_out: the chain's coin moved by a successful transaction's value (ETH on
 *   eth and base, BNB on bsc, POL on polygon). Coin moved by contract-internal calls is not seen. On solana: the
 *   wallet's SOL balance change in a successful transaction, fees it paid excluded (any program's transfers count).
 * - token_transfer_in / token_transfer_out: an ERC-20 `Transfer` log (mints count as in, burns as out); on solana,
 *   the change of the SPL token accounts the wallet owns, per mint.
 */
export type ActivityKind = 'native_transfer_in' | 'native_transfer_out' | 'token_transfer_in' | 'token_transfer_out';

/**
 * The kind-specific fields of an event (next to eventId, kind, chain, address, txHash, blockNumber, logIndex,
 * occurredAt): `from`, `to` (EVM addresses lower-case, Solana as base58), `asset` (`{type: 'native', symbol, decimals}` or
 * `{type: 'erc20', contract}`, or on solana `{type: 'spl', mint, decimals}`) and `amount` in the asset's atomic units as a decimal string.
 */
export interface TransferDetails {
  readonly from: string;
  readonly to: string;
  readonly asset:
    | { readonly type: 'native'; readonly symbol: string; readonly decimals: number }
    | { readonly type: 'erc20'; readonly contract: string }
    | { readonly type: 'spl'; readonly mint: string; readonly decimals: number };
  readonly amount: string;
}
