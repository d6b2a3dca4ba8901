/**
 * The sandbox launchpads, one per chain that has one: a four.meme-style bonding-curve manager on BSC (56,
 * SandboxBondingManager) and a Clanker-style token factory on Base (8453, SandboxTokenFactory). Each sits at a fixed
 * address beside the chain's market, is initialised with the market's router and wrapped coin, and starts with a few
 * launches by the sandbox market maker (the crowd), so the discovery tools list something on a fresh chain.
 */
import { parseAbi, parseEther, type Address, type Hash, type Hex } from 'viem';
import { SANDBOX_BONDING_MANAGER_ARTIFACT, SANDBOX_TOKEN_FACTORY_ARTIFACT } from './artifacts.js';
import { sandboxAddress } from './sandbox-address.js';

export const SANDBOX_BONDING_MANAGER_ADDRESS = sandboxAddress('SandboxBondingManager');
export const SANDBOX_TOKEN_FACTORY_ADDRESS = sandboxAddress('SandboxTokenFactory');

/** The launchpad contract of a sandbox chain. */
export interface SandboxLaunchpad {
  /** bonding: four.meme-style curve manager (BSC); factory: Clanker-style token factory (Base). */
  readonly kind: 'bonding' | 'factory';
  readonly address: Address;
}

/** The launchpad on sandbox chain `chainId`, or null when that chain has none. */
export function sandboxLaunchpadOf(chainId: number): SandboxLaunchpad | null {
  if (chainId === 56) return { kind: 'bonding', address: SANDBOX_BONDING_MANAGER_ADDRESS };
  if (chainId === 8453) return { kind: 'factory', address: SANDBOX_TOKEN_FACTORY_ADDRESS };
  return null;
}

/** The code to place for the chain's launchpad (none without one). */
export function launchpadPlacements(chainId: number): [Address, Hex][] {
  const launchpad = sandboxLaunchpadOf(chainId);
  if (!launchpad) return [];
  const artifact = launchpad.kind === 'bonding' ? SANDBOX_BONDING_MANAGER_ARTIFACT : SANDBOX_TOKEN_FACTORY_ARTIFACT;
  return [[launchpad.address, artifact.deployedBytecode]];
}

export const LAUNCHPAD_SEED_ABI = parseAbi([
  'function initialize(address router, address wrapped)',
  'function router() view returns (address)',
  'function createToken(string name, string symbol, uint8 label) payable returns (address)',
  'function deployToken(string name, string symbol, string image, uint16 creatorRewardBps) payable returns (address, address)',
]);

/** Launches seeded on a fresh chain: name, symbol, label index (bonding) and the native coin put in. */
const BONDING_SEED = [
  { name: 'Sandbox Doge Rocket', symbol: 'SDROCK', label: 3, value: '2' },
  { name: 'Sandbox Agent', symbol: 'SAGENT', label: 0, value: '12' },
  { name: 'Sandbox Quest', symbol: 'SQUEST', label: 2, value: '0.5' },
] as const;
const FACTORY_SEED = [
  { name: 'Sandbox Based Cat', symbol: 'SBCAT', image: 'ipfs://sandbox/sbcat.png', value: '5' },
  { name: 'Sandbox Summer', symbol: 'SSUMMER', image: 'ipfs://sandbox/ssummer.png', value: '1' },
] as const;
/** Gas for a launch: it deploys a token (and on Base a pool) with `new`. */
export const LAUNCH_GAS = 5_000_000n;
/** The creator's share of pool fees on the seeded factory launches (Clanker's default split gives creators 80%). */
const SEED_CREATOR_REWARD_BPS = 8_000;

export interface LaunchpadSeedAccess {
  readonly write: (
    address: Address,
    abi: readonly unknown[],
    functionName: string,
    args: readonly unknown[],
    value?: bigint,
    gas?: bigint,
  ) => Promise<Hash>;
  readonly read: (address: Address) => Promise<Address>;
  /** Gives the market maker `atomic` more of the native coin (it pays the seeded launches). */
  readonly topUpMaker: (atomic: bigint) => Promise<void>;
  readonly confirm: (hashes: Hash[]) => Promise<void>;
}

/**
 * Initialises the chain's launchpad and makes its seed launches, once: skipped when the launchpad already knows its
 * router (a restored state file).
 */
export async function seedLaunchpad(
  chainId: number,
  market: { readonly router: Address; readonly wrapped: Address },
  access: LaunchpadSeedAccess,
): Promise<void> {
  const launchpad = sandboxLaunchpadOf(chainId);
  if (!launchpad) return;
  if ((await access.read(launchpad.address)) !== '0x0000000000000000000000000000000000000000') return;
  const seeds =
    launchpad.kind === 'bonding'
      ? BONDING_SEED.map((s) => ({ fn: 'createToken', args: [s.name, s.symbol, s.label], value: parseEther(s.value) }))
      : FACTORY_SEED.map((s) => ({
          fn: 'deployToken',
          args: [s.name, s.symbol, s.image, SEED_CREATOR_REWARD_BPS],
          value: parseEther(s.value),
        }));
  await access.topUpMaker(seeds.reduce((sum, seed) => sum + seed.value, 0n));
  const hashes = [
    await access.write(launchpad.address, LAUNCHPAD_SEED_ABI, 'initialize', [market.router, market.wrapped]),
  ];
  for (const seed of seeds)
    hashes.push(await access.write(launchpad.address, LAUNCHPAD_SEED_ABI, seed.fn, seed.args, seed.value, LAUNCH_GAS));
  await access.confirm(hashes);
}
