import { newMasterKeyText } from '@svc/chains';
import { loadConfig } from '@svc/config';
import { NETWORKS, PAYMENT_TOKENS } from '@svc/payments';
import { anvilDevAccount, type SandboxEvmChain, startSandboxEvmChain } from '@svc/sandbox';
import type { SettlementBroadcast } from '@svc/store';
import { x402Client } from '@x402/core/client';
import type { PaymentRequirements } from '@x402/core/types';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { type Address, type Hex, parseAbi, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfHostedSettlement } from './self-hosted-settlement.js';

const PAY_TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const LIVE = {
  SVC_MODE: 'live',
  PAY_TO_EVM: PAY_TO,
  PAY_TO_SOLANA: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  PAY_TO_STACKS: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7',
  PUBLIC_BASE_URL: 'https://svc.example',
  SVC_MASTER_KEY: newMasterKeyText(),
};
const AUTHORIZATION_STATE = parseAbi([
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
]);
const requirementsOf = (token: (typeof PAYMENT_TOKENS)[keyof typeof PAYMENT_TOKENS], payTo: string) =>
  ({
    scheme: 'exact',
    network: token.network,
    asset: token.asset,
    amount: '1000',
    payTo,
    maxTimeoutSeconds: 300,
    extra: { ...token.extra },
  }) as PaymentRequirements;

// Live mode's in-process settlement, pointed at a sandbox chain with Base's chain id as RPC_URL_BASE: the operator's
// settler key (an anvil dev account's) settles a real EIP-3009 payment signed by the official client.
describe('self-hosted settlement (SETTLER_PRIVATE_KEYS)', () => {
  let chain: SandboxEvmChain;
  beforeAll(async () => {
    chain = await startSandboxEvmChain({ chainId: 8453 });
  });
  afterAll(async () => {
    await chain?.stop();
  });

  it('settles Base payments with the settler keys, announcing each before broadcast; other networks need FACILITATOR_URL', async () => {
    // An account past anvil's ten funded ones, funded for gas as an operator funds theirs.
    const settler = anvilDevAccount(11);
    await chain.setNativeBalance(settler.address, 10n ** 18n);
    const settlerKey = toHex(settler.getHdKey().privateKey!);
    const config = loadConfig({ ...LIVE, SETTLER_PRIVATE_KEYS: settlerKey, RPC_URL_BASE: chain.rpcUrl });
    const selfHosted = selfHostedSettlement(config, undefined)!;
    expect(selfHosted.settlers).toEqual([settler.address]);
    const announced: SettlementBroadcast[] = [];
    selfHosted.broadcasts.listen(async (broadcast) => void announced.push(broadcast));

    const payer = privateKeyToAccount(generatePrivateKey());
    await chain.mintUsdc(payer.address, 1_000n);
    const requirements = requirementsOf(PAYMENT_TOKENS.BASE_USDC, PAY_TO);
    const client = new x402Client().register(
      'eip155:*',
      new ExactEvmScheme(toClientEvmSigner(payer, chain.publicClient)),
    );
    const payload = await client.createPaymentPayload({
      x402Version: 2,
      resource: { url: 'https://svc.example/t', description: 'test', mimeType: 'application/json' },
      accepts: [requirements],
    });
    expect(await selfHosted.facilitator.verify(payload, requirements)).toMatchObject({ isValid: true });
    const settled = await selfHosted.facilitator.settle(payload, requirements);
    expect(settled).toMatchObject({ success: true, network: NETWORKS.base });
    const transaction = await chain.publicClient.getTransaction({ hash: settled.transaction as Hex });
    expect(transaction.from.toLowerCase()).toBe(settler.address.toLowerCase());
    const { nonce } = (payload.payload as { authorization: { nonce: Hex } }).authorization;
    expect(
      await chain.publicClient.readContract({
        address: chain.usdc,
        abi: AUTHORIZATION_STATE,
        functionName: 'authorizationState',
        args: [payer.address as Address, nonce],
      }),
    ).toBe(true);
    expect(announced).toEqual([
      {
        network: NETWORKS.base,
        asset: PAYMENT_TOKENS.BASE_USDC.asset.toLowerCase(),
        authorizer: payer.address.toLowerCase(),
        nonce: nonce.toLowerCase(),
        txHash: settled.transaction,
      },
    ]);

    const solana = requirementsOf(PAYMENT_TOKENS.SOL_USDC, LIVE.PAY_TO_SOLANA);
    await expect(selfHosted.facilitator.verify(payload, solana)).rejects.toThrow(/FACILITATOR_URL is not set/);
  });
});
