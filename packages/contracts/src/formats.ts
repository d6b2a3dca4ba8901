/**
 * The spec's shared value types as zod schemas. Every regex here is also emitted as a JSON Schema
 * `pattern`, so a client validating with the published schema and the server agree.
 */
import { z } from 'zod';

/** Positive fixed-point decimal string ("1", "0.5", "12.000"), never zero, no sign, no exponent. */
export const POSDEC = z
  .string()
  .regex(
    /^(?=.*[1-9])\d+(?:\.\d+)?$/,
    'must be a positive decimal string such as "1.5" (digits, optional fraction, not zero)',
  );

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
export const SOLADDR = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address of 32 to 44 characters');
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
export const UTXO_ID = z
  .string()
  .regex(/^[0-9a-fA-F]{64}:\d+$/, 'must be an outpoint "txid:vout" (64 hex digits, colon, output index)');
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
export const CHAIN11 = z.enum([
  'solana',
  'ethereum',
  'arbitrum',
  'avalanche',
  'bsc',
  'optimism',
  'polygon',
  'base',
  'altchain',
  'zksync',
  'sui',
]);
export const CHAINID5 = z.literal([1, 56, 137, 8453, 4663]);
export const DIRECTION = z.enum(['ABOVE', 'BELOW']);

/** Native coin on EVM chains in conditional-order fields. */
export const ETH_NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
/** Native SOL in Solana conditional-order fields (in transfer tools the same mint is Wrapped SOL). */
export const SOL_NATIVE = 'So11111111111111111111111111111111111111112';

/**
 * PostgreSQL (and PGlite) text cannot hold U+0000, and no field of any tool has a use for it: every string a tool
 * accepts refuses it, before payment. `inputJsonSchema` publishes this as a pattern on every string.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is the one character this pattern exists to refuse.
export const NUL_FREE = /^[^\u0000]*$/;
const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/**
 * Whether a parsed JSON value holds U+0000 in any string, key or value. For bodies stored whole before any tool
 * schema sees them (A2A tasks keep their messages as JSON), so the refusal comes before the store would fail.
 */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return !NUL_FREE.test(value);
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => !NUL_FREE.test(key) || containsNul(item));
  return false;
}

const refuseNul = z.check<string>((payload) => {
  if (!NUL_FREE.test(payload.value)) {
    payload.issues.push({
      code: 'invalid_format',
      format: 'regex',
      pattern: String(NUL_FREE),
      input: payload.value,
      message: NUL_MESSAGE,
    });
  }
});

const WITH_INNER_TYPE = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);
const LEAVES = new Set(['number', 'int', 'boolean', 'bigint', 'enum', 'literal', 'null', 'undefined', 'never']);

/** One guarded copy per schema, so a field shared by several tools stays one definition. */
const guarded = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The same schema with the NUL check on every string inside it. Clones keep their parent, so descriptions and
 * metadata carry over; a schema kind this does not know throws when the catalog loads rather than let a string through.
 */
function refusingNul<S extends z.ZodType>(schema: S): S {
  const known = guarded.get(schema);
  if (known) return known as S;
  const copy = guardedCopy(schema);
  guarded.set(schema, copy);
  return copy;
}

function guardedCopy<S extends z.ZodType>(schema: S): S {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const rebuilt = (changes: Record<string, unknown>) =>
    schema.clone(z.core.util.mergeDefs(def, changes), { parent: true });
  if (def.type === 'string') return (schema as unknown as z.ZodString).check(refuseNul) as unknown as S;
  if (LEAVES.has(def.type)) return schema;
  if (WITH_INNER_TYPE.has(def.type)) return rebuilt({ innerType: refusingNul(def.innerType as z.ZodType) });
  switch (def.type) {
    case 'array':
      return rebuilt({ element: refusingNul(def.element as z.ZodType) });
    case 'object':
      return rebuilt({ shape: refusingNulInShape(def.shape as z.ZodRawShape) });
    case 'union':
      return rebuilt({ options: (def.options as z.ZodType[]).map(refusingNul) });
    default:
      throw new Error(`body(): cannot refuse NUL inside a ${def.type} schema; teach refusingNul this kind`);
  }
}

const refusingNulInShape = <Shape extends z.ZodRawShape>(shape: Shape): Shape =>
  Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, refusingNul(field as z.ZodType)]),
  ) as unknown as Shape;

/**
 * A tool body: a JSON object that allows no properties beyond those listed (unknown keys are a 400), and whose
 * strings, at any depth, refuse NUL.
 */
export const body = <Shape extends z.ZodRawShape>(shape: Shape) => z.strictObject(refusingNulInShape(shape));
/** The body of a tool that takes no fields: `{}`. */
export const emptyBody = () => z.strictObject({});
