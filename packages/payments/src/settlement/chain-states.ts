import type { UnfinishedSettlement } from '@svc/store';
import { type Blockhash, createSolanaRpc, type Signature } from '@solana/kit';
import { type Address, createPublicClient, type Hex, http } from 'viem';
import { solanaLandingOf } from './solana-landing.js';

/** Where an authorization stands on its chain. */
export type AuthorizationState =
  /** It was used: the payer was charged (by `txHash` when known). */
  | { readonly used: true; readonly txHash: string | null }
  /** Not used; `expired`: it never can be any more. Otherwise anyone holding it could still land it. */
  | { readonly used: false; readonly expired: boolean };

/** Reads authorizations' states on one network. */
export interface AuthorizationLedger {
  stateOf(settlement: UnfinishedSettlement): Promise<AuthorizationState>;
}

/** A claim recorded without the fields its chain needs (a payload the identity reader could not read). */
export class UnreadableAuthorization extends Error {
  override readonly name = 'UnreadableAuthorization';
}

const AUTHORIZATION_STATE_ABI = [
  {
    type: 'function',
    name: 'authorizationState',
    stateMutability: 'view',
    inputs: [
      { name: 'authorizer', type: 'address' },
      { name: 'nonce', type: 'bytes32' },
    ],
    outputs: [{ type: 'bool' }],
  },
] as const;

/**
 * EIP-3009 on an EVM chain: the token's `authorizationState(authorizer, nonce)`, read at the latest block together
 * with that block's time. The token refuses an authorization once `block.timestamp >= validBefore`, so one unused at a
 * block past its `validBefore` can never be used.
 */
export function evmAuthorizationLedger(rpcUrl: string): AuthorizationLedger {
  const client = createPublicClient({ transport: http(rpcUrl) });
  return {
    async stateOf(settlement) {
      const { asset, authorizer, nonce, validBefore, txHash } = settlement;
      if (!asset || !authorizer || !nonce)
        throw new UnreadableAuthorization(`claim ${settlement.paymentId} names no EIP-3009 authorization`);
      const block = await client.getBlock({ blockTag: 'latest' });
      const used = await client.readContract({
        address: asset as Address,
        abi: AUTHORIZATION_STATE_ABI,
        functionName: 'authorizationState',
        args: [authorizer as Address, nonce as Hex],
        blockNumber: block.number,
      });
      if (used) return { used: true, txHash };
      return { used: false, expired: validBefore !== null && block.timestamp >= validBefore };
    },
  };
}

/** What a Stacks chain answers about a transaction and an account (the sandbox ledger has this shape). */
export interface StacksTransactionLookup {
  /** The applied transaction, or undefined when it is not (yet) on chain. */
  getTransaction(txid: string): unknown;
  /** The next nonce the principal's next transaction must carry. */
  nextNonce(principal: string): bigint | Promise<bigint>;
}

/**
 * Stacks: the payer's signed transaction (its txid fixed before the broadcast) is used once applied. It can never be
 * once its sender's account nonce has moved past the transaction's nonce without it.
 */
export function stacksAuthorizationLedger(chain: StacksTransactionLookup): AuthorizationLedger {
  return {
    async stateOf(settlement) {
      const { authorizer, nonce, txHash } = settlement;
      if (!authorizer || !nonce || !txHash)
        throw new UnreadableAuthorization(`claim ${settlement.paymentId} names no Stacks transaction`);
      const nextNonce = await chain.nextNonce(authorizer);
      if (chain.getTransaction(txHash) !== undefined) return { used: true, txHash };
      return { used: false, expired: nextNonce > BigInt(nonce) };
    },
  };
}

/**
 * Solana: the payer signs a transaction only our facilitator's fee payer can complete, so it is charged once that
 * transaction lands; the facilitator records the transaction's signature on the claim before sending it. A
 * transaction the node never processed can never land once its recent blockhash expired; on a chain that lands on send
 * (the sandbox, whose blockhashes never expire) one it never processed was never sent. A transaction that landed
 * and failed moved nothing.
 */
export function solanaAuthorizationLedger(
  rpcUrl: string,
  { landsOnSend }: { readonly landsOnSend: boolean },
): AuthorizationLedger {
  const rpc = createSolanaRpc(rpcUrl);
  return {
    async stateOf(settlement) {
      const { txHash, lifetime } = settlement;
      // Never settled: only our fee payer can complete the payer's transaction, and it never signed it to send.
      if (!txHash && settlement.state === 'claimed')
        return { used: false, expired: landsOnSend || !(await blockhashValid(rpc, lifetime)) };
      if (!txHash)
        throw new UnreadableAuthorization(`claim ${settlement.paymentId} has no recorded Solana transaction signature`);
      const landing = await solanaLandingOf(rpc, txHash as Signature, landsOnSend ? null : lifetime);
      if (landing === 'pending') return { used: false, expired: false };
      if (landing === 'never' || landing.landed.meta?.err) return { used: false, expired: true };
      return { used: true, txHash };
    },
  };
}

async function blockhashValid(rpc: ReturnType<typeof createSolanaRpc>, blockhash: string | null): Promise<boolean> {
  return (
    blockhash !== null && (await rpc.isBlockhashValid(blockhash as Blockhash, { commitment: 'processed' }).send()).value
  );
}
