import { ServiceError } from '@svc/contracts';
import type { EvmNetwork } from '@svc/providers';
import { type Address, erc20Abi } from 'viem';
import { assetBalance, type AssetBalance } from '../balances/chain-balances.js';

/** The three reads that make a candidate a listed token: its balance, symbol and decimals. */
const READS = ['balanceOf', 'symbol', 'decimals'] as const;

/**
 * The discovered ERC-20s `owner` holds on `network` (the chain's known tokens excluded), each priced with the chain's
 * USD price source: `priced` with its `valueUsd`, or unpriced; `spam` when the price source has no route or pool for
 * it (no liquidity). Candidates that are not ERC-20s (a read reverts) or hold nothing are left out.
 */
export async function discoveredBalances(
  network: EvmNetwork,
  owner: Address,
  candidates: readonly Address[],
): Promise<AssetBalance[]> {
  const known = new Set(network.knownTokens.map((token) => token.address.toLowerCase()));
  const tokens = [...new Set(candidates)].filter((token) => !known.has(token.toLowerCase()));
  if (tokens.length === 0) return [];
  const contracts = tokens.flatMap((address) =>
    READS.map((functionName) => ({
      address,
      abi: erc20Abi,
      functionName,
      args: functionName === 'balanceOf' ? [owner] : [],
    })),
  );
  const results = await readEach(network, contracts);
  const held = tokens.flatMap((address, index) => {
    const [atomic, symbol, decimals] = results.slice(index * READS.length, (index + 1) * READS.length);
    if (typeof atomic !== 'bigint' || atomic === 0n || typeof decimals !== 'number') return [];
    // bytes32-symbol tokens (old MKR-style) fail the string read: the address stands in for the symbol.
    return [{ address, atomic, decimals, symbol: typeof symbol === 'string' ? symbol : address }];
  });
  return Promise.all(
    held.map(async (token) => ({
      ...assetBalance(token.symbol, token.address, token.atomic, token.decimals),
      ...(await pricing(network, token.address, token.atomic, token.decimals)),
    })),
  );
}

/** The value of a discovered holding, or why it has none: no liquidity is spam; an unreachable price source is not. */
async function pricing(network: EvmNetwork, token: Address, atomic: bigint, decimals: number) {
  try {
    const price = await network.priceUsd(token);
    const valueUsd = Math.round(price * (Number(atomic) / 10 ** decimals) * 100) / 100;
    return { priced: true, spam: false, valueUsd };
  } catch (error) {
    // The venues answer invalid_input (no_route, unknown_token) when nothing trades the token into USDC.
    return { priced: false, spam: error instanceof ServiceError && error.code === 'invalid_input' };
  }
}

type Read = { address: Address; abi: typeof erc20Abi; functionName: (typeof READS)[number]; args: readonly unknown[] };

/** Each read's result, or undefined when it reverted: one Multicall3 eth_call where the chain has it. */
async function readEach(network: EvmNetwork, contracts: readonly Read[]): Promise<unknown[]> {
  const client = network.publicClient;
  if (client.chain?.contracts?.multicall3) {
    const answers = (await client.multicall({ contracts: contracts as never, allowFailure: true })) as readonly (
      { status: 'success'; result: unknown } | { status: 'failure' }
    )[];
    return answers.map((answer) => (answer.status === 'success' ? answer.result : undefined));
  }
  const answers = await Promise.allSettled(contracts.map((read) => client.readContract(read as never)));
  return answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : undefined));
}
