import { accountVaultKeys } from '@svc/chains';
import { invalidField, ServiceError } from '@svc/contracts';
import { BaseError, InsufficientFundsError, keccak256, type Address, type Hash, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { HandlerContext } from '../handler.js';
import type { EvmNetwork } from '@svc/providers';

/** The account's custodial vault EVM key as a viem signer (same address on all five chains). Never logged. */
export async function vaultEvmSigner(
  context: Pick<HandlerContext, 'db' | 'masterKey'>,
  accountId: string,
): Promise<PrivateKeyAccount> {
  const keys = await accountVaultKeys(context.db, context.masterKey, accountId);
  return privateKeyToAccount(keys.evm.privateKey as Hex);
}

export interface EvmTransactionRequest {
  readonly to: Address;
  readonly data?: Hex;
  readonly value?: bigint;
  readonly gas?: bigint;
  /** Fee caps; both or neither (the chain's current estimate otherwise). */
  readonly fees?: { readonly maxFeePerGas: bigint; readonly maxPriorityFeePerGas: bigint };
}

/** One sender's transactions on one chain go out in order (nonces are read from the chain per transaction). */
const senderQueues = new Map<string, Promise<unknown>>();

function inSenderOrder<T>(key: string, run: () => Promise<T>): Promise<T> {
  const previous = senderQueues.get(key) ?? Promise.resolve();
  const next = previous.then(run, run);
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  senderQueues.set(key, settled);
  void settled.then(() => {
    if (senderQueues.get(key) === settled) senderQueues.delete(key);
  });
  return next;
}

export interface SentTransaction {
  readonly hash: Hash;
  /** Fee paid in native atomic units (gasUsed × effectiveGasPrice). */
  readonly feeWei: bigint;
}

/**
 * Signs `request` with `signer`, reports the hash through `onSigned` BEFORE broadcasting (so a crashed caller can
 * look the transaction up on chain), broadcasts it and waits for its receipt. A revert is a 502 naming the hash.
 */
export function signAndSend(
  network: EvmNetwork,
  signer: PrivateKeyAccount,
  request: EvmTransactionRequest,
  onSigned?: (hash: Hash) => Promise<void> | void,
): Promise<SentTransaction> {
  return inSenderOrder(`${network.registry.chainId}:${signer.address}`, async () => {
    const prepared = await network.publicClient
      .prepareTransactionRequest({
        account: signer,
        chain: network.chain,
        to: request.to,
        ...(request.data ? { data: request.data } : {}),
        value: request.value ?? 0n,
        ...(request.gas ? { gas: request.gas } : {}),
        ...(request.fees ?? {}),
      })
      .catch((error: unknown) => {
        // Gas estimation runs the transaction: a vault short of gas money (or of the token) fails here, before anything is signed.
        if (
          error instanceof BaseError &&
          (error.walk((e) => e instanceof InsufficientFundsError) ||
            /insufficient funds|exceeds balance/i.test(error.message))
        ) {
          throw invalidField(
            'amount',
            'insufficient_funds',
            `the vault cannot pay this transaction and its gas in ${network.registry.nativeSymbol} on ${network.registry.name}`,
          );
        }
        throw error;
      });
    const serialized = await signer.signTransaction(prepared as never);
    const hash = keccak256(serialized);
    await onSigned?.(hash);
    await network.publicClient.sendRawTransaction({ serializedTransaction: serialized });
    const receipt = await network.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') {
      throw new ServiceError('upstream_error', `transaction ${hash} reverted on ${network.registry.name}`, {
        extra: { txHash: hash },
      });
    }
    return { hash, feeWei: receipt.gasUsed * receipt.effectiveGasPrice };
  });
}
