import { HederaLedgerError, type HederaNetwork, type HederaSdk, loadHederaSdk } from '@svc/chains';
import { notConfigured, ServiceError } from '@svc/contracts';
import { upstreamClient } from '../upstream/index.js';
import { LiveHederaMirrorNode } from './mirror-node.js';
import { LiveSaucerSwap, SAUCERSWAP_SETTING } from './saucerswap.js';

/** The setting that names the live Hedera network (mainnet or testnet). */
export const HEDERA_NETWORK_SETTING = 'HEDERA_NETWORK';

/**
 * Submitting and awaiting the receipt takes a few seconds at consensus; past this the call is reported failed (the
 * transaction may still reach consensus: the mirror node has it under its id).
 */
const EXECUTE_TIMEOUT_MS = 20_000;

/** The settings of live Hedera (environment variables of the same names). */
export interface LiveHederaSettings {
  /** HEDERA_NETWORK: mainnet or testnet (@hashgraph/sdk's Client.forName). Without it Hedera tools answer 503. */
  readonly HEDERA_NETWORK?: string | undefined;
  /** HEDERA_MIRROR_URL: mirror node origin; default the network's public mirror node. */
  readonly HEDERA_MIRROR_URL?: string | undefined;
  /** SAUCERSWAP_API_URL: default https://api.saucerswap.finance (mainnet). */
  readonly SAUCERSWAP_API_URL?: string | undefined;
  /** SAUCERSWAP_API_KEY: needed for token discovery, quotes and swaps (503 naming it otherwise). */
  readonly SAUCERSWAP_API_KEY?: string | undefined;
  /** HEDERA_SWAP_ROUTER_ID / HEDERA_WHBAR_TOKEN_ID: SaucerSwap V1 router and WHBAR; mainnet defaults below. */
  readonly HEDERA_SWAP_ROUTER_ID?: string | undefined;
  readonly HEDERA_WHBAR_TOKEN_ID?: string | undefined;
  /** MEMEJOB_CONTRACT_ID: the memejob launchpad; default its published deployment on the network (./memejob.ts). */
  readonly MEMEJOB_CONTRACT_ID?: string | undefined;
}

/** Public endpoints and SaucerSwap V1's contracts per network; testnet has no known V1 router, so it must be set. */
const NETWORK_DEFAULTS: Record<
  string,
  { mirror: string; saucerswap?: string; routerId?: string; whbarTokenId?: string }
> = {
  mainnet: {
    mirror: 'https://mainnet-public.mirrornode.hedera.com',
    saucerswap: 'https://api.saucerswap.finance',
    routerId: '0.0.3045981',
    whbarTokenId: '0.0.1456986',
  },
  testnet: { mirror: 'https://testnet.mirrornode.hedera.com' },
};

/**
 * The network HEDERA_NETWORK names, its defaults and its mirror node (HEDERA_MIRROR_URL or the public one); undefined
 * without the setting.
 */
export function namedHederaNetwork(settings: LiveHederaSettings) {
  const name = settings.HEDERA_NETWORK;
  if (!name) return undefined;
  const defaults = NETWORK_DEFAULTS[name];
  if (!defaults)
    throw new ServiceError('not_configured', `${HEDERA_NETWORK_SETTING} must be mainnet or testnet, not "${name}".`, {
      extra: { setting: HEDERA_NETWORK_SETTING },
    });
  return { name, defaults, mirror: new LiveHederaMirrorNode(settings.HEDERA_MIRROR_URL ?? defaults.mirror) };
}

/**
 * Live Hedera for the tools: reads from the mirror node, the venue's tokens and pools from SaucerSwap's REST API,
 * and transactions (signed by the vault key, the vault paying) submitted with @hashgraph/sdk's Client for the named
 * network; it needs no operator account. Undefined without HEDERA_NETWORK, so Hedera tools answer 503 naming it.
 */
export function liveHederaNetwork(settings: LiveHederaSettings): (() => Promise<HederaNetwork>) | undefined {
  const named = namedHederaNetwork(settings);
  if (!named) return undefined;
  const { name, defaults, mirror } = named;
  const required = (value: string | undefined, setting: string, what: string) => {
    if (!value) throw notConfigured(setting, what);
    return value;
  };
  const swapRouter = () => ({
    routerId: required(
      settings.HEDERA_SWAP_ROUTER_ID ?? defaults.routerId,
      'HEDERA_SWAP_ROUTER_ID',
      `The SaucerSwap V1 router on ${name}`,
    ),
    whbarTokenId: required(
      settings.HEDERA_WHBAR_TOKEN_ID ?? defaults.whbarTokenId,
      'HEDERA_WHBAR_TOKEN_ID',
      `WHBAR on ${name}`,
    ),
  });
  const venue = () =>
    new LiveSaucerSwap(
      required(settings.SAUCERSWAP_API_URL ?? defaults.saucerswap, 'SAUCERSWAP_API_URL', `SaucerSwap's API on ${name}`),
      required(settings.SAUCERSWAP_API_KEY, SAUCERSWAP_SETTING.setting, SAUCERSWAP_SETTING.provider),
      swapRouter().whbarTokenId,
    );
  let client: InstanceType<HederaSdk['Client']> | undefined;

  const network: HederaNetwork = {
    caip2: `hedera:${name}`,
    get swapRouter() {
      return swapRouter();
    },
    sdk: loadHederaSdk,
    account: (ref) => mirror.account(ref),
    token: (tokenId) => mirror.token(tokenId),
    tokens: async () => venue().tokens(),
    pools: async () => venue().pools(),
    async execute(tx, payer, key) {
      const sdk = await loadHederaSdk();
      client ??= sdk.Client.forName(name);
      const onNetwork = client;
      const signed = await tx.setTransactionId(sdk.TransactionId.generate(payer)).freezeWith(onNetwork).sign(key);
      const isLedgerAnswer = (
        error: unknown,
      ): error is InstanceType<HederaSdk['PrecheckStatusError'] | HederaSdk['ReceiptStatusError']> =>
        error instanceof sdk.PrecheckStatusError || error instanceof sdk.ReceiptStatusError;
      // Sent once: a submission whose answer was lost may have reached consensus. The network's own refusals
      // (precheck, receipt status) are its answer, not a failure of the network.
      const { response, receipt } = await upstreamClient('hederaNetwork')
        .run(
          async () => {
            const response = await signed.execute(onNetwork);
            return { response, receipt: await response.getReceipt(onNetwork) };
          },
          {
            what: 'transaction submission',
            idempotent: false,
            isTransient: (error) => !isLedgerAnswer(error),
            timeoutMs: EXECUTE_TIMEOUT_MS,
          },
        )
        .catch((error: unknown) => {
          if (isLedgerAnswer(error)) throw new HederaLedgerError(error.status.toString(), error.message);
          throw error;
        });
      // The receipt carries no timestamp, fee or transfers: the mirror node has them under the transaction id.
      return {
        transactionId: response.transactionId.toString(),
        status: receipt.status.toString(),
        consensusTimestamp: null,
        feeTinybars: null,
        transfers: null,
      };
    },
  };
  return async () => network;
}
