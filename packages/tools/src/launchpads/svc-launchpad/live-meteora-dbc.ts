import { invalidField, notConfigured, ServiceError } from '@svc/contracts';
import {
  claimCreatorTradingFeeInstruction,
  claimDfsFeeInstruction,
  type DbcPoolAccounts,
  type DbcPoolConfig,
  dbcBuyInstruction,
  dbcPoolAccounts,
  dbcPoolAddress,
  type DbcVirtualPool,
  decodeDbcPoolConfig,
  decodeDbcVirtualPool,
  decodeDfsFeeVault,
  DFS_MAX_USERS,
  DFS_PROGRAM_ADDRESS,
  dfsClaimable,
  dfsFeeVaultAddress,
  type DfsFeeVault,
  dfsIndexesOf,
  fundDfsByClaimingDbcCreatorFeeInstruction,
  initializeDbcPoolInstruction,
  initializeDfsFeeVaultInstruction,
  recordRead,
  type SolanaChain,
  SVC_LAUNCHPAD_PROVIDER,
  SVC_LAUNCHPAD_SETTINGS,
  type SvcLaunchpadSettings,
  svmSecretKeyBytes,
  transferDbcPoolCreatorInstruction,
  WRAPPED_SOL_MINT,
} from '@svc/providers';
import {
  type Address,
  address,
  createKeyPairSignerFromBytes,
  createNoopSigner,
  generateKeyPairSigner,
  getBase64Encoder,
  type Instruction,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { getBurnCheckedInstruction, getCloseAccountInstruction, getSyncNativeInstruction } from '@solana-program/token';
import type { CurveBuyQuote, CurveToken, LaunchRequest } from '../../ports/solana-launchpads.js';
import { accountOnlyProfile, ZERO_TRADE_STATISTICS } from '../solana/account-only-token.js';
import {
  ataOf,
  createAtaIdempotent,
  memoInstruction,
  partlySigned,
  simulated,
  temporaryWsolAccount,
  tokenAccountAmount,
} from './meteora-dbc-transactions.js';

export const METEORA_DBC_SOURCE = "Meteora Dynamic Bonding Curve (the service's launchpad, Solana RPC)";
const LAMPORTS_PER_SOL = 1e9;
/** Metaplex token metadata holds a URI of at most 200 bytes. */
const MAX_URI_BYTES = 200;
/** Rent-paying sizes of a launch: mint, pool, two pool vaults, Metaplex metadata, fee vault and its token vault. */
const LAUNCH_ACCOUNT_SIZES = [82n, 8n + 416n, 165n, 165n, 679n, 8n + 640n, 165n];
/** Fees of a launch: up to four signatures over its two transactions. */
const LAUNCH_SIGNATURE_FEES = 4n * 5_000n;
/** The sponsor's memo on a launch it paid, naming the creator: the sponsor quota counts these on chain. */
const sponsoredMemo = (creator: string) => `svc-launchpad:sponsored:${creator}`;

/** The service launchpad's parts of the live Solana launchpads, on Meteora DBC under the operator's pool config. */
export interface MeteoraDbcLaunchpad {
  /** The svc token of `mint`; undefined when it has no pool under the config (or, with `required` false, none is set). */
  token(mint: string, required: boolean): Promise<CurveToken | undefined>;
  /** Whether `mint` has a pool under the config (false when none is set). */
  owns(mint: string): Promise<boolean>;
  launchCostLamports(): Promise<bigint>;
  sponsorQuotaLeft(creator: string): Promise<number>;
  launchTransaction(
    request: LaunchRequest,
  ): Promise<{ transaction: Transaction; mint: string; devBuy?: CurveBuyQuote; setup?: Transaction }>;
  burnTransaction(mint: string, owner: string, tokens: bigint): Promise<Transaction>;
  claimSharedFeesTransaction(
    mint: string,
    recipient: string,
  ): Promise<{ transaction: Transaction; lamports: bigint; swept: bigint }>;
}

/** A pool under the config and who stands behind its creator's fees. */
interface SvcPool {
  readonly pool: DbcVirtualPool;
  /** The fee-sharing vault when the creator's fees are shared (the pool's creator is then the vault). */
  readonly feeVault: DfsFeeVault | undefined;
  /** The token's creator: the pool's creator, or the owner recorded in its fee-sharing vault. */
  readonly creator: Address;
}

/**
 * The service launchpad on Meteora's Dynamic Bonding Curve over SOLANA_RPC_URL, under the operator's pool config
 * (SVC_LAUNCHPAD_DBC_CONFIG; 503 naming it when unset). Fee-sharing recipients become the holders of a Meteora
 * Dynamic Fee Sharing vault that is made the pool's creator; a claim sweeps the pool's creator fees into it and pays
 * the caller's share. Sponsored launches are paid by SVC_LAUNCHPAD_SPONSOR_KEY's wallet (503 naming it when unset).
 */
export function liveMeteoraDbcLaunchpad(chain: SolanaChain, settings: SvcLaunchpadSettings): MeteoraDbcLaunchpad {
  const rpc = () => chain.rpc();
  const configAddress = () => {
    if (!settings.dbcConfig) throw notConfigured(SVC_LAUNCHPAD_SETTINGS.dbcConfig, SVC_LAUNCHPAD_PROVIDER);
    return address(settings.dbcConfig);
  };
  const accountOf = async (account: Address) => {
    recordRead(METEORA_DBC_SOURCE);
    const { value } = await rpc().getAccountInfo(account, { encoding: 'base64' }).send();
    return value ? { owner: value.owner, data: new Uint8Array(getBase64Encoder().encode(value.data[0])) } : undefined;
  };
  let config: Promise<DbcPoolConfig> | undefined;
  /** The operator's pool config (read once: a DBC config does not change); it must suit the launchpad. */
  const poolConfig = () =>
    (config ??= (async () => {
      const account = await accountOf(configAddress());
      const decoded = account && decodeDbcPoolConfig(account.data);
      if (!decoded || decoded.quoteMint !== WRAPPED_SOL_MINT || decoded.tokenType !== 0 || decoded.collectFeeMode !== 0)
        throw new ServiceError(
          'not_configured',
          `${SVC_LAUNCHPAD_SETTINGS.dbcConfig} must name a DBC pool config that is SOL-quoted, launches SPL tokens and collects fees in SOL.`,
          { extra: { setting: SVC_LAUNCHPAD_SETTINGS.dbcConfig } },
        );
      return decoded;
    })().catch((error: unknown) => {
      config = undefined;
      throw error;
    }));

  const svcPool = async (mint: Address): Promise<SvcPool | undefined> => {
    const account = await accountOf(await dbcPoolAddress(configAddress(), mint));
    if (!account) return undefined;
    const pool = decodeDbcVirtualPool(account.data);
    const creatorAccount = await accountOf(pool.creator);
    const feeVault = creatorAccount?.owner === DFS_PROGRAM_ADDRESS ? decodeDfsFeeVault(creatorAccount.data) : undefined;
    return { pool, feeVault, creator: feeVault?.owner ?? pool.creator };
  };

  const sponsor = (() => {
    let signer: Promise<KeyPairSigner> | undefined;
    return () => {
      if (!settings.sponsorKey) throw notConfigured(SVC_LAUNCHPAD_SETTINGS.sponsorKey, 'Sponsored launches');
      return (signer ??= createKeyPairSignerFromBytes(svmSecretKeyBytes(settings.sponsorKey)));
    };
  })();

  async function tokenView(mint: Address, found: SvcPool): Promise<CurveToken> {
    const params = await poolConfig();
    const { pool } = found;
    const [known, supply, prices] = await Promise.all([
      chain.market().tokensByMint([mint]),
      rpc().getTokenSupply(mint).send(),
      chain.market().pricesUsd(['SOL']),
    ]);
    const meta = known.get(mint);
    const solUsd = prices.get('SOL')?.priceUsd ?? 0;
    // sqrt_price is Q64.64 of quote atoms per base atom.
    const priceAtoms = (Number(pool.sqrtPrice) / 2 ** 64) ** 2;
    const priceSol = (priceAtoms * 10 ** params.tokenDecimals) / LAMPORTS_PER_SOL;
    const wholeSupply = Number(supply.value.amount) / 10 ** params.tokenDecimals;
    const graduated = pool.isMigrated || pool.curveFinished;
    const realSol = Number(pool.quoteReserve) / LAMPORTS_PER_SOL;
    const shares = found.feeVault && sharesOf(found.feeVault);
    return {
      launchpad: 'svc',
      mint,
      ...accountOnlyProfile(mint, meta),
      creator: found.creator,
      createdAt: params.activationType === 1 ? Number(pool.activationPoint) : 0,
      lastTradeAt: 0,
      decimals: params.tokenDecimals,
      supply: wholeSupply,
      graduated,
      graduatedAt: null,
      curvePercent: graduated
        ? 100
        : Math.min(100, (Number(pool.quoteReserve) / Number(params.migrationQuoteThreshold)) * 100),
      realSol,
      targetSol: Number(params.migrationQuoteThreshold) / LAMPORTS_PER_SOL,
      priceSol,
      priceUsd: priceSol * solUsd,
      marketCapUsd: priceSol * solUsd * wholeSupply,
      liquidityUsd: 2 * realSol * solUsd,
      ...ZERO_TRADE_STATISTICS,
      feeSharing: shares ?? null,
    };
  }

  return {
    async token(mint, required) {
      if (!settings.dbcConfig && !required) return undefined;
      const found = await svcPool(address(mint));
      return found && tokenView(address(mint), found);
    },

    async owns(mint) {
      if (!settings.dbcConfig) return false;
      return (await accountOf(await dbcPoolAddress(configAddress(), address(mint)))) !== undefined;
    },

    async launchCostLamports() {
      const params = await poolConfig();
      const rents = await Promise.all(
        LAUNCH_ACCOUNT_SIZES.map((size) => rpc().getMinimumBalanceForRentExemption(size).send()),
      );
      return rents.reduce((sum, rent) => sum + rent, 0n) + params.poolCreationFee + LAUNCH_SIGNATURE_FEES;
    },

    async sponsorQuotaLeft(creator) {
      const payer = await sponsor();
      if (settings.sponsoredLaunchesPerCreator <= 0) return 0;
      recordRead(METEORA_DBC_SOURCE);
      // The sponsor's latest 1,000 transactions: its launch memos name the creators it paid for.
      const signatures = await rpc().getSignaturesForAddress(payer.address, { limit: 1000 }).send();
      const used = signatures.filter(
        (entry) => entry.err === null && entry.memo?.includes(sponsoredMemo(creator)) === true,
      ).length;
      return Math.max(0, settings.sponsoredLaunchesPerCreator - used);
    },

    async launchTransaction(request) {
      await poolConfig();
      const creator = address(request.creator);
      const uri = request.metadata.imageUri ?? '';
      if (Buffer.byteLength(uri, 'utf8') > MAX_URI_BYTES)
        throw invalidField('fileUrl', 'too_big', `a token's metadata URI holds at most ${MAX_URI_BYTES} bytes`);
      const holders = feeVaultHolders(creator, request.feeSharing);
      const mint = await generateKeyPairSigner();
      const pool = await dbcPoolAccounts(configAddress(), mint.address);
      const payerSigner = request.sponsored ? await sponsor() : undefined;
      const payer = payerSigner?.address ?? creator;
      const feeVault = holders && (await dfsFeeVaultAddress(mint.address));
      const instructions: Instruction[] = [
        await initializeDbcPoolInstruction({
          pool,
          creator,
          payer,
          name: request.metadata.name,
          symbol: request.metadata.symbol,
          uri,
        }),
      ];
      if (feeVault)
        instructions.push(
          await transferDbcPoolCreatorInstruction({
            pool: pool.pool,
            config: pool.config,
            creator,
            newCreator: feeVault,
          }),
        );
      if (request.sponsored) instructions.push(memoInstruction(sponsoredMemo(creator)));
      const signers = [mint, ...(payerSigner ? [payerSigner] : [])];
      const creatorTokens = await ataOf(creator, mint.address);
      if (request.devBuyLamports > 0n) instructions.push(...(await devBuyInstructions(creator, pool, request)));
      const transaction = await partlySigned(rpc(), payer, instructions, signers);
      // The launch is simulated first: it is refused here if it would fail, and the developer buy's fill is known.
      const [poolAfter, tokensAfter] = await simulated(rpc(), transaction, [pool.pool, creatorTokens]);
      const setup =
        holders &&
        (await partlySigned(
          rpc(),
          payer,
          [await initializeDfsFeeVaultInstruction({ base: mint.address, owner: creator, payer, users: holders })],
          signers,
        ));
      // The fee vault's setup goes first after payment: it is simulated too, so that a setup the cluster would refuse
      // is refused here, before payment, rather than leave a paid launch unsent.
      if (setup) await simulated(rpc(), setup, []);
      return {
        transaction,
        mint: mint.address,
        ...(setup ? { setup } : {}),
        ...(request.devBuyLamports > 0n
          ? { devBuy: devBuyFill(request.devBuyLamports, poolAfter, tokenAccountAmount(tokensAfter)) }
          : {}),
      };
    },

    async burnTransaction(mint, owner, tokens) {
      const found = await svcPool(address(mint));
      if (!found) throw new ServiceError('not_found', `${mint} is not a token of the service's launchpad.`);
      if (found.creator !== owner)
        throw new ServiceError(
          'not_holder',
          `only the creator of ${mint} (${found.creator}) may burn it here. Nothing was burned.`,
        );
      const account = await ataOf(address(owner), address(mint));
      const held = (
        await rpc()
          .getTokenAccountBalance(account)
          .send()
          .catch(() => undefined)
      )?.value.amount;
      if (BigInt(held ?? '0') < tokens)
        throw invalidField(
          'amount',
          'insufficient_funds',
          `the creator holds ${held ?? 0} atomic units, fewer than ${tokens}. Nothing was sent.`,
        );
      const { tokenDecimals } = await poolConfig();
      const burn = getBurnCheckedInstruction({
        account,
        mint: address(mint),
        authority: createNoopSigner(address(owner)),
        amount: tokens,
        decimals: tokenDecimals,
      });
      return partlySigned(rpc(), address(owner), [burn], []);
    },

    async claimSharedFeesTransaction(mint, recipient) {
      const found = await svcPool(address(mint));
      if (!found) throw new ServiceError('not_found', `${mint} is not a token of the service's launchpad.`);
      const owner = address(recipient);
      const pending = found.pool.creatorQuoteFee;
      const entitled = found.feeVault ? dfsIndexesOf(found.feeVault, owner).length > 0 : found.pool.creator === owner;
      if (!entitled)
        throw new ServiceError(
          'state_conflict',
          `${recipient} is not a fee-sharing recipient of ${mint}. Nothing was sent.`,
        );
      const owed = found.feeVault ? dfsClaimable(found.feeVault, owner, pending) : pending;
      if (owed <= 0n)
        throw new ServiceError('state_conflict', `no fees of ${mint} are available to claim. Nothing was sent.`);
      const pool = await dbcPoolAccounts(configAddress(), address(mint));
      const baseTokens = await ataOf(owner, pool.baseMint);
      const receiver = await temporaryWsolAccount(rpc(), owner);
      const instructions: Instruction[] = [await createAtaIdempotent(owner, owner, pool.baseMint), ...receiver.open];
      if (found.feeVault) {
        const feeVault = found.pool.creator;
        if (pending > 0n)
          instructions.push(
            await fundDfsByClaimingDbcCreatorFeeInstruction({
              feeVault,
              signer: owner,
              pool,
              baseTokenAccount: baseTokens,
            }),
          );
        for (const index of dfsIndexesOf(found.feeVault, owner))
          instructions.push(
            await claimDfsFeeInstruction({ feeVault, user: owner, userTokenAccount: receiver.signer.address, index }),
          );
      } else {
        instructions.push(
          await claimCreatorTradingFeeInstruction({
            pool,
            creator: owner,
            baseTokenAccount: baseTokens,
            quoteTokenAccount: receiver.signer.address,
            maxBase: 0n,
            maxQuote: pending,
          }),
        );
      }
      instructions.push(receiver.close);
      const transaction = await partlySigned(rpc(), owner, instructions, [receiver.signer]);
      return { transaction, lamports: owed, swept: pending };
    },
  };

  /**
   * The developer buy: SOL wrapped into the creator's WSOL account (created for the buy and closed after it when it
   * did not exist, so an existing WSOL balance is left as it was), swapped on the new pool into the creator's token
   * account. No minimum out: the pool is created in the same transaction, so no trade can come before the buy.
   */
  async function devBuyInstructions(creator: Address, pool: DbcPoolAccounts, request: LaunchRequest) {
    const wsol = await ataOf(creator, WRAPPED_SOL_MINT);
    const hadWsol = (await rpc().getAccountInfo(wsol, { encoding: 'base64' }).send()).value !== null;
    return [
      await createAtaIdempotent(creator, creator, WRAPPED_SOL_MINT),
      getTransferSolInstruction({
        source: createNoopSigner(creator),
        destination: wsol,
        amount: request.devBuyLamports,
      }),
      getSyncNativeInstruction({ account: wsol }),
      await createAtaIdempotent(creator, creator, pool.baseMint),
      await dbcBuyInstruction({
        pool,
        payer: creator,
        inputTokenAccount: wsol,
        outputTokenAccount: await ataOf(creator, pool.baseMint),
        amountIn: request.devBuyLamports,
        minimumAmountOut: request.minDevTokens ?? 0n,
      }),
      ...(hadWsol
        ? []
        : [
            getCloseAccountInstruction({
              account: wsol,
              destination: creator,
              owner: createNoopSigner(creator),
            }),
          ]),
    ];
  }
}

/** The fee-sharing holders, or none when the creator keeps its fees (no recipients, or itself at 100%). */
function feeVaultHolders(
  creator: Address,
  shares: LaunchRequest['feeSharing'],
): { address: Address; share: number }[] | undefined {
  if (!shares || (shares.length === 1 && shares[0]!.address === creator)) return undefined;
  if (shares.length > DFS_MAX_USERS)
    throw invalidField(
      'feeSharingRecipients',
      'too_many',
      `the live launchpad shares fees through a Meteora fee-sharing vault, which holds at most ${DFS_MAX_USERS} recipients`,
    );
  const holders = shares.map((share) => ({ address: address(share.address), share: share.bps }));
  // A vault needs two holders: a single recipient other than the creator holds both halves.
  return holders.length === 1 ? [0, 1].map(() => ({ address: holders[0]!.address, share: 5_000 })) : holders;
}

/** The holders' shares in percent, a holder listed twice counted once. */
function sharesOf(vault: DfsFeeVault): { address: string; percentage: number }[] {
  const byHolder = new Map<string, number>();
  for (const user of vault.users) byHolder.set(user.address, (byHolder.get(user.address) ?? 0) + user.share);
  return [...byHolder].map(([holder, share]) => ({
    address: holder,
    percentage: Math.round((share / vault.totalShare) * 10_000) / 100,
  }));
}

/** The developer buy as the simulation filled it: the pool's fees after it and the tokens the creator received. */
function devBuyFill(lamports: bigint, poolAfter: Uint8Array | undefined, tokensOut: bigint): CurveBuyQuote {
  const pool = poolAfter && decodeDbcVirtualPool(poolAfter);
  return {
    lamportsIn: lamports,
    protocolFee: pool?.protocolQuoteFee ?? 0n,
    creatorFee: pool?.creatorQuoteFee ?? 0n,
    tokensOut,
    completes: pool?.curveFinished ?? false,
  };
}
