/**
 * The spec's shared value types as zod schemas. Every regex here is also emitted as a JSON Schema
 * `pattern`, so a client validating with the published schema and the server agree.
 */
import { z } from 'zod';

/** Positive fixed-point decimal string ("1", "0.5", "12.000"), never zero, no sign, no exponent. */
export const POSDEC = z
  .string()
  .regex(/^(?=.*[1-9])\d+(?:\.\d+)?$/, 'must be a positive decimal string such as "1.5" (digits, optional fraction, not zero)');

/** Decimal string in whole-token units, or the literal 'max' (EVM sends, bonding sells). */
export const AMOUNT_OR_MAX = z
  .string()
  .regex(/^(?:max|(?=.*[1-9])\d+(?:\.\d+)?)$/, 'must be a positive decimal string such as "1.5", or "max"');

/**
 * EVM swap sellAmount: token units as a positive decimal ("0.5"), a USD budget as "$5" or "5 usd" (usd in any
 * case, optional space), or the literal 'max'. The caller never converts a USD budget itself.
 */
export const SELL_AMOUNT = z
  .string()
  .regex(
    /^(?:max|(?=[^1-9]*[1-9])(?:\$\d+(?:\.\d+)?|\d+(?:\.\d+)?(?:\s*[Uu][Ss][Dd])?))$/,
    'must be a positive token amount such as "1.5", a USD budget such as "$5" or "5 usd", or "max"',
  );

export const EVMADDR = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed EVM address of 40 hex digits');
export const SOLADDR = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address of 32 to 44 characters');
/**
 * getAllBalances' address: an EVM address, a Bitcoin compressed public key (66 hex, 02/03) or a base58 Solana address.
 * The pattern turns away plain bech32 Bitcoin addresses before payment; a base58 string that is not 32 bytes (a legacy
 * Bitcoin address) passes it and is refused by the handler.
 */
export const BALANCE_ADDRESS = z
  .string()
  .regex(
    /^(?:0x[0-9a-fA-F]{40}|0[23][0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{32,44})$/,
    'must be an EVM 0x address, a Solana base58 address or a Bitcoin compressed public key (66 hex characters starting 02 or 03); plain Bitcoin addresses are not accepted',
  );
/** Hedera entity id in shard.realm.num form, e.g. 0.0.12345. */
export const HEDERA_ID = z.string().regex(/^\d+\.\d+\.\d+$/, 'must be a Hedera id in 0.0.x form');
/** A Bitcoin address (legacy, P2SH, bech32 segwit or taproot; mainnet or testnet/regtest). */
export const BTC_ADDRESS = z
  .string()
  .regex(
    /^(?:[13mn2][1-9A-HJ-NP-Za-km-z]{25,39}|(?:bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87})$/,
    'must be a Bitcoin address (base58 or bech32/bech32m)',
  );
/** An outpoint `txid:vout`. */
export const UTXO_ID = z.string().regex(/^[0-9a-fA-F]{64}:\d+$/, 'must be an outpoint "txid:vout" (64 hex digits, colon, output index)');
/** An inscription id `<txid>i<n>`. */
export const INSCRIPTION_ID = z.string().regex(/^[0-9a-fA-F]{64}i\d+$/, 'must be an inscription id "<txid>i<index>"');
/** An alkane id `block:tx`. */
export const ALKANE_ID = z.string().regex(/^\d+:\d+$/, 'must be an alkane id "block:tx" (two integers)');
/** A calendar date YYYY-MM-DD. */
export const DATE = z.iso.date({ message: 'must be a date in YYYY-MM-DD form' });
/** 32-byte hex, 0x-prefixed (prediction-market conditionId). */
export const BYTES32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits (32 bytes)');
export const URI = z.url({ message: 'must be an absolute URL' });

export const NETWORK5 = z.enum(['solana', 'ethereum', 'bsc', 'polygon', 'base']);
export const CHAIN11 = z.enum(['solana', 'ethereum', 'arbitrum', 'avalanche', 'bsc', 'optimism', 'polygon', 'base', 'altchain', 'zksync', 'sui']);
export const CHAINID5 = z.literal([1, 56, 137, 8453, 4663]);
export const DIRECTION = z.enum(['ABOVE', 'BELOW']);

/** Native coin on EVM chains in conditional-order fields. */
export const ETH_NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
/** Native SOL in Solana conditional-order fields (in transfer tools the same mint is Wrapped SOL). */
export const SOL_NATIVE = 'So11111111111111111111111111111111111111112';

/** A tool body: a JSON object that allows no properties beyond those listed (unknown keys are a 400). */
export const body = <Shape extends z.ZodRawShape>(shape: Shape) => z.strictObject(shape);
/** The body of a tool that takes no fields: `{}`. */
export const emptyBody = () => z.strictObject({});
