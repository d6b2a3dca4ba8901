import { invalidField } from '@svc/contracts';
import { formatUnits } from '@svc/payments';
import type { HandlerContext } from '../../handler.js';
import type { LaunchRequest, SolanaLaunchpad } from '../../ports/solana-launchpads.js';
import { callerVault, launchpadsOf, lamportsOf, requireSol, SOL_DECIMALS, signCommitSend } from './launchpad-calls.js';

/** Metaplex token-metadata limits, which every Solana launchpad's metadata account enforces (UTF-8 bytes). */
const MAX_NAME_BYTES = 32;
const MAX_SYMBOL_BYTES = 10;

/** Name and symbol fit the token's metadata account (400 before payment otherwise). */
export function checkNameAndSymbol(name: string, symbol: string): void {
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
  if (name.trim() === '') throw invalidField('name', 'too_small', 'must not be blank');
  if (symbol.trim() === '') throw invalidField('symbol', 'too_small', 'must not be blank');
  if (bytes(name) > MAX_NAME_BYTES)
    throw invalidField('name', 'too_big', `is ${bytes(name)} bytes; a token name holds at most ${MAX_NAME_BYTES}`);
  if (bytes(symbol) > MAX_SYMBOL_BYTES)
    throw invalidField(
      'symbol',
      'too_big',
      `is ${bytes(symbol)} bytes; a token symbol holds at most ${MAX_SYMBOL_BYTES}`,
    );
}

export interface LaunchCall {
  readonly launchpad: SolanaLaunchpad;
  readonly metadata: LaunchRequest['metadata'];
  /** The developer buy in SOL and the field that carries it. */
  readonly devBuySol: number | undefined;
  readonly devBuyField: string;
  readonly padCurve?: LaunchRequest['padCurve'];
  readonly feeSharing?: LaunchRequest['feeSharing'];
  /** svc: a launch without developer buy may be sponsored (spec rule 4). */
  readonly sponsorable?: boolean;
}

/**
 * Launches a token from the caller's vault: checks (name, symbol, funds) first, then the launchpad builds the
 * transaction, the vault signs it, the call settles and the launch is sent. A sponsorable launch with no developer buy
 * is paid by the launchpad's sponsor when the vault cannot pay it and the creator has sponsored launches left; any
 * positive developer buy makes the vault pay everything.
 */
export async function launchFromVault(context: HandlerContext, call: LaunchCall) {
  checkNameAndSymbol(call.metadata.name, call.metadata.symbol);
  const launchpads = launchpadsOf(context);
  const devBuyLamports = call.devBuySol && call.devBuySol > 0 ? lamportsOf(call.devBuySol, call.devBuyField) : 0n;
  const vault = await callerVault(context);
  const cost = await launchpads.launchCostLamports(call.launchpad);
  const sponsored =
    call.sponsorable === true &&
    devBuyLamports === 0n &&
    vault.lamports < cost + 20_000n &&
    (await launchpads.sponsorQuotaLeft(vault.signer.address)) > 0;
  if (!sponsored) requireSol(vault.lamports, cost + devBuyLamports, call.devBuyField, 'The launch');
  const { transaction, mint, devBuy } = await launchpads.launchTransaction({
    launchpad: call.launchpad,
    creator: vault.signer.address,
    metadata: call.metadata,
    devBuyLamports,
    padCurve: call.padCurve,
    feeSharing: call.feeSharing,
    sponsored,
  });
  const signature = await signCommitSend(context, launchpads, vault.signer, transaction);
  // The launch landed and was paid for: a failed read of its figures afterwards must not turn it into an error.
  const token = await launchpads.token(mint).catch(() => undefined);
  return {
    launchpad: call.launchpad,
    mint,
    signature,
    name: call.metadata.name,
    symbol: call.metadata.symbol,
    creator: vault.signer.address as string,
    sponsored,
    devBuy: devBuy
      ? {
          solSpent: formatUnits(devBuy.lamportsIn, SOL_DECIMALS),
          tokensReceived: formatUnits(devBuy.tokensOut, token?.decimals ?? 6),
        }
      : null,
    curvePercent: token?.curvePercent ?? 0,
    source: launchpads.source,
  };
}
