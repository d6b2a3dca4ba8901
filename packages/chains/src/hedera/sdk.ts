/**
 * `@hashgraph/sdk` loads in about 1.3 s (protobufs, gRPC), so it is imported on first use: a gateway or a test file
 * that never touches Hedera never pays for it.
 */
export type HederaSdk = typeof import('@hashgraph/sdk');

let loading: Promise<HederaSdk> | undefined;

export function loadHederaSdk(): Promise<HederaSdk> {
  loading ??= import('@hashgraph/sdk');
  return loading;
}

// Types for packages that get the SDK's classes through loadHederaSdk() or HederaNetwork.sdk() rather than import it.
export type { PrivateKey as HederaPrivateKey, Transaction as HederaTransaction } from '@hashgraph/sdk';
