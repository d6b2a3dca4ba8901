import { siwxProofFor, checksumAddress, siweMessage } from '@svc/account-app/sign-in-with-x';
import { encodePaymentRequired, ephemeralSiwxNonces, issueSiwxChallenge } from '@svc/payments';
import { createSIWxMessage, parseSIWxHeader, verifySIWxSignature } from '@x402/extensions/sign-in-with-x';
import type { PaymentRequired } from '@x402/core/types';
import { getAddress, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';

const HOST = '127.0.0.1:8402';
const RESOURCE = `http://${HOST}/api/account/policy`;

/** A 402 carrying a fresh challenge as the gateway issues it, with `network` as `accepts[0]`. */
function challengeResponse(network = 'eip155:8453'): Response {
  const challenge = issueSiwxChallenge({
    nonces: ephemeralSiwxNonces(),
    publicBaseUrl: `http://${HOST}`,
    resourceUrl: RESOURCE,
  });
  const required = {
    x402Version: 2,
    resource: { url: RESOURCE, description: 'account route', mimeType: 'application/json' },
    accepts: [{ scheme: 'exact', network, asset: '0x', amount: '0', payTo: '0x', maxTimeoutSeconds: 60, extra: {} }],
    extensions: { 'sign-in-with-x': challenge },
  } as PaymentRequired;
  return new Response('{}', { status: 402, headers: { 'payment-required': encodePaymentRequired(required).header } });
}

// The account app's own SIWX client (a few kB instead of the SDK's 470 kB) must sign exactly what the SDK verifies.
describe("the account app's sign-in client", () => {
  it('checksums addresses as EIP-55 (viem) does', () => {
    for (let i = 0; i < 20; i++) {
      const address = privateKeyToAccount(generatePrivateKey()).address;
      expect(checksumAddress(address.toLowerCase())).toBe(getAddress(address));
    }
    expect(() => checksumAddress('0x1234')).toThrow('Not an EVM address');
  });

  it('writes the SIWE message the SDK writes, with and without the optional fields', () => {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const base = {
      domain: HOST,
      uri: RESOURCE,
      version: '1',
      nonce: 'abcdef0123456789',
      issuedAt: '2026-11-25T23:00:00.000Z',
    };
    for (const info of [
      base,
      { ...base, statement: 'Sign in.', expirationTime: '2026-11-25T23:05:00.000Z', resources: [RESOURCE] },
      { ...base, notBefore: '2026-11-25T23:00:00.000Z', requestId: 'r-1', resources: [RESOURCE, `${RESOURCE}/x`] },
    ])
      expect(siweMessage(info, address, 8453), JSON.stringify(info)).toBe(
        createSIWxMessage({ ...info, chainId: 'eip155:8453', type: 'eip191' }, address),
      );
  });

  it("answers the gateway's challenge with a proof the SDK verifies, signed once through the wallet", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const messages: string[] = [];
    const proof = await siwxProofFor(challengeResponse(), {
      address: wallet.address.toLowerCase(),
      host: HOST,
      sign: (message) => {
        messages.push(message);
        return wallet.signMessage({ message });
      },
    });
    const payload = parseSIWxHeader(proof!);
    expect(payload).toMatchObject({ address: wallet.address, chainId: 'eip155:8453', uri: RESOURCE });
    expect(await verifySIWxSignature(payload)).toMatchObject({ isValid: true });
    expect(messages).toHaveLength(1);
  });

  it('signs nothing for another host or for a 402 that asks for no EVM sign-in', async () => {
    const sign = async (): Promise<Hex> => {
      throw new Error('must not sign');
    };
    const address = privateKeyToAccount(generatePrivateKey()).address;
    await expect(siwxProofFor(challengeResponse(), { address, sign, host: 'evil.example' })).rejects.toThrow(
      'not this site',
    );
    const solana = challengeResponse('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
    expect(await siwxProofFor(solana, { address, sign, host: HOST })).toBeUndefined();
    expect(await siwxProofFor(new Response('{}', { status: 402 }), { address, sign, host: HOST })).toBeUndefined();
  });
});
