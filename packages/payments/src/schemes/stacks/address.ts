import { AddressVersion } from '@stacks/network';
import { addressToString, createAddress, validateStacksAddress } from '@stacks/transactions';

const MAINNET_VERSIONS: ReadonlySet<number> = new Set([
  AddressVersion.MainnetSingleSig,
  AddressVersion.MainnetMultiSig,
]);

/**
 * A standard Stacks mainnet address (`SP…` single-sig or `SM…` multi-sig): c32check-decodable with a valid checksum,
 * and in canonical spelling. c32 decoding forgives lower case and the look-alike letters O, I and L; balances are
 * keyed by the address string, so only the form that re-encodes to itself is accepted.
 */
export function isStacksMainnetAddress(address: string): boolean {
  if (!validateStacksAddress(address)) return false;
  const decoded = createAddress(address);
  return MAINNET_VERSIONS.has(decoded.version) && addressToString(decoded) === address;
}
