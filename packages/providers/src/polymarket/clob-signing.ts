import { createHmac } from 'node:crypto';
import type { Address, Hex, LocalAccount } from 'viem';
import type { ClobCredentials } from './polymarket.js';

/**
 * Signing for Polymarket's CLOB V2 (live since 2026-04-28), per its published structures (Polymarket's
 * clob-client-v2: order-utils/model/ctfExchangeV2TypedData.ts, signing/eip712.ts, signing/hmac.ts):
 * - L1: an EIP-712 `ClobAuth` signature proves the address and derives its API credentials;
 * - L2: every authenticated request carries an HMAC-SHA256 of timestamp + method + path + body under the secret;
 * - orders: the V2 `Order` struct (11 fields: no taker, nonce, expiration or fee rate in the signed data), signed
 *   EIP-712 for the exchange contract ("Polymarket CTF Exchange", version "2") the market trades on.
 */

/** The V2 exchange contracts on Polygon (clob-client-v2 config.ts, MATIC_CONTRACTS). */
export const POLYGON_CTF_EXCHANGE_V2: Address = '0xF60CA007115A47A11295F053156d913D83fed095';
export const POLYGON_NEG_RISK_CTF_EXCHANGE_V2: Address = '0x93f0A57b6F7D1e765cA2674ab2Ecb6Ff6406B3C3';
/** Neg-risk markets redeem through this adapter (clob-client-v2 config.ts `negRiskAdapter`). */
export const POLYGON_NEG_RISK_ADAPTER: Address = '0xd91E80cF2E7be2e162c6513ceD06f1dD0dA35296';
/** USDC.e on Polygon, the collateral of Polymarket's (non-neg-risk) conditions. */
export const POLYGON_USDC_E: Address = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';

const POLYGON_CHAIN_ID = 137;
const ATTESTATION = 'This message attests that I control the given wallet';
const ZERO_BYTES32: Hex = `0x${'0'.repeat(64)}`;

/** L1 headers: the address's `ClobAuth` signature at `timestamp` (Unix seconds). */
export async function clobL1Headers(
  signer: LocalAccount,
  timestamp: number,
  nonce = 0,
): Promise<Record<string, string>> {
  const signature = await signer.signTypedData({
    domain: { name: 'ClobAuthDomain', version: '1', chainId: POLYGON_CHAIN_ID },
    types: {
      ClobAuth: [
        { name: 'address', type: 'address' },
        { name: 'timestamp', type: 'string' },
        { name: 'nonce', type: 'uint256' },
        { name: 'message', type: 'string' },
      ],
    },
    primaryType: 'ClobAuth',
    message: { address: signer.address, timestamp: String(timestamp), nonce: BigInt(nonce), message: ATTESTATION },
  });
  return {
    POLY_ADDRESS: signer.address,
    POLY_SIGNATURE: signature,
    POLY_TIMESTAMP: String(timestamp),
    POLY_NONCE: String(nonce),
  };
}

/** The L2 HMAC: url-safe base64 of HMAC-SHA256(base64-decoded secret, timestamp + method + path + body). */
export function clobHmac(secret: string, timestamp: number, method: string, path: string, body?: string): string {
  const key = Buffer.from(secret.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return createHmac('sha256', key)
    .update(`${timestamp}${method}${path}${body ?? ''}`)
    .digest('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/** L2 headers of one request. */
export function clobL2Headers(
  credentials: ClobCredentials,
  address: Address,
  timestamp: number,
  method: 'GET' | 'POST',
  path: string,
  body?: string,
): Record<string, string> {
  return {
    POLY_ADDRESS: address,
    POLY_SIGNATURE: clobHmac(credentials.secret, timestamp, method, path, body),
    POLY_TIMESTAMP: String(timestamp),
    POLY_API_KEY: credentials.apiKey,
    POLY_PASSPHRASE: credentials.passphrase,
  };
}

export interface OrderV2 {
  readonly salt: bigint;
  readonly maker: Address;
  readonly signer: Address;
  readonly tokenId: bigint;
  readonly makerAmount: bigint;
  readonly takerAmount: bigint;
  readonly side: 'BUY' | 'SELL';
  /** 0: an EOA signs for itself (the vault). */
  readonly signatureType: 0;
  /** Milliseconds. */
  readonly timestamp: bigint;
}

const ORDER_V2_TYPES = {
  Order: [
    { name: 'salt', type: 'uint256' },
    { name: 'maker', type: 'address' },
    { name: 'signer', type: 'address' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'makerAmount', type: 'uint256' },
    { name: 'takerAmount', type: 'uint256' },
    { name: 'side', type: 'uint8' },
    { name: 'signatureType', type: 'uint8' },
    { name: 'timestamp', type: 'uint256' },
    { name: 'metadata', type: 'bytes32' },
    { name: 'builder', type: 'bytes32' },
  ],
} as const;

/** Signs `order` for `exchange` (the CTF exchange, or the neg-risk one for neg-risk markets). */
export function signOrderV2(signer: LocalAccount, order: OrderV2, exchange: Address): Promise<Hex> {
  return signer.signTypedData({
    domain: { name: 'Polymarket CTF Exchange', version: '2', chainId: POLYGON_CHAIN_ID, verifyingContract: exchange },
    types: ORDER_V2_TYPES,
    primaryType: 'Order',
    message: {
      ...order,
      side: order.side === 'BUY' ? 0 : 1,
      metadata: ZERO_BYTES32,
      builder: ZERO_BYTES32,
    },
  });
}

/** The JSON body of `POST /order` for a signed order (a fill-or-kill market order by default). */
export function orderBody(order: OrderV2, signature: Hex, owner: string, orderType: 'FOK' | 'FAK' = 'FOK'): string {
  return JSON.stringify({
    order: {
      salt: Number(order.salt),
      maker: order.maker,
      signer: order.signer,
      tokenId: String(order.tokenId),
      makerAmount: String(order.makerAmount),
      takerAmount: String(order.takerAmount),
      side: order.side,
      signatureType: order.signatureType,
      timestamp: String(order.timestamp),
      expiration: '0',
      metadata: ZERO_BYTES32,
      builder: ZERO_BYTES32,
      signature,
    },
    owner,
    orderType,
  });
}
