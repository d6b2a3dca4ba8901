import type { ToolDefinition } from '@svc/contracts';
import { type Queryable, vaultKeyOf } from '@svc/store';

/** The vault addresses a stored vault holds (as @svc/chains stores them, in clear). */
interface StoredAddresses {
  readonly evm: string;
  readonly solana: string;
  readonly bitcoin: { readonly segwit: string; readonly taproot: string };
  readonly hedera: { readonly evmAddress: string };
}

/** Which of the account's vault keys signs a write tool's transaction, shown in its approval request. */
export type CallSigner =
  | { readonly vault: 'evm' | 'solana' | 'hedera'; readonly address: string }
  | { readonly vault: 'bitcoin'; readonly address: { readonly segwit: string; readonly taproot: string } }
  /** A tool whose chain its input picks (cross-chain, marketplaces): every address the vault may sign with. */
  | { readonly vault: 'any'; readonly address: Readonly<Record<string, unknown>> }
  | { readonly vault: 'none'; readonly address: null; readonly note: string };

const FAMILY_OF_GROUP: Readonly<Record<string, 'evm' | 'solana' | 'hedera' | 'bitcoin'>> = {
  Ethereum: 'evm',
  Base: 'evm',
  BSC: 'evm',
  Polygon: 'evm',
  'Alt Chain': 'evm',
  Solana: 'solana',
  Hedera: 'hedera',
  'Bitcoin Ordinals': 'bitcoin',
};

const NO_VAULT =
  'This account has no vault yet: it is made when a call first needs it (the wallet tool shows its addresses), and an empty vault has nothing to send.';

/**
 * The signer of `tool`'s transaction for `accountId`: the vault address of the tool's chain family. Read only: an
 * approval request creates no vault.
 */
export async function signerOf(db: Queryable, accountId: string, tool: ToolDefinition): Promise<CallSigner> {
  const stored = await vaultKeyOf(db, accountId);
  if (!stored) return { vault: 'none', address: null, note: NO_VAULT };
  const addresses = stored.addresses as StoredAddresses;
  switch (FAMILY_OF_GROUP[tool.group]) {
    case 'evm':
      return { vault: 'evm', address: addresses.evm };
    case 'solana':
      return { vault: 'solana', address: addresses.solana };
    case 'hedera':
      return { vault: 'hedera', address: addresses.hedera.evmAddress };
    case 'bitcoin':
      return { vault: 'bitcoin', address: { segwit: addresses.bitcoin.segwit, taproot: addresses.bitcoin.taproot } };
    default:
      return {
        vault: 'any',
        address: {
          evm: addresses.evm,
          solana: addresses.solana,
          bitcoin: { segwit: addresses.bitcoin.segwit, taproot: addresses.bitcoin.taproot },
          hedera: addresses.hedera.evmAddress,
        },
      };
  }
}

/** The signer as the approval's one line says it. */
export function signerLine(signer: CallSigner): string {
  if (signer.vault === 'none') return 'signed by the account vault (none yet)';
  if (typeof signer.address === 'string') return `signed by vault ${signer.address}`;
  return `signed by the account vault (${signer.vault === 'any' ? 'the address of the chain the input names' : 'its Bitcoin keys'})`;
}
