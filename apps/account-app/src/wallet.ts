import type { SignMessage } from './sign-in-with-x.js';

/** The browser wallet's EIP-1193 provider (`window.ethereum`). */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

/** The injected wallet, if the browser has one. */
export function injectedWallet(): Eip1193Provider | undefined {
  return window.ethereum;
}

/** Asks the wallet for its account (`eth_requestAccounts`): the first address it grants. */
export async function connect(provider: Eip1193Provider): Promise<string> {
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
  const [address] = accounts;
  if (!address) throw new Error('The wallet granted no account.');
  return address;
}

const utf8Hex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/** Signs with `personal_sign` (EIP-191): the message as hex of its UTF-8, as the method specifies, and the address. */
export function personalSign(provider: Eip1193Provider, address: string): SignMessage {
  return async (message) =>
    (await provider.request({ method: 'personal_sign', params: [utf8Hex(message), address] })) as string;
}
