import { z } from 'zod';
import { EVMADDR, body } from '../formats.js';
import { defineTool, MOVES_FUNDS } from '../types.js';

/**
 * The service's own vaults. The spec lists these tools by name only; the bodies below are a design, modelled on the
 * vault product the reference system is built around (a vault = a freshly generated wallet whose deposit addresses
 * hold assets, optionally minted as an NFT that represents ownership, ended by burning the NFT and revealing the
 * keys). Prices are not shown: the `vaults` family default applies.
 *
 * Lifecycle (status values used by these tools):
 *   unminted  created; deposit addresses exist; no NFT yet        (svcCreateVault, svcQuickVault)
 *   minted    an ERC-721 on an EVM chain represents the vault     (svcMintVault)
 *   revealed  NFT burned, keys handed to the holder; terminal     (svcRevealKeys)
 * An empty vault can be deleted (svcDeleteVault); it then no longer exists.
 *
 * Identity: every tool on the caller's own vaults is identity-gated (siwx). The collection reads (svcListCollections,
 * svcGetCollectionAssets, svcResolveAsset) return public data about minted vault NFTs, which is on-chain anyway, so
 * they are open; they never return keys or account data.
 */

/** Vault id: the vault's token id, a uint256 as a decimal string (it becomes the ERC-721 tokenId when minted). */
export const VAULT_ID = z
  .string()
  .regex(/^\d{1,78}$/, 'must be a vault id: the token id as a decimal string (digits only)');

/** Chains a vault holds a deposit address on: the service's chains. All EVM chains share one address. */
export const VAULT_DEPOSIT_CHAIN = z.enum([
  'ethereum',
  'bsc',
  'polygon',
  'base',
  'altchain',
  'solana',
  'bitcoin',
  'hedera',
]);

/** EVM chains a vault NFT can be minted on (and collections live on). */
export const VAULT_MINT_CHAIN = z.enum(['ethereum', 'bsc', 'polygon', 'base', 'altchain']);

export type VaultDepositChain = z.infer<typeof VAULT_DEPOSIT_CHAIN>;
export type VaultMintChain = z.infer<typeof VAULT_MINT_CHAIN>;

const EVM_ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$';
const isEvmAddress = (value: string) => EVMADDR.safeParse(value).success;

const page = z.number().int().min(1).default(1);
const limit = z.number().int().min(1).max(100).default(20);
const PAGE_NOTE = 'page: integer >= 1, default 1. limit: integer 1-100, default 20.';

/** Optional vault label and note shown in listings and on the NFT metadata. */
const vaultName = z.string().min(1).max(100).optional();
const vaultDescription = z.string().max(1000).optional();
const LABEL_NOTE = 'name: optional label, 1-100 characters. description: optional note, up to 1000 characters.';

/** The chains a vault shows and scans deposit addresses on (its seed derives them all; this narrows what is used). */
const vaultChains = z.array(VAULT_DEPOSIT_CHAIN).min(1).max(VAULT_DEPOSIT_CHAIN.options.length).optional();

const OWN_VAULT_NOTE = "vaultId: one of your vaults (see svcListMyVaults); other callers' vaults are refused.";

export const vaultTools = [
  defineTool({
    name: 'svcListMyVaults',
    group: 'Vaults',
    summary: 'List your vaults with status (unminted, minted, revealed), names and NFT details.',
    description: `Designed. status: filter to unminted, minted or revealed vaults; all if omitted. ${PAGE_NOTE}`,
    input: body({
      status: z.enum(['unminted', 'minted', 'revealed']).optional(),
      page,
      limit,
    }),
    price: 'vaults',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'svcGetVaultDetails',
    group: 'Vaults',
    summary:
      'Details of one of your vaults: status, deposit addresses per chain, last known balances, NFT chain and contract.',
    description: `Designed. ${OWN_VAULT_NOTE} Balances are as of the last scan; call svcRefreshBalance to rescan.`,
    input: body({ vaultId: VAULT_ID }),
    price: 'vaults',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'svcCreateVault',
    group: 'Vaults',
    summary: 'Create a new vault: a fresh wallet with deposit addresses on EVM chains, Solana, Bitcoin and Hedera.',
    description: `Designed. Generates the vault's keys server-side and derives its deposit addresses; the vault starts unminted. ${LABEL_NOTE} chains: optional list of the deposit chains the vault shows and scans (duplicates ignored); default all eight. Creates custodial wallet state (write); requires explicit approval. Use svcQuickVault to also get one deposit address in the same call.`,
    input: body({ name: vaultName, description: vaultDescription, chains: vaultChains }),
    price: 'vaults',
    identity: true,
    effect: 'write',
    settlement: 'before-run',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'svcMintVault',
    group: 'Vaults',
    summary: 'Mint one of your vaults as an ERC-721 NFT on an EVM chain; whoever holds the NFT owns the vault.',
    description: `Designed. ${OWN_VAULT_NOTE} chain: ethereum, bsc, polygon, base or altchain (required: gas costs differ per chain); a chain without a vault collection in this deployment is refused (the sandbox has one on base). recipient: optional EVM address the NFT is minted to; default your connected EVM wallet. The token id is the vault id. Only an unminted vault can be minted. On-chain transaction (write); requires explicit approval.`,
    input: body({ vaultId: VAULT_ID, chain: VAULT_MINT_CHAIN, recipient: EVMADDR.optional() }),
    price: 'vaults',
    identity: true,
    effect: 'write',
    settlement: 'before-run',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'svcRevealKeys',
    group: 'Vaults',
    summary: 'Burn a vault NFT you hold and reveal the private keys of its deposit addresses, once. Irreversible.',
    description: `Designed. ${OWN_VAULT_NOTE} Only a minted vault, and only when your connected EVM wallet holds its NFT on chain. The NFT is burned on-chain first, so it can never be sold or transferred again; then the mnemonic and every private key are returned in this one response, the vault becomes revealed and the service deletes its copy: they are never returned again. confirm: must repeat vaultId exactly, the caller's explicit approval of the burn and of receiving secrets (a zod rule; JSON Schema cannot compare two fields). Run only after explicit approval (write).`,
    input: body({ vaultId: VAULT_ID, confirm: z.string() }).superRefine((value, ctx) => {
      if (value.confirm !== value.vaultId) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirm'],
          message: 'confirm must repeat vaultId exactly: it approves burning the NFT and revealing the keys',
        });
      }
    }),
    price: 'vaults',
    identity: true,
    effect: 'write',
    settlement: 'before-run',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'svcRefreshBalance',
    group: 'Vaults',
    summary: "Rescan the chains for one of your vaults' deposit addresses and update its balances.",
    description: `Designed. ${OWN_VAULT_NOTE} Read-only on-chain; use it after depositing and before minting or deleting. Chains the deployment cannot read answer per chain with an error (sandbox: 'chain not available in sandbox'), never a guessed number.`,
    input: body({ vaultId: VAULT_ID }),
    price: 'vaults',
    identity: true,
    effect: 'read',
    settlement: 'commit-point',
    change: { destructive: false, idempotent: true },
  }),
  defineTool({
    name: 'svcDeleteVault',
    group: 'Vaults',
    summary: 'Delete one of your vaults; allowed only when the vault is empty.',
    description: `Designed. ${OWN_VAULT_NOTE} Rules (checked by the server, not expressible in the schema): the vault must be unminted and empty; the server rescans its deposit addresses and refuses (409) while any known balance is not zero. Irreversible (write); requires explicit approval.`,
    input: body({ vaultId: VAULT_ID }),
    price: 'vaults',
    identity: true,
    effect: 'write',
    settlement: 'before-run',
    change: { destructive: true, idempotent: true },
  }),
  defineTool({
    name: 'svcListCollections',
    group: 'Vaults',
    summary: 'List the collections (NFT contracts) that vaults are minted into.',
    description: `Designed. Open: collections are public on-chain data. chain: filter to one EVM chain; all if omitted. ${PAGE_NOTE}`,
    input: body({ chain: VAULT_MINT_CHAIN.optional(), page, limit }),
    price: 'vaults',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'svcGetCollectionAssets',
    group: 'Vaults',
    summary: 'List the minted vault NFTs of one collection with their public metadata.',
    description: `Designed. Open: public on-chain data, never keys. collection: a collection id from svcListCollections, or its contract address. Rule: with a contract address, chain is required (the same address can exist on several chains). ${PAGE_NOTE}`,
    input: body({
      collection: z.string().min(1),
      chain: VAULT_MINT_CHAIN.optional(),
      page,
      limit,
    })
      .superRefine((value, ctx) => {
        if (isEvmAddress(value.collection) && value.chain === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['chain'],
            message: 'chain is required when collection is a contract address',
          });
        }
      })
      .meta({
        if: { properties: { collection: { pattern: EVM_ADDRESS_PATTERN } }, required: ['collection'] },
        then: { required: ['chain'] },
      }),
    price: 'vaults',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'svcResolveAsset',
    group: 'Vaults',
    summary:
      'Resolve a vault id, collection id, contract address or NFT (contract + token id) to public vault details.',
    description:
      'Designed. Open: returns public vault / collection metadata (status, deposit addresses, NFT chain and contract), never keys. ' +
      'asset: a vault id (decimal token id), a collection id, or an NFT contract address. tokenId: with a contract address, names one vault NFT. ' +
      'Rules: tokenId is allowed only when asset is a contract address; a contract address needs chain.',
    input: body({
      asset: z.string().min(1),
      tokenId: z
        .string()
        .regex(/^\d{1,78}$/, 'must be a token id as a decimal string (digits only)')
        .optional(),
      chain: VAULT_MINT_CHAIN.optional(),
    })
      .superRefine((value, ctx) => {
        const isAddress = isEvmAddress(value.asset);
        if (value.tokenId !== undefined && !isAddress) {
          ctx.addIssue({
            code: 'custom',
            path: ['tokenId'],
            message: 'tokenId is only allowed when asset is a contract address (0x + 40 hex digits)',
          });
        }
        if (isAddress && value.chain === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['chain'],
            message: 'chain is required when asset is a contract address',
          });
        }
      })
      .meta({
        allOf: [
          {
            if: { required: ['tokenId'] },
            then: { properties: { asset: { pattern: EVM_ADDRESS_PATTERN } } },
          },
          {
            if: { properties: { asset: { pattern: EVM_ADDRESS_PATTERN } }, required: ['asset'] },
            then: { required: ['chain'] },
          },
        ],
      }),
    price: 'vaults',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'svcGetDepositAddress',
    group: 'Vaults',
    summary: 'The deposit address of one of your vaults on one chain.',
    description: `Designed. ${OWN_VAULT_NOTE} chain: ethereum, bsc, polygon, base, altchain, solana, bitcoin or hedera; the EVM chains share one address.`,
    input: body({ vaultId: VAULT_ID, chain: VAULT_DEPOSIT_CHAIN }),
    price: 'vaults',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'svcQuickVault',
    group: 'Vaults',
    summary: 'Create a vault and return its deposit address on one chain in a single call.',
    description: `Designed: svcCreateVault followed by svcGetDepositAddress. chain: the chain you will deposit on (ethereum, bsc, polygon, base, altchain, solana, bitcoin or hedera). ${LABEL_NOTE} Creates custodial wallet state (write); requires explicit approval.`,
    input: body({ chain: VAULT_DEPOSIT_CHAIN, name: vaultName, description: vaultDescription }),
    price: 'vaults',
    identity: true,
    effect: 'write',
    settlement: 'before-run',
    change: MOVES_FUNDS,
  }),
];
