/**
 * Staking and vaults on the sandbox perp exchange, held by the simulated traders: three validators they delegate
 * HYPE to (from their staking accounts; a delegation is locked for a day), and two vaults they deposit USDC in
 * (locked for four days). A vault is an account that trades like the simulated traders; a depositor's equity is its
 * share of the vault's account value. Every tick, a staker may delegate or undelegate and a depositor may add to a
 * vault.
 */
import { createHash } from 'node:crypto';
import { seededRandom } from '../market/prng.js';
import type { PerpAccount } from './accounts.js';

export interface ValidatorState {
  readonly address: string;
  readonly name: string;
  readonly commission: number;
}

export interface VaultState {
  readonly address: string;
  readonly name: string;
  readonly leader: string;
  readonly createTime: number;
  /** Depositor (lower case) → shares. */
  readonly shares: Record<string, number>;
  totalShares: number;
  /** Depositor → when its last deposit unlocks (ms). */
  readonly lockedUntil: Record<string, number>;
}

export interface Holders {
  readonly validators: ValidatorState[];
  readonly vaults: VaultState[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const DELEGATION_LOCK_MS = DAY_MS;
export const VAULT_LOCK_MS = 4 * DAY_MS;

const derivedAddress = (seed: string, what: string) =>
  `0x${createHash('sha256').update(`${seed}:perps:${what}`).digest('hex').slice(0, 40)}`;

export function seedHolders(
  holders: Holders,
  options: {
    seed: string;
    genesis: number;
    traders: readonly PerpAccount[];
    /** Credits a vault's account with its depositors' USDC. */
    vaultAccount: (address: string, deposits: number) => void;
  },
): void {
  const random = seededRandom(`${options.seed}:perps:holders`);
  holders.validators.push(
    ...['Sandbox Validator One', 'Sandbox Validator Two', 'Sandbox Validator Three'].map((name, index) => ({
      address: derivedAddress(options.seed, `validator:${index}`),
      name,
      commission: 0.03 + index * 0.02,
    })),
  );
  options.traders.forEach((trader, index) => {
    const hype = Math.round(100 + random() * 4900);
    trader.spot.HYPE = Math.round(hype * 0.2);
    trader.stakingUndelegated = Math.round(hype * 0.3);
    const validator = holders.validators[index % holders.validators.length]!;
    trader.delegations[validator.address] = {
      amount: hype - trader.spot.HYPE - trader.stakingUndelegated,
      lockedUntil: options.genesis,
    };
  });
  ['Sandbox Liquidity Provider', 'Sandbox Momentum'].forEach((name, index) => {
    const vault: VaultState = {
      address: derivedAddress(options.seed, `vault:${index}`),
      name,
      leader: options.traders[index]?.address ?? derivedAddress(options.seed, `leader:${index}`),
      createTime: options.genesis,
      shares: {},
      totalShares: 0,
      lockedUntil: {},
    };
    let deposits = 0;
    for (let depositor = 0; depositor < 4 && options.traders.length > 0; depositor++) {
      const address = options.traders[(index * 4 + depositor + 2) % options.traders.length]!.address;
      const usd = Math.round(20_000 + random() * 180_000);
      vault.shares[address] = (vault.shares[address] ?? 0) + usd;
      vault.totalShares += usd;
      vault.lockedUntil[address] = options.genesis + VAULT_LOCK_MS;
      deposits += usd;
    }
    options.vaultAccount(vault.address, deposits);
    holders.vaults.push(vault);
  });
}

/** One tick of the depositors: maybe a vault deposit, maybe a delegation or undelegation. */
export function simulateHolders(
  holders: Holders,
  options: {
    random: () => number;
    time: number;
    account: (address: string) => PerpAccount;
    /** The simulated traders' accounts, who stake. */
    stakers: readonly PerpAccount[];
    vaultValue: (vault: VaultState) => number;
  },
): void {
  const { random, time } = options;
  const vault = holders.vaults[Math.floor(random() * holders.vaults.length)];
  if (vault && random() < 0.05) {
    const depositors = Object.keys(vault.shares);
    const depositor = depositors[Math.floor(random() * depositors.length)];
    const value = options.vaultValue(vault);
    if (depositor && value > 0) {
      const usd = Math.round(1_000 + random() * 9_000);
      const shares = (usd / value) * vault.totalShares;
      vault.shares[depositor] = (vault.shares[depositor] ?? 0) + shares;
      vault.totalShares += shares;
      vault.lockedUntil[depositor] = time + VAULT_LOCK_MS;
      const account = options.account(vault.address);
      account.cash += usd;
      account.netDeposits += usd;
    }
  }
  const staker = options.stakers[Math.floor(random() * options.stakers.length)];
  const validator = holders.validators[Math.floor(random() * holders.validators.length)];
  if (staker && validator && random() < 0.05) {
    const delegation = (staker.delegations[validator.address] ??= { amount: 0, lockedUntil: time });
    const amount = Math.round(1 + random() * 49);
    if (random() < 0.6 && staker.stakingUndelegated >= amount) {
      staker.stakingUndelegated -= amount;
      delegation.amount += amount;
      delegation.lockedUntil = time + DELEGATION_LOCK_MS;
    } else if (delegation.lockedUntil <= time && delegation.amount >= amount) {
      delegation.amount -= amount;
      staker.stakingUndelegated += amount;
    }
    if (delegation.amount === 0) delete staker.delegations[validator.address];
  }
}
