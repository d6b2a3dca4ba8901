import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * The client side of the x402 `sign-in-with-x` extension for an EVM browser wallet, small enough for a web page: the
 * SDK's client (`wrapFetchWithSIWx` in @x402/extensions) bundles viem, zod, ajv and a SIWE library (470 KB). It does
 * what that client does: on a 402 whose PAYMENT-REQUIRED carries a sign-in challenge, it signs the challenge as an
 * EIP-4361 (SIWE) message for the chain of `accepts[0]` and sends the request again with the proof in SIGN-IN-WITH-X.
 * The gateway verifies proofs with the SDK; the browser tests hold the two to the same message.
 */

export const SIGN_IN_WITH_X = 'sign-in-with-x';

/** Signs an EIP-191 message (`personal_sign`) with the wallet; returns the 0x signature. */
export type SignMessage = (message: string) => Promise<string>;

interface ChallengeInfo {
  domain: string;
  uri: string;
  statement?: string;
  version: string;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
}
interface Challenge {
  info: ChallengeInfo;
  supportedChains: { chainId: string; type: string; signatureScheme?: string }[];
}
interface PaymentRequired {
  accepts?: { network?: string }[];
  extensions?: Record<string, unknown>;
}

const base64Json = (value: unknown) => {
  const bytes = utf8ToBytes(JSON.stringify(value));
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
};
const fromBase64Json = (text: string): unknown =>
  JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0))));

/** EIP-55: the address with the letters of its hex upper-cased where its lower-case form's keccak-256 says so. */
export function checksumAddress(address: string): string {
  const hex = address.toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{40}$/.test(hex)) throw new Error(`Not an EVM address: ${address}`);
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  return `0x${[...hex].map((c, i) => (parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c)).join('')}`;
}

/** The EIP-4361 message for a challenge, as the SIWE reference implementation writes it. */
export function siweMessage(info: ChallengeInfo, address: string, chainId: number): string {
  const fields = [
    `URI: ${info.uri}`,
    `Version: ${info.version}`,
    `Chain ID: ${chainId}`,
    `Nonce: ${info.nonce}`,
    `Issued At: ${info.issuedAt}`,
    ...(info.expirationTime ? [`Expiration Time: ${info.expirationTime}`] : []),
    ...(info.notBefore ? [`Not Before: ${info.notBefore}`] : []),
    ...(info.requestId !== undefined ? [`Request ID: ${info.requestId}`] : []),
    ...(info.resources ? ['Resources:', ...info.resources.map((r) => `- ${r}`)] : []),
  ];
  const head = `${info.domain} wants you to sign in with your Ethereum account:\n${address}`;
  const preamble = info.statement === undefined ? `${head}\n\n` : `${head}\n\n${info.statement}\n`;
  return `${preamble}\n${fields.join('\n')}`;
}

/** Who signs, and the host of the page asking (`location.host`). */
export interface SiwxSigner {
  readonly address: string;
  readonly sign: SignMessage;
  readonly host: string;
}

/**
 * The SIGN-IN-WITH-X value answering a 402's challenge, or undefined when the 402 asks for no EVM sign-in (a
 * payment, or a challenge for another chain). The challenge must be for the page's own host: a proof is never
 * signed for another site.
 */
export async function siwxProofFor(response: Response, signer: SiwxSigner): Promise<string | undefined> {
  const { address, sign, host } = signer;
  const header = response.headers.get('payment-required');
  if (!header) return undefined;
  const required = fromBase64Json(header) as PaymentRequired;
  const challenge = required.extensions?.[SIGN_IN_WITH_X] as Challenge | undefined;
  const network = required.accepts?.[0]?.network;
  const chain = challenge?.supportedChains.find((c) => c.chainId === network && network.startsWith('eip155:'));
  if (!challenge || !chain) return undefined;
  const { info } = challenge;
  if (info.domain !== host || new URL(info.uri).host !== host)
    throw new Error(`The sign-in challenge is for ${info.domain}, not this site (${host}).`);
  const checksummed = checksumAddress(address);
  const signature = await sign(siweMessage(info, checksummed, Number(chain.chainId.slice('eip155:'.length))));
  return base64Json({
    ...info,
    address: checksummed,
    chainId: chain.chainId,
    type: chain.type,
    ...(chain.signatureScheme ? { signatureScheme: chain.signatureScheme } : {}),
    signature,
  });
}
