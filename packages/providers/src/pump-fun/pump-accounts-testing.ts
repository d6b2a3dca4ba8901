import { address, getAddressEncoder } from '@solana/kit';
import globalAccount from './fixtures/global-account.json' with { type: 'json' };
import feesIdl from './fixtures/pump-fees-idl-excerpt.json' with { type: 'json' };
import idl from './fixtures/pump-idl-excerpt.json' with { type: 'json' };

/** The published IDL excerpts the pump.fun layouts are checked against (fixtures/*-idl-excerpt.json). */
export const PUMP_IDL_EXCERPT = idl;
export const PUMP_FEES_IDL_EXCERPT = feesIdl;

type IdlType = string | { array: [IdlType, number] } | { vec: IdlType } | { defined: { name: string } };
type Value = bigint | boolean | string | readonly Value[] | { readonly [field: string]: Value };
interface Idl {
  readonly accounts: readonly { name: string; discriminator: number[] }[];
  readonly types: readonly { name: string; type: { fields: readonly (string | { name: string; type: IdlType })[] } }[];
}

const DEFAULT_KEY = '11111111111111111111111111111111';

/** Borsh-encodes `value` as `type` of the IDL; absent values are zero (pubkeys: the all-zero key). */
function encode(schema: Idl, type: IdlType, value: Value | undefined, out: number[]): void {
  if (typeof type === 'string') {
    const sizes: Record<string, number> = { u8: 1, u32: 4, u64: 8, u128: 16 };
    if (type in sizes) {
      let rest = BigInt((value as bigint | undefined) ?? 0n);
      for (let i = 0; i < sizes[type]!; i++, rest >>= 8n) out.push(Number(rest & 0xffn));
    } else if (type === 'bool') out.push(value === true ? 1 : 0);
    else if (type === 'pubkey') out.push(...getAddressEncoder().encode(address((value as string) ?? DEFAULT_KEY)));
    else throw new Error(`no test encoding for ${type}`);
  } else if ('array' in type) {
    const [inner, length] = type.array;
    for (let i = 0; i < length; i++) encode(schema, inner, (value as readonly Value[] | undefined)?.[i], out);
  } else if ('vec' in type) {
    const items = (value as readonly Value[] | undefined) ?? [];
    encode(schema, 'u32', BigInt(items.length), out);
    for (const item of items) encode(schema, type.vec, item, out);
  } else encodeStruct(schema, type.defined.name, (value ?? {}) as Record<string, Value>, out);
}

function encodeStruct(schema: Idl, name: string, values: Readonly<Record<string, Value>>, out: number[]): void {
  const fields = schema.types.find((entry) => entry.name === name)!.type.fields;
  const known = fields.map((field, index) => (typeof field === 'string' ? String(index) : field.name));
  const unknown = Object.keys(values).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw new Error(`${name} has no field ${unknown.join(', ')} in the IDL`);
  fields.forEach((field, index) =>
    typeof field === 'string'
      ? encode(schema, field as IdlType, values[String(index)], out)
      : encode(schema, field.type, values[field.name], out),
  );
}

/** Test data: an account of `schema` encoded field by field as its IDL lists them, after its discriminator. */
function encodeAccount(schema: Idl, name: string, values: Readonly<Record<string, Value>>): Uint8Array {
  const out = [...schema.accounts.find((entry) => entry.name === name)!.discriminator];
  encodeStruct(schema, name, values, out);
  return new Uint8Array(out);
}

/** A pump.fun BondingCurve or Global account laid out as the published IDL lists its fields. */
export const encodePumpAccount = (name: 'BondingCurve' | 'Global', values: Readonly<Record<string, Value>>) =>
  encodeAccount(idl as unknown as Idl, name, values);

/** A pump fee program FeeConfig account laid out as its published IDL lists its fields. */
export const encodePumpFeeConfig = (values: Readonly<Record<string, Value>>) =>
  encodeAccount(feesIdl as unknown as Idl, 'FeeConfig', values);

/** JSON values as the encoder takes them: decimal strings are u64s, other strings pubkeys. */
const values = (json: Readonly<Record<string, unknown>>): Record<string, Value> =>
  Object.fromEntries(
    Object.entries(json).map(([key, value]) => [
      key,
      typeof value === 'string' && /^\d+$/.test(value) ? BigInt(value) : (value as Value),
    ]),
  );

/** The mainnet Global account as pump.fun's docs print it, with the later fee-recipient lists (fixtures/global-account.json). */
export const recordedPumpGlobal = () =>
  encodePumpAccount('Global', { ...values(globalAccount.recorded), ...values(globalAccount.published) });

/** The docs name the SOL reserves as the program did before quote mints; the IDL now calls them quote reserves. */
const idlNames = (fields: Readonly<Record<string, Value>>) =>
  Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key.replace('_sol_reserves', '_quote_reserves'), value]),
  );

/** The docs' example BondingCurve account, with `fields` changed (e.g. its creator, which the example omits). */
export const recordedBondingCurve = (fields: Readonly<Record<string, Value>> = {}) =>
  encodePumpAccount('BondingCurve', idlNames({ ...values(globalAccount.bondingCurve), ...fields }));

/** The recorded Global's fee recipients, for checks. */
export const RECORDED_GLOBAL = globalAccount;
