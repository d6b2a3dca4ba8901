import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import type { Hex } from 'viem';
import { type Eip3009Authorization, transferWithAuthorizationDigest } from './eip3009-digest.js';
import { recoverSigner } from './recover-signer.js';

/**
 * What the gateway can tell about an `exact` EVM payment on its own:
 * - `valid`: an EIP-3009 authorization made out for these requirements, inside its time window, signed by the key of
 *   its `from` (a plain account);
 * - `invalid`: refused, with the reason (the official facilitator's error code, then why);
 * - `full-path`: not decidable here (a Permit2 payment, a smart-wallet signature: ERC-1271 or ERC-6492, or a
 *   65-byte signature that is not its `from` key's, as a smart wallet's owner may sign): the facilitator verifies it.
 */
export type LocalVerdict =
  | { readonly kind: 'valid'; readonly payer: string }
  | { readonly kind: 'invalid'; readonly reason: string }
  | { readonly kind: 'full-path' };

const FULL_PATH: LocalVerdict = { kind: 'full-path' };

/**
 * The official facilitator refuses an authorization that expires within this many seconds (it must still be valid
 * when the settlement transaction is mined).
 */
const VALID_BEFORE_MARGIN_SECONDS = 6n;

const invalid = (code: string, why: string): LocalVerdict => ({ kind: 'invalid', reason: `${code}: ${why}` });

/**
 * The lean `exact` verify: the checks the official `@x402/evm` facilitator makes before its simulation, done here
 * with no chain read, and the signer recovered once (natively where it can be, see recover-signer.ts). What the
 * simulation would add (the payer's balance, the authorization's nonce still unused on chain) is left to the
 * settlement, which checks both when it executes: every paid tool settles before its output is released or its first
 * effect (see `payWithX402`), and a refused settlement answers 402 with nothing delivered or changed; the claim in the
 * store refuses a replay here, the token's `authorizationState` a replay on chain. The payer's code is not read
 * either: a 65-byte signature by the `from` key is valid for a plain account, and one that is not goes the full path
 * (smart wallets verify through ERC-1271 there).
 *
 * `payload` must have been read by `signedPaymentOf` (it checks every field's shape) and `requirements` must be the
 * offered requirement the payload's `accepted` matches (scheme, network, asset, amount, payTo).
 */
export function verifyExactEvmLocally(
  payload: PaymentPayload,
  requirements: PaymentRequirements,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): LocalVerdict {
  const signed = payload.payload as { authorization?: Eip3009Authorization; signature?: Hex };
  const { authorization, signature } = signed;
  if (requirements.scheme !== 'exact' || !requirements.network.startsWith('eip155:')) return FULL_PATH;
  if ('permit2Authorization' in signed || !authorization || !signature) return FULL_PATH;
  const { name, version } = (requirements.extra ?? {}) as { name?: unknown; version?: unknown };
  if (typeof name !== 'string' || typeof version !== 'string' || !name || !version)
    return invalid('invalid_exact_evm_missing_eip712_domain', 'the requirements name no EIP-712 domain for the asset');
  if (authorization.to.toLowerCase() !== requirements.payTo.toLowerCase())
    return invalid(
      'invalid_exact_evm_recipient_mismatch',
      `the authorization pays ${authorization.to}, not ${requirements.payTo}`,
    );
  const now = BigInt(nowSeconds);
  if (BigInt(authorization.validBefore) < now + VALID_BEFORE_MARGIN_SECONDS)
    return invalid(
      'invalid_exact_evm_payload_authorization_valid_before',
      'the authorization has expired (validBefore)',
    );
  if (BigInt(authorization.validAfter) > now)
    return invalid(
      'invalid_exact_evm_payload_authorization_valid_after',
      'the authorization is not valid yet (validAfter)',
    );
  if (BigInt(authorization.value) !== BigInt(requirements.amount))
    return invalid(
      'invalid_exact_evm_payload_authorization_value_mismatch',
      `the authorization moves ${authorization.value}, the price is ${requirements.amount}`,
    );
  // Longer signatures are a smart wallet's (ERC-1271, or ERC-6492 wrapping a deployment): the full path checks them.
  if (signature.length !== 132) return FULL_PATH;
  const digest = transferWithAuthorizationDigest(
    {
      name,
      version,
      chainId: Number(requirements.network.slice('eip155:'.length)),
      verifyingContract: requirements.asset as Hex,
    },
    authorization,
  );
  const signer = recoverSigner(digest, signature);
  if (signer === authorization.from.toLowerCase()) return { kind: 'valid', payer: authorization.from };
  return FULL_PATH;
}
