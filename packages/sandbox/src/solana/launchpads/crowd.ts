/**
 * The launchpads' simulated crowd: deterministic wallets (secret seed sha256("svc.sandbox.solana.launchpad-crowd:N"))
 * that launch and trade a few tokens when a new sandbox Solana chain opens, so the discovery lists have tokens at
 * every stage: a pump token that graduated to the swap venue, one about to graduate, a fresh one, a LaunchLab (pad)
 * token and a service-launchpad token with fee sharing. The market simulator keeps them trading
 * ({@link crowdTrade}). Every launch and trade is a real signed transaction through the launchpads.
 */
import { createHash } from 'node:crypto';
import { createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner, signTransaction } from '@solana/kit';
import { curveFromTargets, PUMP_CURVE } from '@svc/chains';
import { type LaunchpadKind, type SandboxLaunchpads } from './launchpads.js';

const LAMPORTS_PER_SOL = 1_000_000_000n;
const CROWD_SIZE = 40;
const CROWD_FUNDING = 500n * LAMPORTS_PER_SOL;
const HOUR = 3_600;

/** Raydium LaunchLab's defaults (createPadToken): 85 SOL raised, 80% sold on the curve, 20% migrated, 1B supply. */
export const PAD_DEFAULTS = { solRaised: 85, bondingCurve: 80, poolMigration: 20, tokenSupply: '1000000000' } as const;

export const padCurve = (targets: {
  solRaised: number;
  bondingCurve: number;
  poolMigration: number;
  tokenSupply: string;
}) =>
  curveFromTargets({
    tokenSupply: BigInt(targets.tokenSupply),
    targetSol: targets.solRaised,
    curvePercent: targets.bondingCurve,
    migrationPercent: targets.poolMigration,
    protocolFeeBps: 100n,
    creatorFeeBps: 0n,
  });

/** The service launchpad's curve: 1B tokens, 80% sold until 85 SOL are raised, 20% migrated; 0.5% + 0.5% fees. */
export const SVC_CURVE = curveFromTargets({
  tokenSupply: 1_000_000_000n,
  targetSol: 85,
  curvePercent: 80,
  migrationPercent: 20,
  protocolFeeBps: 50n,
  creatorFeeBps: 50n,
});

interface CrowdLaunch {
  readonly kind: LaunchpadKind;
  readonly name: string;
  readonly symbol: string;
  readonly ageSeconds: number;
  readonly buyers: number;
  /** SOL the crowd spends on it in all (more than the curve holds: it graduates). */
  readonly solSpent: number;
  readonly sellers: number;
}

const LAUNCHES: readonly CrowdLaunch[] = [
  {
    kind: 'pump',
    name: 'Graduated Gecko',
    symbol: 'GECKO',
    ageSeconds: 6 * HOUR,
    buyers: 36,
    solSpent: 120,
    sellers: 0,
  },
  { kind: 'pump', name: 'Almost Moon', symbol: 'AMOON', ageSeconds: 2 * HOUR, buyers: 34, solSpent: 62, sellers: 3 },
  { kind: 'pump', name: 'Fresh Frog', symbol: 'FROG', ageSeconds: 600, buyers: 6, solSpent: 3, sellers: 1 },
  { kind: 'pad', name: 'Bonk Pup', symbol: 'BPUP', ageSeconds: 3 * HOUR, buyers: 12, solSpent: 20, sellers: 2 },
  { kind: 'svc', name: 'Service Sprout', symbol: 'SPRT', ageSeconds: HOUR, buyers: 8, solSpent: 10, sellers: 1 },
];

const crowdWallet = (index: number): Promise<KeyPairSigner> =>
  createKeyPairSignerFromPrivateKeyBytes(
    new Uint8Array(createHash('sha256').update(`svc.sandbox.solana.launchpad-crowd:${index}`).digest()),
  );

async function land(
  launchpads: SandboxLaunchpads,
  wallet: KeyPairSigner,
  transaction: Parameters<typeof signTransaction>[1],
) {
  const result = await launchpads.submit(await signTransaction([wallet.keyPair], transaction));
  if (!result.landed || result.err) throw new Error(`crowd transaction failed: ${JSON.stringify(result.err)}`);
}

/** Launches and trades the crowd's tokens, unless the ledger has launchpad tokens already (a persisted ledger). */
export async function seedLaunchpadCrowd(
  launchpads: SandboxLaunchpads,
  airdrop: (owner: KeyPairSigner['address'], lamports: bigint) => void,
): Promise<void> {
  if ((await launchpads.tokens()).length > 0) return;
  const wallets = await Promise.all(Array.from({ length: CROWD_SIZE }, (_, index) => crowdWallet(index)));
  for (const wallet of wallets) airdrop(wallet.address, CROWD_FUNDING);
  const now = Math.floor(Date.now() / 1000);
  for (const [index, plan] of LAUNCHES.entries()) {
    const creator = wallets[index] as KeyPairSigner;
    const params = plan.kind === 'pump' ? PUMP_CURVE : plan.kind === 'pad' ? padCurve(PAD_DEFAULTS) : SVC_CURVE;
    const { transaction, mint } = await launchpads.launchTransaction({
      kind: plan.kind,
      creator: creator.address,
      metadata: { name: plan.name, symbol: plan.symbol, description: `${plan.name}, launched by the sandbox crowd` },
      params,
      devBuyLamports: LAMPORTS_PER_SOL / 2n,
      mintSeed: `crowd:${plan.symbol}`,
      createdAt: now - plan.ageSeconds,
      feeSharing:
        plan.kind === 'svc'
          ? [
              { address: creator.address, bps: 7_000 },
              { address: (wallets[CROWD_SIZE - 1] as KeyPairSigner).address, bps: 3_000 },
            ]
          : null,
    });
    await land(launchpads, creator, transaction);
    const perBuyer = BigInt(Math.round((plan.solSpent / plan.buyers) * 1e9));
    for (let buyer = 0; buyer < plan.buyers; buyer++) {
      const token = await launchpads.token(mint);
      if (!token || token.graduatedAt !== null) break;
      const wallet = wallets[(index + 1 + buyer) % CROWD_SIZE] as KeyPairSigner;
      const { transaction: buy } = await launchpads.buyTransaction(mint, wallet.address, perBuyer, 0n);
      await land(launchpads, wallet, buy);
    }
    for (let seller = 0; seller < plan.sellers; seller++)
      await crowdSell(launchpads, wallets[index + 1 + seller] as KeyPairSigner, mint);
  }
}

async function crowdSell(launchpads: SandboxLaunchpads, wallet: KeyPairSigner, mint: KeyPairSigner['address']) {
  const holding = (await launchpads.token(mint))?.holders.find((holder) => holder.owner === wallet.address);
  if (!holding || holding.amount < 4n) return;
  const { transaction } = await launchpads.sellTransaction(mint, wallet.address, holding.amount / 4n, 0n);
  await land(launchpads, wallet, transaction);
}

/**
 * One crowd trade for the market simulator: wallet `turn` (mod the crowd) buys a little of a token still on its
 * curve, or sells a quarter of what it holds, chosen by `turn` so a run is deterministic. Resolves with the mint.
 */
export async function crowdTrade(launchpads: SandboxLaunchpads, turn: number): Promise<string | undefined> {
  const onCurve = (await launchpads.tokens()).filter((token) => token.graduatedAt === null);
  if (onCurve.length === 0) return undefined;
  const token = onCurve[turn % onCurve.length]!;
  const wallet = await crowdWallet(turn % CROWD_SIZE);
  if (turn % 3 === 2 && token.holders.some((holder) => holder.owner === wallet.address)) {
    await crowdSell(launchpads, wallet, token.mint);
    return token.mint;
  }
  // Small buys: the crowd keeps lists moving without pushing every token to graduation.
  const { transaction } = await launchpads.buyTransaction(token.mint, wallet.address, LAMPORTS_PER_SOL / 10n, 0n);
  await land(launchpads, wallet, transaction);
  return token.mint;
}
