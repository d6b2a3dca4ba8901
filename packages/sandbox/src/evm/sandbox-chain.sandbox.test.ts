import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { x402Client } from '@x402/core/client';
import { x402Facilitator } from '@x402/core/facilitator';
import type { PaymentRequirements } from '@x402/core/types';
import {
  BATCH_SETTLEMENT_ADDRESS as SDK_BATCH_SETTLEMENT_ADDRESS,
  ERC3009_DEPOSIT_COLLECTOR_ADDRESS as SDK_ERC3009_DEPOSIT_COLLECTOR_ADDRESS,
  toClientEvmSigner,
  toFacilitatorEvmSigner,
} from '@x402/evm';
import { computeChannelId } from '@x402/evm/batch-settlement/client';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { registerExactEvmScheme } from '@x402/evm/exact/facilitator';
import {
  createWalletClient,
  encodeFunctionData,
  getAddress,
  hashDomain,
  keccak256,
  http,
  parseAbi,
  parseSignature,
  publicActions,
  toBytes,
  toFunctionSelector,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_BATCH_SETTLEMENT_ARTIFACT,
  SANDBOX_ERC3009_DEPOSIT_COLLECTOR_ARTIFACT,
  SANDBOX_USDC_ARTIFACT,
} from './artifacts.js';
import {
  BATCH_SETTLEMENT_ABI,
  BATCH_SETTLEMENT_ADDRESS,
  ERC3009_DEPOSIT_COLLECTOR_ABI,
  ERC3009_DEPOSIT_COLLECTOR_ADDRESS,
} from './batch-settlement.js';
import {
  anvilDevAccount,
  BASE_USDC_ADDRESS,
  MULTICALL3_ADDRESS,
  SANDBOX_USDC_DEFAULT_ADDRESS,
  SANDBOX_USDC_MINTER,
  sandboxUsdcAddress,
  startSandboxEvmChain,
  type SandboxEvmChain,
} from './sandbox-chain.js';

const USDC_ABI = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function version() view returns (string)',
  'function DOMAIN_SEPARATOR() view returns (bytes32)',
  'function MINTER() view returns (address)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function transferFrom(address from, address to, uint256 value) returns (bool)',
  'function mint(address to, uint256 amount)',
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
  'function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
  'function cancelAuthorization(address authorizer, bytes32 nonce, bytes signature)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)',
]);

const MULTICALL_ABI = parseAbi([
  // payable in the contract; declared view here so viem's readContract (an eth_call, as x402 does it) accepts it
  'function tryAggregate(bool requireSuccess, (address target, bytes callData)[] calls) view returns ((bool success, bytes returnData)[] returnData)',
  'function getEthBalance(address addr) view returns (uint256 balance)',
]);

const AUTH_TYPES = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;
const RECEIVE_TYPES = { ReceiveWithAuthorization: AUTH_TYPES.TransferWithAuthorization } as const;
const CANCEL_TYPES = {
  CancelAuthorization: [
    { name: 'authorizer', type: 'address' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

/** EIP-712 domain separator of SandboxUSDC as viem computes it. */
function expectedDomainSeparator(chainId: number, verifyingContract: Address): Hex {
  return hashDomain({
    domain: { name: 'USD Coin', version: '2', chainId: BigInt(chainId), verifyingContract },
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
    },
  });
}

const randomAccount = (): LocalAccount => privateKeyToAccount(generatePrivateKey());
const randomNonce = (): Hex => generatePrivateKey();
const nowSeconds = (): bigint => BigInt(Math.floor(Date.now() / 1000));

describe('sandbox EVM chain (Base, 8453)', () => {
  let sandbox: SandboxEvmChain;
  const domain = { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: BASE_USDC_ADDRESS } as const;

  beforeAll(async () => {
    sandbox = await startSandboxEvmChain({ chainId: 8453 });
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  /** A wallet client for `account` on the sandbox that pays its own gas. */
  const walletFor = (account: LocalAccount) =>
    createWalletClient({ account, chain: sandbox.chain, transport: http(sandbox.rpcUrl), pollingInterval: 50 }).extend(
      publicActions,
    );

  async function signAuthorization(
    payer: LocalAccount,
    to: Address,
    value: bigint,
    overrides: { validAfter?: bigint; validBefore?: bigint; nonce?: Hex } = {},
  ) {
    const message = {
      from: payer.address,
      to,
      value,
      validAfter: overrides.validAfter ?? 0n,
      validBefore: overrides.validBefore ?? nowSeconds() + 300n,
      nonce: overrides.nonce ?? randomNonce(),
    };
    const signature = await payer.signTypedData({
      domain,
      types: AUTH_TYPES,
      primaryType: 'TransferWithAuthorization',
      message,
    });
    return { message, signature };
  }

  const balanceOf = (address: Address) =>
    sandbox.publicClient.readContract({
      address: sandbox.usdc,
      abi: USDC_ABI,
      functionName: 'balanceOf',
      args: [address],
    });

  it('places SandboxUSDC at the canonical Base USDC address with USDC metadata and the right EIP-712 domain', async () => {
    expect(sandbox.usdc).toBe(BASE_USDC_ADDRESS);
    expect(sandbox.multicall3).toBe(MULTICALL3_ADDRESS);
    expect(await sandbox.publicClient.getChainId()).toBe(8453);
    expect(await sandbox.publicClient.getCode({ address: BASE_USDC_ADDRESS })).toBe(
      SANDBOX_USDC_ARTIFACT.deployedBytecode,
    );

    const read = <F extends 'name' | 'symbol' | 'decimals' | 'version' | 'DOMAIN_SEPARATOR' | 'MINTER'>(
      functionName: F,
    ) => sandbox.publicClient.readContract({ address: sandbox.usdc, abi: USDC_ABI, functionName });
    expect(await read('name')).toBe('USD Coin');
    expect(await read('symbol')).toBe('USDC');
    expect(await read('decimals')).toBe(6);
    expect(await read('version')).toBe('2');
    expect(await read('MINTER')).toBe(SANDBOX_USDC_MINTER);
    expect(await read('DOMAIN_SEPARATOR')).toBe(expectedDomainSeparator(8453, BASE_USDC_ADDRESS));
  });

  it("places the x402 batch-settlement contracts at the SDK's addresses, with the SDK's channel ids", async () => {
    expect(BATCH_SETTLEMENT_ADDRESS).toBe(SDK_BATCH_SETTLEMENT_ADDRESS);
    expect(ERC3009_DEPOSIT_COLLECTOR_ADDRESS).toBe(SDK_ERC3009_DEPOSIT_COLLECTOR_ADDRESS);
    expect(sandbox.batchSettlement).toBe(BATCH_SETTLEMENT_ADDRESS);
    expect(sandbox.erc3009DepositCollector).toBe(ERC3009_DEPOSIT_COLLECTOR_ADDRESS);
    expect(await sandbox.publicClient.getCode({ address: BATCH_SETTLEMENT_ADDRESS })).toBe(
      SANDBOX_BATCH_SETTLEMENT_ARTIFACT.deployedBytecode,
    );
    expect(await sandbox.publicClient.getCode({ address: ERC3009_DEPOSIT_COLLECTOR_ADDRESS })).toBe(
      SANDBOX_ERC3009_DEPOSIT_COLLECTOR_ARTIFACT.deployedBytecode,
    );

    const config = {
      payer: randomAccount().address,
      payerAuthorizer: randomAccount().address,
      receiver: randomAccount().address,
      receiverAuthorizer: randomAccount().address,
      token: BASE_USDC_ADDRESS,
      withdrawDelay: 86_400,
      salt: keccak256(toBytes('salt')),
    };
    const channelId = await sandbox.publicClient.readContract({
      address: BATCH_SETTLEMENT_ADDRESS,
      abi: BATCH_SETTLEMENT_ABI,
      functionName: 'getChannelId',
      args: [config],
    });
    expect(channelId).toBe(computeChannelId(config, 8453));

    // Only the batch settlement contract may redeem a payer's deposit authorization through the collector.
    const collect = sandbox.publicClient.simulateContract({
      address: ERC3009_DEPOSIT_COLLECTOR_ADDRESS,
      abi: ERC3009_DEPOSIT_COLLECTOR_ABI,
      functionName: 'collect',
      args: [config.payer, BASE_USDC_ADDRESS, 1n, channelId, '0x'],
      account: randomAccount().address,
    });
    await expect(collect).rejects.toThrow(/OnlyBatchSettlement/);
  });

  it('mintUsdc raises the balance and total supply; only the minter may mint', async () => {
    const holder = randomAccount().address;
    const supplyBefore = await sandbox.publicClient.readContract({
      address: sandbox.usdc,
      abi: USDC_ABI,
      functionName: 'totalSupply',
    });
    const hash = await sandbox.mintUsdc(holder, 5_000_000n);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balanceOf(holder)).toBe(5_000_000n);
    expect(
      await sandbox.publicClient.readContract({ address: sandbox.usdc, abi: USDC_ABI, functionName: 'totalSupply' }),
    ).toBe(supplyBefore + 5_000_000n);

    // Concurrent mints: anvil signs for the unlocked minter and orders its nonces itself.
    const others = [randomAccount().address, randomAccount().address, randomAccount().address, randomAccount().address];
    await Promise.all(others.map((address, i) => sandbox.mintUsdc(address, BigInt(i + 1))));
    expect(await Promise.all(others.map(balanceOf))).toEqual([1n, 2n, 3n, 4n]);

    const intruder = walletFor(anvilDevAccount(1));
    await expect(
      intruder.writeContract({ address: sandbox.usdc, abi: USDC_ABI, functionName: 'mint', args: [holder, 1n] }),
    ).rejects.toThrow(/caller is not the minter/);
  });

  it('setNativeBalance sets the ETH balance', async () => {
    const someone = randomAccount().address;
    await sandbox.setNativeBalance(someone, 123n * 10n ** 18n);
    expect(await sandbox.publicClient.getBalance({ address: someone })).toBe(123n * 10n ** 18n);
  });

  it('supports plain ERC-20 transfer, approve and transferFrom', async () => {
    const owner = randomAccount();
    const spender = randomAccount();
    const receiver = randomAccount().address;
    await Promise.all([
      sandbox.setNativeBalance(owner.address, 10n ** 18n),
      sandbox.setNativeBalance(spender.address, 10n ** 18n),
    ]);
    await sandbox.mintUsdc(owner.address, 1_000n);
    const ownerWallet = walletFor(owner);
    await ownerWallet.waitForTransactionReceipt({
      hash: await ownerWallet.writeContract({
        address: sandbox.usdc,
        abi: USDC_ABI,
        functionName: 'transfer',
        args: [receiver, 100n],
      }),
    });
    await ownerWallet.waitForTransactionReceipt({
      hash: await ownerWallet.writeContract({
        address: sandbox.usdc,
        abi: USDC_ABI,
        functionName: 'approve',
        args: [spender.address, 300n],
      }),
    });
    const spenderWallet = walletFor(spender);
    await spenderWallet.waitForTransactionReceipt({
      hash: await spenderWallet.writeContract({
        address: sandbox.usdc,
        abi: USDC_ABI,
        functionName: 'transferFrom',
        args: [owner.address, receiver, 250n],
      }),
    });
    expect(await balanceOf(owner.address)).toBe(650n);
    expect(await balanceOf(receiver)).toBe(350n);
    expect(
      await sandbox.publicClient.readContract({
        address: sandbox.usdc,
        abi: USDC_ABI,
        functionName: 'allowance',
        args: [owner.address, spender.address],
      }),
    ).toBe(50n);
    await expect(
      spenderWallet.writeContract({
        address: sandbox.usdc,
        abi: USDC_ABI,
        functionName: 'transferFrom',
        args: [owner.address, receiver, 51n],
      }),
    ).rejects.toThrow(/exceeds allowance/);
  });

  it('executes a signed TransferWithAuthorization submitted by another account, exactly once', async () => {
    const payer = randomAccount();
    const payee = randomAccount().address;
    await sandbox.mintUsdc(payer.address, 1_000_000n);
    const { message, signature } = await signAuthorization(payer, payee, 250_000n);
    const { v, r, s } = parseSignature(signature);
    const args = [
      message.from,
      message.to,
      message.value,
      message.validAfter,
      message.validBefore,
      message.nonce,
      Number(v),
      r,
      s,
    ] as const;

    const relayer = walletFor(anvilDevAccount(2));
    const hash = await relayer.writeContract({
      address: sandbox.usdc,
      abi: USDC_ABI,
      functionName: 'transferWithAuthorization',
      args,
    });
    const receipt = await relayer.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(await balanceOf(payer.address)).toBe(750_000n);
    expect(await balanceOf(payee)).toBe(250_000n);
    expect(
      await sandbox.publicClient.readContract({
        address: sandbox.usdc,
        abi: USDC_ABI,
        functionName: 'authorizationState',
        args: [payer.address, message.nonce],
      }),
    ).toBe(true);
    const events = await sandbox.publicClient.getContractEvents({
      address: sandbox.usdc,
      abi: USDC_ABI,
      eventName: 'AuthorizationUsed',
      blockHash: receipt.blockHash,
    });
    expect(events.map((e) => e.args)).toEqual([{ authorizer: payer.address, nonce: message.nonce }]);

    // Replaying the same authorization (either overload) reverts: the nonce is used.
    await expect(
      relayer.writeContract({ address: sandbox.usdc, abi: USDC_ABI, functionName: 'transferWithAuthorization', args }),
    ).rejects.toThrow(/authorization is used or canceled/);
    await expect(
      relayer.writeContract({
        address: sandbox.usdc,
        abi: USDC_ABI,
        functionName: 'transferWithAuthorization',
        args: [
          message.from,
          message.to,
          message.value,
          message.validAfter,
          message.validBefore,
          message.nonce,
          signature,
        ],
      }),
    ).rejects.toThrow(/authorization is used or canceled/);
    expect(await balanceOf(payee)).toBe(250_000n);
  });

  it('accepts the bytes-signature overload', async () => {
    const payer = randomAccount();
    const payee = randomAccount().address;
    await sandbox.mintUsdc(payer.address, 10_000n);
    const { message, signature } = await signAuthorization(payer, payee, 4_000n);
    const relayer = walletFor(anvilDevAccount(2));
    const hash = await relayer.writeContract({
      address: sandbox.usdc,
      abi: USDC_ABI,
      functionName: 'transferWithAuthorization',
      args: [
        message.from,
        message.to,
        message.value,
        message.validAfter,
        message.validBefore,
        message.nonce,
        signature,
      ],
    });
    expect((await relayer.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(await balanceOf(payee)).toBe(4_000n);
  });

  it('rejects expired, not-yet-valid, wrongly signed and tampered authorizations', async () => {
    const payer = randomAccount();
    const payee = randomAccount().address;
    await sandbox.mintUsdc(payer.address, 1_000n);
    const submit = (message: Awaited<ReturnType<typeof signAuthorization>>['message'], signature: Hex) =>
      sandbox.publicClient.simulateContract({
        account: anvilDevAccount(2).address,
        address: sandbox.usdc,
        abi: USDC_ABI,
        functionName: 'transferWithAuthorization',
        args: [
          message.from,
          message.to,
          message.value,
          message.validAfter,
          message.validBefore,
          message.nonce,
          signature,
        ],
      });

    const expired = await signAuthorization(payer, payee, 100n, { validBefore: nowSeconds() - 10n });
    await expect(submit(expired.message, expired.signature)).rejects.toThrow(/authorization is expired/);

    const early = await signAuthorization(payer, payee, 100n, { validAfter: nowSeconds() + 3600n });
    await expect(submit(early.message, early.signature)).rejects.toThrow(/authorization is not yet valid/);

    // Signed by someone else, claiming to be from `payer`.
    const mallory = randomAccount();
    const forged = await signAuthorization(mallory, payee, 100n);
    await expect(submit({ ...forged.message, from: payer.address }, forged.signature)).rejects.toThrow(
      /invalid signature/,
    );

    // A valid signature over a different amount.
    const genuine = await signAuthorization(payer, payee, 100n);
    await expect(submit({ ...genuine.message, value: 1_000n }, genuine.signature)).rejects.toThrow(/invalid signature/);

    // More than the balance.
    const tooMuch = await signAuthorization(payer, payee, 1_001n);
    await expect(submit(tooMuch.message, tooMuch.signature)).rejects.toThrow(/transfer amount exceeds balance/);

    // The untouched genuine one still works.
    await expect(submit(genuine.message, genuine.signature)).resolves.toBeDefined();
  });

  it('receiveWithAuthorization is for the payee only; cancelAuthorization burns a nonce', async () => {
    const payer = randomAccount();
    const payee = anvilDevAccount(4);
    await sandbox.mintUsdc(payer.address, 1_000n);
    const nonce = randomNonce();
    const message = {
      from: payer.address,
      to: payee.address,
      value: 10n,
      validAfter: 0n,
      validBefore: nowSeconds() + 300n,
      nonce,
    };
    const signature = await payer.signTypedData({
      domain,
      types: RECEIVE_TYPES,
      primaryType: 'ReceiveWithAuthorization',
      message,
    });
    const args = [
      message.from,
      message.to,
      message.value,
      message.validAfter,
      message.validBefore,
      nonce,
      signature,
    ] as const;
    await expect(
      walletFor(anvilDevAccount(2)).writeContract({
        address: sandbox.usdc,
        abi: USDC_ABI,
        functionName: 'receiveWithAuthorization',
        args,
      }),
    ).rejects.toThrow(/caller must be the payee/);
    const payeeWallet = walletFor(payee);
    await payeeWallet.waitForTransactionReceipt({
      hash: await payeeWallet.writeContract({
        address: sandbox.usdc,
        abi: USDC_ABI,
        functionName: 'receiveWithAuthorization',
        args,
      }),
    });
    expect(await balanceOf(payer.address)).toBe(990n);

    const cancelled = await signAuthorization(payer, payee.address, 10n);
    const cancelSignature = await payer.signTypedData({
      domain,
      types: CANCEL_TYPES,
      primaryType: 'CancelAuthorization',
      message: { authorizer: payer.address, nonce: cancelled.message.nonce },
    });
    await payeeWallet.waitForTransactionReceipt({
      hash: await payeeWallet.writeContract({
        address: sandbox.usdc,
        abi: USDC_ABI,
        functionName: 'cancelAuthorization',
        args: [payer.address, cancelled.message.nonce, cancelSignature],
      }),
    });
    await expect(
      payeeWallet.writeContract({
        address: sandbox.usdc,
        abi: USDC_ABI,
        functionName: 'transferWithAuthorization',
        args: [
          payer.address,
          payee.address,
          10n,
          0n,
          cancelled.message.validBefore,
          cancelled.message.nonce,
          cancelled.signature,
        ],
      }),
    ).rejects.toThrow(/authorization is used or canceled/);
  });

  it('has a working Multicall3 (aggregate3 through viem, tryAggregate as x402 uses it, getEthBalance)', async () => {
    const holder = randomAccount().address;
    await sandbox.mintUsdc(holder, 42n);
    await sandbox.setNativeBalance(holder, 7n);
    const [name, balance, missing] = await sandbox.publicClient.multicall({
      contracts: [
        { address: sandbox.usdc, abi: USDC_ABI, functionName: 'name' },
        { address: sandbox.usdc, abi: USDC_ABI, functionName: 'balanceOf', args: [holder] },
        // A call that reverts: aggregate3 with allowFailure reports it instead of failing everything.
        { address: sandbox.usdc, abi: USDC_ABI, functionName: 'transfer', args: [holder, 1n] },
      ],
    });
    expect(name).toEqual({ status: 'success', result: 'USD Coin' });
    expect(balance).toEqual({ status: 'success', result: 42n });
    expect(missing?.status).toBe('failure');
    await expect(
      sandbox.publicClient.multicall({
        allowFailure: false,
        contracts: [{ address: sandbox.usdc, abi: USDC_ABI, functionName: 'transfer', args: [holder, 1n] }],
      }),
    ).rejects.toThrow();

    const results = await sandbox.publicClient.readContract({
      address: MULTICALL3_ADDRESS,
      abi: MULTICALL_ABI,
      functionName: 'tryAggregate',
      args: [
        false,
        [
          { target: sandbox.usdc, callData: encodeFunctionData({ abi: USDC_ABI, functionName: 'version' }) },
          {
            target: sandbox.usdc,
            callData: encodeFunctionData({ abi: USDC_ABI, functionName: 'transfer', args: [holder, 1n] }),
          },
        ],
      ],
    });
    expect(results.map((r) => r.success)).toEqual([true, false]);
    expect(
      await sandbox.publicClient.readContract({
        address: MULTICALL3_ADDRESS,
        abi: MULTICALL_ABI,
        functionName: 'getEthBalance',
        args: [holder],
      }),
    ).toBe(7n);
  });

  it('verifies and settles a real x402 exact payment with the @x402/evm facilitator', async () => {
    const payer = randomAccount();
    const payTo = randomAccount().address;
    await sandbox.mintUsdc(payer.address, 10_000n);

    // Facilitator: the x402 SDK's own EVM scheme over a viem wallet on the sandbox chain (it pays the gas).
    const facilitatorAccount = anvilDevAccount(3);
    const facilitatorWallet = walletFor(facilitatorAccount);
    const facilitator = new x402Facilitator();
    registerExactEvmScheme(facilitator, {
      networks: 'eip155:8453',
      signer: toFacilitatorEvmSigner(
        {
          address: facilitatorAccount.address,
          readContract: (args) => facilitatorWallet.readContract(args),
          verifyTypedData: (args) =>
            facilitatorWallet.verifyTypedData(args as Parameters<typeof facilitatorWallet.verifyTypedData>[0]),
          writeContract: (args) => facilitatorWallet.writeContract(args),
          sendTransaction: (args) => facilitatorWallet.sendTransaction(args),
          waitForTransactionReceipt: (args) => facilitatorWallet.waitForTransactionReceipt(args),
          getCode: (args) => facilitatorWallet.getCode(args),
        },
        { confirmationTimeoutMs: 10_000 },
      ),
    });

    // Client: the x402 SDK's EVM exact client scheme.
    const client = new x402Client().register(
      'eip155:8453',
      new ExactEvmScheme(toClientEvmSigner(payer, sandbox.publicClient)),
    );
    const requirements: PaymentRequirements = {
      scheme: 'exact',
      network: 'eip155:8453',
      asset: sandbox.usdc,
      amount: '1200',
      payTo,
      maxTimeoutSeconds: 300,
      extra: { name: 'USD Coin', version: '2' },
    };
    const payload = await client.createPaymentPayload({
      x402Version: 2,
      resource: { url: 'http://sandbox.local/tools/example', description: 'example', mimeType: 'application/json' },
      accepts: [requirements],
    });
    expect(payload.accepted).toEqual(requirements);

    const verified = await facilitator.verify(payload, requirements);
    expect(verified).toMatchObject({ isValid: true, payer: payer.address });

    const settled = await facilitator.settle(payload, requirements);
    expect(settled).toMatchObject({ success: true, network: 'eip155:8453', payer: payer.address });
    expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    // For a 65-byte EOA signature the facilitator calls the (v, r, s) overload, from its own account.
    const settleTx = await sandbox.publicClient.getTransaction({ hash: settled.transaction as Hex });
    expect(settleTx.from).toBe(facilitatorAccount.address.toLowerCase());
    expect(settleTx.to).toBe(sandbox.usdc.toLowerCase());
    expect(settleTx.input.slice(0, 10)).toBe(
      toFunctionSelector(
        'transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)',
      ),
    );
    expect(await balanceOf(payTo)).toBe(1200n);
    expect(await balanceOf(payer.address)).toBe(8_800n);

    // The same payload again: the nonce is spent on-chain, and the facilitator's diagnostics (via Multicall3) say so.
    const again = await facilitator.verify(payload, requirements);
    expect(again.isValid).toBe(false);
    expect(again.invalidReason).toMatch(/nonce_already_used/);
    const resettled = await facilitator.settle(payload, requirements);
    expect(resettled.success).toBe(false);
    expect(await balanceOf(payTo)).toBe(1200n);
  });
});

describe('sandbox EVM chain on other chain ids, with a persisted state file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'svc-sandbox-evm-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('documents the non-Base USDC address', () => {
    expect(SANDBOX_USDC_DEFAULT_ADDRESS).toBe(
      getAddress(`0x${keccak256(toBytes('svc.sandbox.SandboxUSDC')).slice(-40)}`),
    );
    expect(sandboxUsdcAddress(4663)).toBe(SANDBOX_USDC_DEFAULT_ADDRESS);
    expect(sandboxUsdcAddress(8453)).toBe(BASE_USDC_ADDRESS);
  });

  it('keeps balances, used nonces and code across a restart', async () => {
    const stateFile = path.join(dir, 'nested', 'chain-4663.json');
    const holder = randomAccount().address;

    const first = await startSandboxEvmChain({ chainId: 4663, stateFile });
    let blockBefore: bigint;
    try {
      expect(first.usdc).toBe(SANDBOX_USDC_DEFAULT_ADDRESS);
      await first.mintUsdc(holder, 777n);
      await first.setNativeBalance(holder, 5n);
      // Uncached: viem keeps a block number for its polling interval, and the mint's receipt wait read one before the mint was mined.
      blockBefore = await first.publicClient.getBlockNumber({ cacheTime: 0 });
    } finally {
      await first.stop();
    }

    const second = await startSandboxEvmChain({ chainId: 4663, stateFile });
    try {
      expect(blockBefore).toBeGreaterThan(0n);
      expect(await second.publicClient.getBlockNumber({ cacheTime: 0 })).toBe(blockBefore);
      const read = (functionName: 'balanceOf') =>
        second.publicClient.readContract({ address: second.usdc, abi: USDC_ABI, functionName, args: [holder] });
      expect(await read('balanceOf')).toBe(777n);
      expect(await second.publicClient.getBalance({ address: holder })).toBe(5n);
      expect(await second.publicClient.getCode({ address: second.usdc })).toBe(SANDBOX_USDC_ARTIFACT.deployedBytecode);
      expect(await second.publicClient.getCode({ address: second.batchSettlement })).toBe(
        SANDBOX_BATCH_SETTLEMENT_ARTIFACT.deployedBytecode,
      );
      expect(
        await second.publicClient.readContract({ address: second.usdc, abi: USDC_ABI, functionName: 'totalSupply' }),
      ).toBe(777n);
      const domainSeparator = await second.publicClient.readContract({
        address: second.usdc,
        abi: USDC_ABI,
        functionName: 'DOMAIN_SEPARATOR',
      });
      expect(domainSeparator).toBe(expectedDomainSeparator(4663, SANDBOX_USDC_DEFAULT_ADDRESS));
      await second.mintUsdc(holder, 3n);
      expect(await read('balanceOf')).toBe(780n);
    } finally {
      await second.stop();
    }
  });
});
