import {
  anvilDevAccount,
  BATCH_SETTLEMENT_ABI,
  BATCH_SETTLEMENT_ADDRESS,
  type SandboxEvmChain,
  startSandboxEvmChain,
} from '@svc/sandbox';
import { x402Client } from '@x402/core/client';
import { x402ResourceServer, type FacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, PaymentRequired, PaymentRequirements, SettleResponse } from '@x402/core/types';
import { BATCH_SETTLEMENT_DOMAIN, claimBatchTypes, toClientEvmSigner } from '@x402/evm';
import {
  BatchSettlementEvmScheme as BatchSettlementClientScheme,
  computeChannelId,
  signVoucher,
} from '@x402/evm/batch-settlement/client';
import {
  type BatchSettlementChannelManager,
  BatchSettlementEvmScheme as BatchSettlementServerScheme,
  InMemoryChannelStorage,
} from '@x402/evm/batch-settlement/server';
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createTestClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  type LocalAccount,
  type PrivateKeyAccount,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORKS, PAYMENT_TOKENS } from '../tokens.js';
import { evmChannelStateReader } from '../batch-settlement/onchain-channel-state.js';
import { createLocalFacilitator } from './local.js';

/**
 * x402 `batch-settlement` end to end on the sandbox Base chain: the OFFICIAL `@x402/evm` client, resource server
 * (channel manager, in-memory channels) and facilitator (ours, createLocalFacilitator) against our channel contract
 * and deposit collector at the published addresses. Every amount is read back from the chain.
 */

const SETTLER_INDEX = 2;
const PRICE = 1_000n; // 0.001 USDC per call
const PAYER_FUNDS = 1_000_000n; // 1 USDC
const USDC = PAYMENT_TOKENS.BASE_USDC.asset as Address;
const RESOURCE = { url: 'http://127.0.0.1/batch-settlement-test', description: 'test', mimeType: 'application/json' };

interface Payer {
  readonly account: PrivateKeyAccount;
  readonly client: x402Client;
}

type VoucherClaim = Awaited<ReturnType<BatchSettlementChannelManager['getClaimableVouchers']>>[number];

const CLAIM_SIMULATION_FAILED = 'invalid_batch_settlement_evm_claim_simulation_failed';

/** The claim entries as the contract takes them (amounts as integers). */
const claimArgs = (claims: readonly VoucherClaim[]) =>
  claims.map((claim) => ({
    voucher: { channel: claim.voucher.channel, maxClaimableAmount: BigInt(claim.voucher.maxClaimableAmount) },
    signature: claim.signature,
    totalClaimed: BigInt(claim.totalClaimed),
  }));

/** The receiver authorizer's EIP-712 `ClaimBatch` signature over `claims` (what claimWithSignature checks). */
const signClaimBatch = (signer: LocalAccount, claims: readonly VoucherClaim[]) =>
  signer.signTypedData({
    domain: { ...BATCH_SETTLEMENT_DOMAIN, chainId: 8453, verifyingContract: BATCH_SETTLEMENT_ADDRESS },
    types: claimBatchTypes,
    primaryType: 'ClaimBatch',
    message: {
      claims: claims.map((claim) => ({
        channelId: computeChannelId(claim.voucher.channel, NETWORKS.base),
        maxClaimableAmount: BigInt(claim.voucher.maxClaimableAmount),
        totalClaimed: BigInt(claim.totalClaimed),
      })),
    },
  });

/** The name of the custom error `call` reverted with (it must revert). */
async function revertReason(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName ?? reverted.shortMessage;
    throw error;
  }
  throw new Error('the call did not revert');
}

describe('x402 batch-settlement on the sandbox Base chain (official client, server and facilitator)', () => {
  let chain: SandboxEvmChain;
  let facilitator: FacilitatorClient;
  let server: x402ResourceServer;
  let serverScheme: BatchSettlementServerScheme;
  let manager: BatchSettlementChannelManager;
  const settler = anvilDevAccount(SETTLER_INDEX);
  const receiver = privateKeyToAccount(generatePrivateKey()).address;
  const receiverAuthorizer = privateKeyToAccount(generatePrivateKey());

  beforeAll(async () => {
    chain = await startSandboxEvmChain({ chainId: 8453 });
    facilitator = createLocalFacilitator({
      evm: [{ network: NETWORKS.base, rpcUrl: chain.rpcUrl, settlers: [settler] }],
    });
    serverScheme = new BatchSettlementServerScheme(receiver, {
      storage: new InMemoryChannelStorage(),
      receiverAuthorizerSigner: receiverAuthorizer,
    });
    server = new x402ResourceServer(facilitator).register(NETWORKS.base, serverScheme);
    await server.initialize();
    manager = serverScheme.createChannelManager(facilitator, NETWORKS.base, USDC);
  }, 120_000);
  afterAll(async () => {
    await chain?.stop();
  });

  const usdcBalance = (address: Address) =>
    chain.publicClient.readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const channelState = async (channelId: Hex) => {
    const [balance, totalClaimed] = (await chain.publicClient.readContract({
      address: BATCH_SETTLEMENT_ADDRESS,
      abi: BATCH_SETTLEMENT_ABI,
      functionName: 'channels',
      args: [channelId],
    })) as readonly [bigint, bigint];
    return { balance, totalClaimed };
  };
  const receiverState = async () => {
    const [totalClaimed, totalSettled] = (await chain.publicClient.readContract({
      address: BATCH_SETTLEMENT_ADDRESS,
      abi: BATCH_SETTLEMENT_ABI,
      functionName: 'receivers',
      args: [receiver, USDC],
    })) as readonly [bigint, bigint];
    return { totalClaimed, totalSettled };
  };

  async function newPayer(): Promise<Payer> {
    const account = privateKeyToAccount(generatePrivateKey());
    await chain.mintUsdc(account.address, PAYER_FUNDS);
    const scheme = new BatchSettlementClientScheme(toClientEvmSigner(account, chain.publicClient));
    return { account, client: new x402Client().register('eip155:*', scheme) };
  }

  async function paymentRequired(): Promise<PaymentRequired> {
    const requirements = await server.buildPaymentRequirements({
      scheme: 'batch-settlement',
      payTo: receiver,
      price: { amount: PRICE.toString(), asset: USDC, extra: { ...PAYMENT_TOKENS.BASE_USDC.extra } },
      network: NETWORKS.base,
    });
    return server.createPaymentRequiredResponse(requirements, RESOURCE);
  }

  /** One paid call the way the HTTP middleware runs it: 402, payload, verify, (handler), settle, client update. */
  async function paidCall(
    payer: Payer,
  ): Promise<{ payload: PaymentPayload; requirements: PaymentRequirements; settled: SettleResponse }> {
    const required = await paymentRequired();
    const payload = await payer.client.createPaymentPayload(required);
    const requirements = server.findMatchingRequirements(required.accepts, payload);
    if (!requirements) throw new Error('no matching requirements');
    const verified = await server.verifyPayment(payload, requirements);
    if (!verified.isValid)
      throw new Error(`verify refused: ${verified.invalidReason} ${verified.invalidMessage ?? ''}`);
    const settled = await server.settlePayment(payload, requirements);
    if (!settled.success) throw new Error(`settle refused: ${settled.errorReason} ${settled.errorMessage ?? ''}`);
    await payer.client.handlePaymentResponse({ paymentPayload: payload, requirements, settleResponse: settled });
    return { payload, requirements, settled };
  }

  const channelIdOf = (payload: PaymentPayload) =>
    (payload.payload as { voucher: { channelId: Hex } }).voucher.channelId;
  const channelConfigOf = (payload: PaymentPayload) =>
    (payload.payload as { channelConfig: VoucherClaim['voucher']['channel'] }).channelConfig;

  /** What the channel manager sends the facilitator for claims, sweeps and refunds. */
  const managerRequirements = (): PaymentRequirements => ({
    scheme: 'batch-settlement',
    network: NETWORKS.base,
    asset: USDC,
    amount: '0',
    payTo: receiver,
    maxTimeoutSeconds: 0,
    extra: {},
  });

  /** claimWithSignature as an `eth_call` from the settler: reverts with the contract's reason, changes nothing. */
  const simulateClaim = (claims: readonly VoucherClaim[], authorizerSignature: Hex) =>
    chain.publicClient.simulateContract({
      address: BATCH_SETTLEMENT_ADDRESS,
      abi: BATCH_SETTLEMENT_ABI,
      functionName: 'claimWithSignature',
      args: [claimArgs(claims), authorizerSignature],
      account: settler.address,
    });

  const claimableOf = async (channelId: Hex) =>
    (await manager.getClaimableVouchers()).filter(
      (claim) => computeChannelId(claim.voucher.channel, NETWORKS.base).toLowerCase() === channelId.toLowerCase(),
    );

  const gasUsed = async (transaction: string) =>
    (await chain.publicClient.getTransactionReceipt({ hash: transaction as Hex })).gasUsed;

  it('deposits through the collector, serves vouchers, claims several channels in one transaction and sweeps', async () => {
    const payers = [await newPayer(), await newPayer(), await newPayer()];
    const callsPerPayer = 3;
    const channelIds: Hex[] = [];
    for (const payer of payers) {
      const first = await paidCall(payer);
      expect((first.payload.payload as { type: string }).type).toBe('deposit');
      channelIds.push(channelIdOf(first.payload));
      for (let call = 1; call < callsPerPayer; call++) {
        const next = await paidCall(payer);
        expect((next.payload.payload as { type: string }).type).toBe('voucher');
        expect(channelIdOf(next.payload)).toBe(channelIds.at(-1));
      }
    }

    // The deposit moved USDC from each payer into the channel contract; vouchers touched no chain state.
    const deposits = await Promise.all(channelIds.map(channelState));
    for (const [index, payer] of payers.entries()) {
      expect(deposits[index]!.balance).toBeGreaterThanOrEqual(PRICE * BigInt(callsPerPayer));
      expect(deposits[index]!.totalClaimed).toBe(0n);
      expect(await usdcBalance(payer.account.address)).toBe(PAYER_FUNDS - deposits[index]!.balance);
    }

    const claims = await manager.claim();
    expect(claims).toHaveLength(1); // one claimWithSignature transaction for all three channels
    expect(claims[0]!.vouchers).toBe(payers.length);
    const claimReceipt = await chain.publicClient.getTransactionReceipt({ hash: claims[0]!.transaction as Hex });
    expect(claimReceipt.status).toBe('success');
    for (const channelId of channelIds) {
      expect((await channelState(channelId)).totalClaimed).toBe(PRICE * BigInt(callsPerPayer));
    }
    const charged = PRICE * BigInt(callsPerPayer * payers.length);
    expect(await receiverState()).toEqual({ totalClaimed: charged, totalSettled: 0n });

    const swept = await manager.settle();
    const sweepReceipt = await chain.publicClient.getTransactionReceipt({ hash: swept.transaction as Hex });
    expect(sweepReceipt.status).toBe('success');
    expect(await usdcBalance(receiver)).toBe(charged);
    expect(await receiverState()).toEqual({ totalClaimed: charged, totalSettled: charged });
  }, 120_000);

  it('refunds exactly the unclaimed balance to the payer, claiming what was charged first', async () => {
    const payer = await newPayer();
    const { payload } = await paidCall(payer);
    const channelId = channelIdOf(payload);
    await paidCall(payer);
    const { balance: deposited } = await channelState(channelId);
    const receiverBefore = await receiverState();

    const [refund] = await manager.refund([channelId]);
    expect(refund?.channel.toLowerCase()).toBe(channelId.toLowerCase());
    const refundReceipt = await chain.publicClient.getTransactionReceipt({ hash: refund!.transaction as Hex });
    expect(refundReceipt.status).toBe('success');

    const charged = 2n * PRICE;
    // The two charged calls were claimed in the same transaction; everything else went back to the payer.
    expect(await channelState(channelId)).toEqual({ balance: charged, totalClaimed: charged });
    // The claim pass's chain reader sees the same state through the contract's getters.
    expect(await evmChannelStateReader(chain.rpcUrl).stateOf(channelId)).toEqual({
      balance: charged.toString(),
      totalClaimed: charged.toString(),
      withdrawRequestedAt: 0,
    });
    expect(await usdcBalance(payer.account.address)).toBe(PAYER_FUNDS - charged);
    expect((await receiverState()).totalClaimed - receiverBefore.totalClaimed).toBe(charged);
    expect(deposited - charged).toBeGreaterThan(0n);
  }, 120_000);
  it('refuses a voucher above the balance, a replayed or lower voucher, a forged signature and a second claim', async () => {
    const payer = await newPayer();
    const first = await paidCall(payer);
    const channelId = channelIdOf(first.payload);
    const second = await paidCall(payer);
    const { balance } = await channelState(channelId);
    const payerSigner = toClientEvmSigner(payer.account, chain.publicClient);
    const withVoucher = (voucher: Awaited<ReturnType<typeof signVoucher>>): PaymentPayload => ({
      ...second.payload,
      payload: { ...second.payload.payload, voucher },
    });

    // A voucher whose ceiling is above the channel's balance: the facilitator refuses it off chain...
    const tooHigh = await signVoucher(payerSigner, channelId, (balance + 1n).toString(), NETWORKS.base);
    expect(await facilitator.verify(withVoucher(tooHigh), second.requirements)).toMatchObject({
      isValid: false,
      invalidReason: 'invalid_batch_settlement_evm_cumulative_exceeds_balance',
    });
    // ...and the contract refuses to claim it, even with the receiver authorizer's signature.
    const [claim] = await claimableOf(channelId);
    expect(claim?.totalClaimed).toBe((2n * PRICE).toString());
    const overdrawn: VoucherClaim[] = [
      {
        voucher: { channel: claim!.voucher.channel, maxClaimableAmount: tooHigh.maxClaimableAmount },
        signature: tooHigh.signature as Hex,
        totalClaimed: tooHigh.maxClaimableAmount,
      },
    ];
    expect(await revertReason(simulateClaim(overdrawn, await signClaimBatch(receiverAuthorizer, overdrawn)))).toBe(
      'ClaimAboveBalance',
    );
    // Above the voucher's own ceiling, a voucher not signed by the payer, a batch not signed by the authorizer.
    const aboveCeiling = [{ ...claim!, totalClaimed: (BigInt(claim!.voucher.maxClaimableAmount) + 1n).toString() }];
    expect(
      await revertReason(simulateClaim(aboveCeiling, await signClaimBatch(receiverAuthorizer, aboveCeiling))),
    ).toBe('ClaimAboveVoucher');
    const stranger = privateKeyToAccount(generatePrivateKey());
    const forgedVoucher = await signVoucher(
      toClientEvmSigner(stranger, chain.publicClient),
      channelId,
      claim!.voucher.maxClaimableAmount,
      NETWORKS.base,
    );
    const forged = [{ ...claim!, signature: forgedVoucher.signature as Hex }];
    expect(await revertReason(simulateClaim(forged, await signClaimBatch(receiverAuthorizer, forged)))).toBe(
      'InvalidVoucherSignature',
    );
    expect(await revertReason(simulateClaim([claim!], await signClaimBatch(stranger, [claim!])))).toBe(
      'InvalidAuthorizerSignature',
    );
    expect(await channelState(channelId)).toEqual({ balance, totalClaimed: 0n });

    // The genuine claim goes through once...
    const claimed = await manager.claim();
    expect(claimed.length).toBeGreaterThan(0);
    expect(await channelState(channelId)).toEqual({ balance, totalClaimed: 2n * PRICE });
    const receiverClaimed = await receiverState();
    // ...and never twice: the same claim, resubmitted, is refused and moves nothing.
    const replayedClaim: PaymentPayload = {
      x402Version: 2,
      accepted: managerRequirements(),
      payload: {
        type: 'claim',
        claims: [claim!],
        claimAuthorizerSignature: await signClaimBatch(receiverAuthorizer, [claim!]),
      },
    };
    expect(await facilitator.settle(replayedClaim, managerRequirements())).toMatchObject({
      success: false,
      errorReason: CLAIM_SIMULATION_FAILED,
    });
    expect(await revertReason(simulateClaim([claim!], await signClaimBatch(receiverAuthorizer, [claim!])))).toBe(
      'ClaimNotAboveClaimed',
    );
    expect(await receiverState()).toEqual(receiverClaimed);
    expect(await channelState(channelId)).toEqual({ balance, totalClaimed: 2n * PRICE });

    // A replayed voucher (its ceiling is claimed now) and a lower one: the server and the facilitator refuse them.
    expect((await server.verifyPayment(second.payload, second.requirements)).isValid).toBe(false);
    expect(await facilitator.verify(second.payload, second.requirements)).toMatchObject({
      isValid: false,
      invalidReason: 'invalid_batch_settlement_evm_cumulative_below_claimed',
    });
    const lower = await signVoucher(payerSigner, channelId, PRICE.toString(), NETWORKS.base);
    expect(await facilitator.verify(withVoucher(lower), second.requirements)).toMatchObject({
      isValid: false,
      invalidReason: 'invalid_batch_settlement_evm_cumulative_below_claimed',
    });

    // The deposit's authorization cannot fund the channel twice.
    const payerFunds = await usdcBalance(payer.account.address);
    expect((await facilitator.settle(first.payload, first.requirements)).success).toBe(false);
    expect(await usdcBalance(payer.account.address)).toBe(payerFunds);
    expect(await channelState(channelId)).toEqual({ balance, totalClaimed: 2n * PRICE });
  }, 120_000);

  it('claims N channels in one transaction (gas per claim for the bench)', async () => {
    const gas: { channels: number; gasUsed: bigint }[] = [];
    let depositGas = 0n;
    for (const channels of [1, 5, 10, 20]) {
      const payers = await Promise.all(Array.from({ length: channels }, newPayer));
      for (const payer of payers) {
        const { settled } = await paidCall(payer);
        depositGas = await gasUsed(settled.transaction);
      }
      const claims = await manager.claim({ maxClaimsPerBatch: 100 });
      expect(claims.map((claim) => claim.vouchers)).toEqual([channels]);
      gas.push({ channels, gasUsed: await gasUsed(claims[0]!.transaction) });
    }
    const sweepGas = await gasUsed((await manager.settle()).transaction);
    console.info(
      `batch-settlement gas on the sandbox chain: deposit ${depositGas}, sweep ${sweepGas}, claimWithSignature ` +
        gas
          .map(({ channels, gasUsed }) => `N=${channels}: ${gasUsed} (${gasUsed / BigInt(channels)}/channel)`)
          .join(', '),
    );
    // The fixed cost of a transaction and of the authorizer's signature is shared by all the channels of a batch.
    const perChannel = gas.map(({ channels, gasUsed }) => gasUsed / BigInt(channels));
    expect(perChannel.at(-1)!).toBeLessThan(perChannel[0]!);
  }, 300_000);

  // Last: it moves the chain's clock past the withdraw delay.
  it('lets the payer take back the unclaimed balance alone, only after the withdraw delay', async () => {
    const payer = await newPayer();
    const { payload } = await paidCall(payer);
    const channelId = channelIdOf(payload);
    const config = channelConfigOf(payload);
    const { balance } = await channelState(channelId);
    await chain.setNativeBalance(payer.account.address, 10n ** 18n);
    const wallet = createWalletClient({ chain: chain.chain, transport: http(chain.rpcUrl), account: payer.account });
    const testClient = createTestClient({ chain: chain.chain, transport: http(chain.rpcUrl), mode: 'anvil' });
    const call = (functionName: 'initiateWithdraw' | 'finalizeWithdraw', args: readonly unknown[], from: Address) =>
      chain.publicClient.simulateContract({
        address: BATCH_SETTLEMENT_ADDRESS,
        abi: BATCH_SETTLEMENT_ABI,
        functionName,
        args,
        account: from,
      });
    const send = async (functionName: 'initiateWithdraw' | 'finalizeWithdraw', args: readonly unknown[]) => {
      const hash = await wallet.writeContract({
        address: BATCH_SETTLEMENT_ADDRESS,
        abi: BATCH_SETTLEMENT_ABI,
        functionName,
        args,
      });
      expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    };

    expect(await revertReason(call('initiateWithdraw', [config, balance], settler.address))).toBe('NotPayer');
    expect(await revertReason(call('initiateWithdraw', [config, balance + 1n], payer.account.address))).toBe(
      'WithdrawAboveUnclaimed',
    );
    await send('initiateWithdraw', [config, balance]);
    expect(await revertReason(call('finalizeWithdraw', [config], payer.account.address))).toBe('WithdrawNotReady');

    // The delay lets the receiver claim what it charged before the payer's funds leave.
    await manager.claim();
    await testClient.increaseTime({ seconds: config.withdrawDelay });
    await testClient.mine({ blocks: 1 });
    await send('finalizeWithdraw', [config]);
    expect(await channelState(channelId)).toEqual({ balance: PRICE, totalClaimed: PRICE });
    expect(await usdcBalance(payer.account.address)).toBe(PAYER_FUNDS - PRICE);
    expect(await revertReason(call('finalizeWithdraw', [config], payer.account.address))).toBe('NoPendingWithdrawal');
  }, 120_000);
});
