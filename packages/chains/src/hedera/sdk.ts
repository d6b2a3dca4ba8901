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
