/**
 * Client side of the `exact` scheme on Stacks: builds and signs the transfer the requirements ask for, with
 * `@stacks/transactions`, for `x402Client().register('stacks:*', new ExactStacksClientScheme(...))` (and so for
 * `@x402/fetch`). STX: a native token-transfer to `payTo`. SIP-010 (sBTC, USDCx): `<contract>.transfer(amount,
 * sender, payTo, memo)` with a deny-mode post-condition that the sender sends exactly `amount` of the token.
 *
 * The payer pays the fee. Nonce and fee are set explicitly (the library would otherwise fetch them from a public
 * node): the nonce from `options.nonce` (the sandbox ledger's `nextNonce`, or a node's possible next nonce).
 */
import type {
  FindDefaultAsset,
  Network,
  PaymentPayloadContext,
  PaymentPayloadResult,
  PaymentRequirements,
  SchemeNetworkClient,
} from '@x402/core/types';
import {
  Cl,
  makeContractCall,
  makeSTXTokenTransfer,
  Pc,
  privateKeyToAddress,
  type StacksTransactionWire,
} from '@stacks/transactions';
import { PAYMENT_TOKENS } from '../../tokens.js';
import { parseStacksAsset, type StacksNetworkVersion, stacksNetworkVersion } from './assets.js';

export interface ExactStacksClientOptions {
  /** The payer's Stacks private key (hex; 64 chars, or 66 with the compressed-key suffix 01). */
  readonly privateKey: string;
  /** The nonce the payer's next transaction must carry (e.g. `(a) => ledger.nextNonce(a)`). */
  readonly nonce: (address: string, network: Network) => bigint | number | Promise<bigint | number>;
  /** Fee in micro-STX, or a function of the requirements. Default 3000 (0.003 STX). */
  readonly fee?: bigint | ((requirements: PaymentRequirements) => bigint);
  /** Optional memo (at most 34 bytes). */
  readonly memo?: string;
}

export const DEFAULT_STACKS_CLIENT_FEE = 3000n;

export class ExactStacksClientScheme implements SchemeNetworkClient {
  readonly scheme = 'exact';
  readonly #options: ExactStacksClientOptions;

  constructor(options: ExactStacksClientOptions) {
    if (options.memo !== undefined && new TextEncoder().encode(options.memo).length > 34)
      throw new Error('Stacks memos are at most 34 bytes');
    this.#options = options;
  }

  /** The payer's address on a Stacks network (SP… on mainnet, ST… on testnet). */
  address(version: StacksNetworkVersion = 'mainnet'): string {
    return privateKeyToAddress(this.#options.privateKey, version);
  }

  /** USDCx is USD-pegged, so `@x402/core`'s USD spend cap applies to it; STX and sBTC need `allowedAssets`. */
  readonly findDefaultAsset: FindDefaultAsset = (asset, network) => {
    const usdcx = PAYMENT_TOKENS.USDCx;
    return network === usdcx.network && parseStacksAsset(asset)?.id === usdcx.asset
      ? { asset: usdcx.asset, decimals: usdcx.decimals, symbol: 'USDCx' }
      : undefined;
  };

  async createPaymentPayload(
    x402Version: number,
    requirements: PaymentRequirements,
    context?: PaymentPayloadContext,
  ): Promise<PaymentPayloadResult> {
    return { x402Version, payload: { transaction: (await this.signTransfer(requirements, context)).serialize() } };
  }

  /** The signed transaction paying `requirements` (exposed for tests and tools). */
  async signTransfer(
    requirements: PaymentRequirements,
    context?: PaymentPayloadContext,
  ): Promise<StacksTransactionWire> {
    if (requirements.scheme !== this.scheme)
      throw new Error(`ExactStacksClientScheme pays scheme "exact", not "${requirements.scheme}"`);
    const version = stacksNetworkVersion(requirements.network);
    if (!version) throw new Error(`Not a Stacks network: ${requirements.network}`);
    const asset = parseStacksAsset(requirements.asset);
    if (!asset) throw new Error(`Unknown Stacks asset ${requirements.asset}`);
    if (!/^\d+$/.test(requirements.amount) || BigInt(requirements.amount) <= 0n)
      throw new Error(`Invalid amount ${requirements.amount}`);
    const amount = BigInt(requirements.amount);
    const cap = context?.maxAmountPerPayment;
    if (cap !== undefined && amount > BigInt(cap))
      throw new Error(`Payment of ${amount} exceeds the spend cap ${cap} for ${asset.id}`);

    const sender = this.address(version);
    const nonce = BigInt(await this.#options.nonce(sender, requirements.network));
    const feeOption = this.#options.fee ?? DEFAULT_STACKS_CLIENT_FEE;
    const fee = typeof feeOption === 'function' ? feeOption(requirements) : feeOption;
    const memo = this.#options.memo;
    const common = { fee, nonce, senderKey: this.#options.privateKey, network: version } as const;
    if (asset.kind === 'stx') {
      return makeSTXTokenTransfer({
        ...common,
        recipient: requirements.payTo,
        amount,
        ...(memo !== undefined ? { memo } : {}),
      });
    }
    return makeContractCall({
      ...common,
      contractAddress: asset.contractAddress,
      contractName: asset.contractName,
      functionName: 'transfer',
      functionArgs: [
        Cl.uint(amount),
        Cl.principal(sender),
        Cl.principal(requirements.payTo),
        memo !== undefined ? Cl.some(Cl.bufferFromUtf8(memo)) : Cl.none(),
      ],
      postConditionMode: 'deny',
      postConditions: [
        Pc.principal(sender)
          .willSendEq(amount)
          .ft(asset.contract as `${string}.${string}`, asset.assetName),
      ],
    });
  }
}
