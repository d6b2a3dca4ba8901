import { getAddress, keccak256, toBytes, type Address } from 'viem';

/** A fixed sandbox address: the last 20 bytes of keccak256("svc.sandbox.<label>"). */
export function sandboxAddress(label: string): Address {
  return getAddress(`0x${keccak256(toBytes(`svc.sandbox.${label}`)).slice(-40)}`);
}
