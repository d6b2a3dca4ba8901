import type { UnfinishedSettlement } from '@svc/store';
import { type Address, createPublicClient, type Hex, http } from 'viem';

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
      if (!asset || !authorizer || !nonce) throw new UnreadableAuthorization(`claim ${settlement.paymentId} names no EIP-3009 authorization`);
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
      if (!authorizer || !nonce || !txHash) throw new UnreadableAuthorization(`claim ${settlement.paymentId} names no Stacks transaction`);
      const nextNonce = await chain.nextNonce(authorizer);
      if (chain.getTransaction(txHash) !== undefined) return { used: true, txHash };
      return { used: false, expired: nextNonce > BigInt(nonce) };
    },
  };
}
