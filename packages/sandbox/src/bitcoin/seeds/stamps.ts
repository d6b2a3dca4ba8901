/**
 * The stamps a new sandbox Bitcoin chain starts with: real transactions (Counterparty issuances in an OP_RETURN,
 * signed by deterministic sandbox keys and checked by the ledger like any other), so the stamps and SRC-20 tools have
 * something to show before anyone issues. Each seed key is funded by the faucet first. Idempotent: a ledger whose
 * file already holds them (the artist has history) is left alone.
 *
 * - three stamps by the artist: a 1x1 PNG and a 1x1 GIF (Bitcoin Stamps 0 and 1) and a plain-text one (cursed, -1);
 * - SRC-20 deploys of KEVIN and STAMP (real mainnet ticks; the sandbox's own max/lim) by the deployer;
 * - mints of KEVIN by the minter and the deployer, one KEVIN mint over its limit (invalid), a STAMP mint, and a
 *   KEVIN transfer from the minter to the artist.
 *
 * The faucet uses the same keys: `faucetStamp` has the artist issue a new stamp and send it to the caller,
 * `faucetSrc20Mint` has the minter mint an SRC-20 amount to the caller (output 0, the mint's destination).
 */
import { createHash } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1';
import { address as addressCodec, networks, Psbt } from 'bitcoinjs-lib';
import {
  addressesOfPublicKey,
  counterpartyAssetName,
  type CounterpartyIssuance,
  encodeCounterpartyIssuance,
  encodeCounterpartySend,
  p2wpkhSigner,
  wifOfPrivateKey,
} from '@svc/chains';
import type { BitcoinSandboxLedger } from '../ledger.js';
import { formatDecimal } from '../decimal-amount.js';
import { src20Units } from '../stamps/src20.js';
import type { StampsIndex } from '../stamps/stamps-index.js';

/** A deterministic sandbox key (never a real wallet's: derived from a public label). */
export function sandboxStampsKey(label: string): { readonly wif: string; readonly address: string } {
  const secret = createHash('sha256').update(`svc sandbox stamps ${label}`).digest();
  const publicKey = Buffer.from(secp256k1.getPublicKey(secret, true)).toString('hex');
  return { wif: wifOfPrivateKey(secret), address: addressesOfPublicKey(publicKey).segwit };
}

export const STAMPS_ARTIST = sandboxStampsKey('artist');
export const SRC20_DEPLOYER = sandboxStampsKey('src20 deployer');
export const SRC20_MINTER = sandboxStampsKey('src20 minter');

/** The well-known smallest PNG and GIF (1x1 pixel). */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const GIF_1X1 = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const FUNDING_SATS = 1_000_000n;
const FEE_SATS = 3_000n;
/** What a transfer pays its recipient so output 0 names them (above every script's dust limit). */
const RECIPIENT_SATS = 1_000n;
/** The smallest numeric asset id (26^12 + 1) and the span seed ids are drawn from. */
const NUMERIC_MIN = 26n ** 12n + 1n;

/** A numeric asset (A…) derived from a label, as wallets draw a random one for each stamp. */
export function seedAssetName(label: string): string {
  const draw = BigInt(
    `0x${createHash('sha256').update(`svc sandbox stamp asset ${label}`).digest('hex').slice(0, 15)}`,
  );
  return counterpartyAssetName(NUMERIC_MIN + draw)!;
}

const src20 = (fields: Record<string, string>) =>
  `stamp:${Buffer.from(JSON.stringify({ p: 'src-20', ...fields })).toString('base64')}`;

/** Signs and submits `issuance` by `issuer` (spending its largest output), paying `recipient` output 0 if given. */
export function submitIssuance(
  ledger: BitcoinSandboxLedger,
  issuer: { readonly wif: string; readonly address: string },
  issuance: CounterpartyIssuance,
  recipient?: string,
): string {
  const coin = ledger.utxosOf(issuer.address).sort((a, b) => (a.value > b.value ? -1 : 1))[0]!;
  const psbt = new Psbt({ network: networks.bitcoin });
  psbt.addInput({ hash: coin.txid, index: coin.vout, witnessUtxo: { script: coin.script, value: coin.value } });
  if (recipient) psbt.addOutput({ script: addressCodec.toOutputScript(recipient), value: RECIPIENT_SATS });
  psbt.addOutput({ script: encodeCounterpartyIssuance(issuance, coin.txid), value: 0n });
  const change = coin.value - FEE_SATS - (recipient ? RECIPIENT_SATS : 0n);
  psbt.addOutput({ script: addressCodec.toOutputScript(issuer.address), value: change });
  psbt.signAllInputs(p2wpkhSigner(issuer.wif));
  psbt.finalizeAllInputs();
  return ledger.submit(psbt.extractTransaction().toHex()).txid;
}

/** A seed stamp: one indivisible, locked unit of a numeric asset drawn from `label`. */
function issue(
  ledger: BitcoinSandboxLedger,
  issuer: { readonly wif: string; readonly address: string },
  label: string,
  description: string,
  recipient?: string,
): void {
  const asset = seedAssetName(label);
  submitIssuance(
    ledger,
    issuer,
    { asset, quantity: 1n, divisible: false, lock: true, reset: false, description },
    recipient,
  );
}

/** The SRC-20 tokens the seeds deploy, as the faucet offers them (decimals as deployed). */
export const SEED_SRC20_TICKS = [
  { tick: 'KEVIN', dec: 0 },
  { tick: 'STAMP', dec: 18 },
] as const;

/** Funds a sandbox key again from the faucet when its coins run low (each issuance spends FEE_SATS). */
function topUp(ledger: BitcoinSandboxLedger, key: { readonly address: string }): void {
  if (ledger.balanceOf(key.address) < FUNDING_SATS / 10n) ledger.credit(key.address, FUNDING_SATS);
}

/**
 * A new Bitcoin Stamp for `address`: the artist issues one unit of a fresh numeric asset with a 1x1 GIF, then sends
 * it to `address` with an enhanced send. Returns the send's txid.
 */
export function faucetStamp(ledger: BitcoinSandboxLedger, address: string): string {
  topUp(ledger, STAMPS_ARTIST);
  const asset = seedAssetName(`faucet ${ledger.height} ${address}`);
  const description = `STAMP:${GIF_1X1}`;
  submitIssuance(ledger, STAMPS_ARTIST, {
    asset,
    quantity: 1n,
    divisible: false,
    lock: true,
    reset: false,
    description,
  });
  const coin = ledger.utxosOf(STAMPS_ARTIST.address).sort((a, b) => (a.value > b.value ? -1 : 1))[0]!;
  const psbt = new Psbt({ network: networks.bitcoin });
  psbt.addInput({ hash: coin.txid, index: coin.vout, witnessUtxo: { script: coin.script, value: coin.value } });
  psbt.addOutput({
    script: encodeCounterpartySend({ asset, quantity: 1n, destination: address }, coin.txid),
    value: 0n,
  });
  psbt.addOutput({ script: coin.script, value: coin.value - FEE_SATS });
  psbt.signAllInputs(p2wpkhSigner(STAMPS_ARTIST.wif));
  psbt.finalizeAllInputs();
  return ledger.submit(psbt.extractTransaction().toHex()).txid;
}

/**
 * An SRC-20 mint of `atomic` units (10^-dec) of a seeded tick to `address`, by the minter. Refused with a RangeError
 * before anything is signed when the SRC-20 rules would make it invalid (over the tick's lim, or nothing left to
 * mint): the faucet puts no invalid mint on the chain. A mint past max is cut to what remains, as the rules say.
 */
export function faucetSrc20Mint(
  ledger: BitcoinSandboxLedger,
  stamps: StampsIndex,
  address: string,
  tick: string,
  atomic: bigint,
): string {
  const token = stamps.src20Tokens().find((known) => known.tick === tick);
  if (!token) throw new RangeError(`no SRC-20 token ${tick} is deployed on the sandbox chain`);
  const amt = formatDecimal(atomic, token.dec);
  if (atomic <= 0n || atomic > (src20Units(token.lim, token.dec) as bigint))
    throw new RangeError(`${amt} ${tick} is not a mint from 1 unit to its mint limit ${token.lim}`);
  if (token.minted === token.max) throw new RangeError(`${tick} is fully minted`);
  topUp(ledger, SRC20_MINTER);
  const description = src20({ op: 'mint', tick, amt });
  const asset = seedAssetName(`faucet mint ${ledger.height} ${address}`);
  return submitIssuance(
    ledger,
    SRC20_MINTER,
    { asset, quantity: 1n, divisible: false, lock: true, reset: false, description },
    address,
  );
}

/** Puts the seed stamps on `ledger` unless it holds them already. */
export function seedStamps(ledger: BitcoinSandboxLedger): void {
  if (ledger.historyOf(STAMPS_ARTIST.address).length > 0) return;
  for (const key of [STAMPS_ARTIST, SRC20_DEPLOYER, SRC20_MINTER]) ledger.credit(key.address, FUNDING_SATS);
  issue(ledger, STAMPS_ARTIST, 'png', `STAMP:${PNG_1X1}`);
  issue(ledger, STAMPS_ARTIST, 'gif', `STAMP:${GIF_1X1}`);
  issue(ledger, STAMPS_ARTIST, 'text', `STAMP:${Buffer.from('gm from the sandbox').toString('base64')}`);
  issue(
    ledger,
    SRC20_DEPLOYER,
    'deploy KEVIN',
    src20({ op: 'deploy', tick: 'KEVIN', max: '690000', lim: '69000', dec: '0' }),
  );
  issue(ledger, SRC20_DEPLOYER, 'deploy STAMP', src20({ op: 'deploy', tick: 'STAMP', max: '100000', lim: '1000' }));
  issue(ledger, SRC20_MINTER, 'mint KEVIN 1', src20({ op: 'mint', tick: 'KEVIN', amt: '69000' }));
  issue(ledger, SRC20_DEPLOYER, 'mint KEVIN 2', src20({ op: 'mint', tick: 'KEVIN', amt: '69000' }));
  issue(ledger, SRC20_MINTER, 'mint KEVIN over limit', src20({ op: 'mint', tick: 'KEVIN', amt: '100000' }));
  issue(ledger, SRC20_MINTER, 'mint STAMP', src20({ op: 'mint', tick: 'STAMP', amt: '1000' }));
  issue(
    ledger,
    SRC20_MINTER,
    'transfer KEVIN',
    src20({ op: 'transfer', tick: 'KEVIN', amt: '1000' }),
    STAMPS_ARTIST.address,
  );
}
