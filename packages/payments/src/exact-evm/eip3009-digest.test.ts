import { authorizationTypes } from '@x402/evm';
import { randomBytes } from 'node:crypto';
import { bytesToHex, getAddress, hashTypedData } from 'viem';
import { describe, expect, it } from 'vitest';
import { transferWithAuthorizationDigest } from './eip3009-digest.js';

const randomAddress = () => bytesToHex(randomBytes(20));
const randomUint = (bytes: number) => BigInt(bytesToHex(randomBytes(bytes))).toString();

describe('transferWithAuthorizationDigest', () => {
  it("equals viem's EIP-712 hashTypedData for random authorizations and domains", () => {
    for (let i = 0; i < 50; i++) {
      const domain = {
        name: i % 2 ? 'USD Coin' : 'USDC',
        version: String(1 + (i % 3)),
        chainId: [8453, 84532, 1, 43114][i % 4]!,
        verifyingContract: randomAddress(),
      };
      const authorization = {
        // any spelling of an address signs the same bytes
        from: i % 2 ? getAddress(randomAddress()) : randomAddress(),
        to: randomAddress(),
        value: randomUint(1 + (i % 32)),
        validAfter: i % 5 ? randomUint(4) : '0',
        validBefore: randomUint(8),
        nonce: bytesToHex(randomBytes(32)),
      };
      const viem = hashTypedData({
        domain,
        types: authorizationTypes,
        primaryType: 'TransferWithAuthorization',
        message: {
          from: authorization.from,
          to: authorization.to,
          value: BigInt(authorization.value),
          validAfter: BigInt(authorization.validAfter),
          validBefore: BigInt(authorization.validBefore),
          nonce: authorization.nonce,
        },
      });
      expect(transferWithAuthorizationDigest(domain, authorization)).toBe(viem);
    }
  });
});
