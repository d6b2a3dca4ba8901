import { invalidField } from '@svc/contracts';
import { type Address, isAddress, type Rpc, type SolanaRpcApi } from '@solana/kit';
import {
  findAssociatedTokenPda,
  getMintDecoder,
  getMintSize,
  getTokenDecoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';

/** An SPL mint (classic Token program) as read from the chain. */
export interface SplMint {
  readonly address: Address;
  readonly decimals: number;
}

/** The SPL mint at `mint`, read from the chain; a 400 unknown_token on `field` when there is none. */
export async function splMintOf(rpc: Rpc<SolanaRpcApi>, mint: string, field: string): Promise<SplMint> {
  if (!isAddress(mint)) throw invalidField(field, 'format', 'must be a base58 Solana address of 32 bytes');
  const account = (await rpc.getAccountInfo(mint, { encoding: 'base64' }).send()).value;
  if (!account || account.owner !== TOKEN_PROGRAM_ADDRESS || BigInt(account.space) !== BigInt(getMintSize())) {
    throw invalidField(field, 'unknown_token', `${mint} is not an SPL token mint on this chain`);
  }
  const data = new Uint8Array(Buffer.from(account.data[0], 'base64'));
  return { address: mint, decimals: getMintDecoder().decode(data).decimals };
}

/** Atomic balance of `owner`'s associated token account for `mint` (0 when it has none). */
export async function tokenBalanceOf(rpc: Rpc<SolanaRpcApi>, owner: Address, mint: Address): Promise<bigint> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const account = (await rpc.getAccountInfo(ata, { encoding: 'base64' }).send()).value;
  if (!account || account.owner !== TOKEN_PROGRAM_ADDRESS) return 0n;
  return getTokenDecoder().decode(new Uint8Array(Buffer.from(account.data[0], 'base64'))).amount;
}
