import { address, getAddressEncoder } from '@solana/kit';
import idl from './fixtures/pump-idl-excerpt.json' with { type: 'json' };

/** The published IDL excerpt the pump.fun layouts are checked against (fixtures/pump-idl-excerpt.json). */
export const PUMP_IDL_EXCERPT = idl;

/**
 * Test data: a pump.fun account encoded field by field in the IDL's order (u64 little-endian, bool one byte, pubkey
 * 32 bytes; the first field of another type ends it) after its discriminator. Fields left out are zero (pubkeys: the
 * system program's all-zero key).
 */
export function encodePumpAccount(
  name: 'BondingCurve' | 'Global',
  values: Readonly<Record<string, bigint | boolean | string>>,
): Uint8Array {
  const account = idl.accounts.find((entry) => entry.name === name)!;
  const type = idl.types.find((entry) => entry.name === name)!;
  const parts: number[] = [...account.discriminator];
  for (const field of type.type.fields) {
    const value = values[field.name];
    if (field.type === 'u64') {
      const bytes = new Uint8Array(8);
      new DataView(bytes.buffer).setBigUint64(0, (value as bigint | undefined) ?? 0n, true);
      parts.push(...bytes);
    } else if (field.type === 'bool') parts.push(value === true ? 1 : 0);
    else if (field.type === 'pubkey')
      parts.push(
        ...getAddressEncoder().encode(address((value as string | undefined) ?? '11111111111111111111111111111111')),
      );
    else break;
  }
  return new Uint8Array(parts);
}
