import { z } from 'zod';
import { VAULT_DEPOSIT_CHAIN, VAULT_MINT_CHAIN } from '../tools/vaults.js';
import { chainBalances, TIMESTAMP } from './fields.js';
import type { ToolOutputs } from './tool-outputs.js';

const EVM_ADDRESS = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

/** Where to deposit on one chain (Bitcoin lists its taproot address too). */
const depositAddress = z.object({ chain: VAULT_DEPOSIT_CHAIN, address: z.string(), taproot: z.string().optional() });

/** One chain of a balance scan: its balances as the chains' balance tools read them, or why it could not be read. */
const chainBalancesOrError = z.union([
  chainBalances,
  z.object({ address: z.string(), error: z.string(), code: z.string() }),
]);
const balances = z.partialRecord(VAULT_DEPOSIT_CHAIN, chainBalancesOrError);

/** A vault's NFT: null until minted; burnTxHash set once burned to reveal the keys. */
const nft = z
  .object({
    chainId: z.number().int(),
    contract: EVM_ADDRESS,
    tokenId: z.string(),
    mintedTo: z.string(),
    mintTxHash: z.string(),
    mintedAt: TIMESTAMP,
    burnTxHash: z.string().nullable(),
  })
  .nullable();

const status = z.enum(['unminted', 'minted', 'revealed']);

/** What a vault's owner sees of it (never a secret); balances null before the first scan. */
const ownerVault = z.object({
  vaultId: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  status,
  depositAddresses: z.array(depositAddress),
  balances: balances.nullable(),
  balancesRefreshedAt: TIMESTAMP.nullable(),
  nft,
  revealedAt: TIMESTAMP.nullable(),
  createdAt: TIMESTAMP,
});

/** What anyone sees of a minted vault, with its NFT's current holder read from the chain (null once burned). */
const publicVault = z.object({
  vaultId: z.string(),
  name: z.string().nullable(),
  status,
  nft,
  owner: z.string().nullable(),
});

const collection = z.object({
  collectionId: z.string(),
  chain: VAULT_MINT_CHAIN,
  chainId: z.number().int(),
  contract: EVM_ADDRESS,
  standard: z.literal('ERC-721'),
});

const paging = { page: z.number().int(), limit: z.number().int(), total: z.number().int() };
const address = { address: z.string() };

/** The vault product's answers: the owner's vaults, minting, the one-time key reveal, and the open collection reads. */
export const VAULTS_OUTPUTS: ToolOutputs = {
  svcListMyVaults: z.object({ vaults: z.array(ownerVault), ...paging }),
  svcGetVaultDetails: z.object({ vault: ownerVault }),
  svcCreateVault: z.object({ vault: ownerVault }),
  svcQuickVault: z.object({
    vaultId: z.string(),
    name: z.string().nullable(),
    status,
    depositAddress,
  }),
  svcMintVault: z.object({ vault: ownerVault, txHash: z.string() }),
  svcRevealKeys: z.object({
    vaultId: z.string(),
    status: z.literal('revealed'),
    burnTxHash: z.string(),
    revealedAt: TIMESTAMP,
    keys: z.object({
      mnemonic: z.string(),
      derivationPaths: z.record(z.string(), z.string()),
      evm: z.object({ ...address, privateKey: z.string() }),
      solana: z.object({ ...address, secretKey: z.string() }),
      bitcoin: z.object({
        segwit: z.object({ ...address, wif: z.string() }),
        taproot: z.object({ ...address, wif: z.string() }),
      }),
      hedera: z.object({ evmAddress: EVM_ADDRESS, publicKey: z.string(), privateKey: z.string() }),
    }),
  }),
  svcRefreshBalance: z.object({ vaultId: z.string(), balances, balancesRefreshedAt: TIMESTAMP }),
  svcDeleteVault: z.object({ vaultId: z.string(), deleted: z.literal(true) }),
  svcListCollections: z.object({ collections: z.array(collection), ...paging }),
  svcGetCollectionAssets: z.object({ collection, assets: z.array(publicVault), ...paging }),
  svcResolveAsset: z.union([
    z.object({ kind: z.literal('vault'), vault: publicVault }),
    z.object({ kind: z.literal('collection'), collection }),
  ]),
  svcGetDepositAddress: z.object({ vaultId: z.string(), ...depositAddress.shape }),
};
