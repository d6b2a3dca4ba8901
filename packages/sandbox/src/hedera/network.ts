import type { HederaNetwork } from '@svc/chains';
import type { HederaSandboxLedger } from './ledger.js';

/** The name sandbox answers read from the ledger carry as their `source` (live: the mirror node, SaucerSwap). */
const SOURCE = 'Sandbox Hedera ledger';

/**
 * The tools' view of the sandbox ledger: the same answers the mirror node and SaucerSwap give live. Each read is
 * reported to `recordRead` (the providers' provenance collector), so answers say where their data came from.
 */
export function sandboxHederaNetwork(ledger: HederaSandboxLedger, recordRead: (source: string) => void): HederaNetwork {
  const sdk = ledger.sdk;
  const read = <T>(value: T): T => {
    recordRead(SOURCE);
    return value;
  };
  return {
    caip2: 'hedera:mainnet',
    swapRouter: { routerId: ledger.routerId, whbarTokenId: ledger.whbarTokenId },
    sdk: async () => sdk,
    async account(ref) {
      const account = read(ledger.account(ref));
      if (!account) return undefined;
      return {
        accountId: account.accountId,
        evmAddress: account.evmAddress.toLowerCase(),
        hasKey: account.key !== null,
        tinybar: account.tinybar,
        tokens: [...account.tokens].map(([tokenId, balance]) => ({ tokenId, balance })),
      };
    },
    token: async (tokenId) => read(ledger.token(tokenId)),
    tokens: async () => read(ledger.tokens),
    pools: async () =>
      read(ledger.pools()).map(({ contractId, assets, reserves }) => ({ contractId, assets, reserves })),
    async execute(tx, payer, key) {
      const frozen = tx
        .setTransactionId(sdk.TransactionId.generate(payer))
        .setNodeAccountIds([sdk.AccountId.fromString(ledger.nodeAccountId)])
        .freeze();
      const record = ledger.submit((await frozen.sign(key)).toBytes());
      return {
        transactionId: record.transactionId,
        status: 'SUCCESS',
        consensusTimestamp: record.consensusTimestamp,
        feeTinybars: record.fee,
        transfers: record.transfers,
      };
    },
  };
}
