/**
 * The Counterparty API v2 routes the tools call, answered by the sandbox facade under /counterparty in
 * counterparty-core's JSON shape (`{ result }`, errors `{ error }`):
 *
 * - GET /v2/addresses/:address/balances: the address's assets, with `asset_info` and `quantity_normalized` (verbose);
 * - GET /v2/assets/:asset: one asset (404 when there is none);
 * - GET /v2/addresses/:source/compose/send?asset&quantity&destination[&sat_per_vbyte][&inputs_set]: an unsigned
 *   transaction spending the source's outputs (those named in inputs_set "txid:vout,…", else every output of the
 *   source that carries no rune or inscription) with the enhanced send in its OP_RETURN and the change back to the
 *   source. As counterparty-core does, compose refuses an unknown asset, insufficient asset funds and
 *   insufficient BTC with a 400.
 */
import { Transaction } from 'bitcoinjs-lib';
import { bitcoinOutputScript, dustThreshold, encodeCounterpartySend } from '@svc/chains';
import type { CounterpartySandboxLedger, IssuedCounterpartyAsset } from './counterparty-ledger.js';
import { HttpError } from './http-error.js';
import { type BitcoinSandboxLedger, type LedgerOutput, MIN_RELAY_FEE_RATE } from './ledger.js';
import type { SandboxCounterpartyAsset } from './sandbox-assets.js';

const DIVISIBLE_DECIMALS = 8;
/** counterparty-core's default fee rate when the caller names none is the node's estimate; the sandbox's is fixed. */
const DEFAULT_SAT_PER_VBYTE = 10;
/** Witness bytes each input adds once signed, in vbytes: P2WPKH [signature, key] ~27, P2TR key path 16.5. */
const WITNESS_VBYTES = (script: Uint8Array) => (script[0] === 0x00 ? 27 : 16.5);

const failure = (status: number, error: string) => new HttpError(status, error, { error });

function normalized(quantity: bigint, divisible: boolean): string {
  if (!divisible) return quantity.toString();
  const base = 10n ** BigInt(DIVISIBLE_DECIMALS);
  return `${quantity / base}.${(quantity % base).toString().padStart(DIVISIBLE_DECIMALS, '0')}`;
}

/** A faucet asset has no issuer on the sandbox chain (and cannot be reissued); an issued one has its issuer's. */
const assetInfo = (asset: SandboxCounterpartyAsset | IssuedCounterpartyAsset) => ({
  asset_longname: null,
  description: asset.description,
  issuer: 'issuer' in asset ? asset.issuer : null,
  divisible: asset.divisible,
  locked: 'locked' in asset ? asset.locked : true,
  owner: 'issuer' in asset ? asset.issuer : null,
});

function knownAsset(counterparty: CounterpartySandboxLedger, name: string | null): SandboxCounterpartyAsset {
  const asset = name ? counterparty.asset(name) : undefined;
  if (!asset) throw failure(name ? 404 : 400, name ? `Asset ${name} not found` : 'asset is required');
  return asset;
}

function validAddress(address: string | null, field: string): string {
  if (!address || !bitcoinOutputScript(address))
    throw failure(400, `${field}: ${address ?? ''} is not a valid Bitcoin address`);
  return address;
}

function balances(counterparty: CounterpartySandboxLedger, address: string) {
  const rows = [...counterparty.balancesOf(address)].map(([name, quantity]) => {
    const asset = counterparty.asset(name)!;
    return {
      address,
      asset: name,
      asset_longname: null,
      quantity: Number(quantity),
      utxo: null,
      utxo_address: null,
      asset_info: assetInfo(asset),
      quantity_normalized: normalized(quantity, asset.divisible),
    };
  });
  return { result: rows, next_cursor: null, result_count: rows.length };
}

function assetJson(counterparty: CounterpartySandboxLedger, asset: SandboxCounterpartyAsset) {
  const supply = counterparty.supply(asset.asset);
  return {
    result: {
      asset: asset.asset,
      asset_id: null,
      ...assetInfo(asset),
      supply: Number(supply),
      supply_normalized: normalized(supply, asset.divisible),
    },
  };
}

function inputsOf(ledger: BitcoinSandboxLedger, source: string, inputsSet: string | null): LedgerOutput[] {
  if (inputsSet === null)
    return ledger
      .utxosOf(source)
      .filter(
        (out) =>
          ledger.runesAt(out.txid, out.vout).size === 0 && ledger.inscriptionsAt(out.txid, out.vout).length === 0,
      );
  return inputsSet.split(',').map((entry) => {
    const [txid = '', vout = ''] = entry.split(':');
    const output = ledger.utxo(txid.toLowerCase(), Number(vout));
    if (!output || output.address !== source)
      throw failure(400, `inputs_set: ${entry} is not an unspent output of ${source}`);
    return output;
  });
}

function composeSend(
  ledger: BitcoinSandboxLedger,
  counterparty: CounterpartySandboxLedger,
  source: string,
  query: URLSearchParams,
) {
  const asset = knownAsset(counterparty, query.get('asset'));
  const destination = validAddress(query.get('destination'), 'destination');
  const quantityText = query.get('quantity') ?? '';
  if (!/^[1-9]\d*$/.test(quantityText)) throw failure(400, 'quantity: must be a positive integer (atomic units)');
  const quantity = BigInt(quantityText);
  const held = counterparty.balanceOf(source, asset.asset);
  if (held < quantity)
    throw failure(
      400,
      `['insufficient funds for ${asset.asset}: ${source} holds ${normalized(held, asset.divisible)}']`,
    );
  const satPerVbyte = query.has('sat_per_vbyte') ? Number(query.get('sat_per_vbyte')) : DEFAULT_SAT_PER_VBYTE;
  if (!(satPerVbyte >= MIN_RELAY_FEE_RATE))
    throw failure(400, `sat_per_vbyte: must be a number >= ${MIN_RELAY_FEE_RATE}`);
  const inputs = inputsOf(ledger, source, query.get('inputs_set'));
  if (inputs.length === 0) throw failure(400, `Insufficient BTC at address ${source}: no spendable outputs`);

  const tx = new Transaction();
  tx.version = 2;
  for (const input of inputs) tx.addInput(Uint8Array.from(Buffer.from(input.txid, 'hex')).reverse(), input.vout);
  const data = encodeCounterpartySend({ asset: asset.asset, quantity, destination }, inputs[0]!.txid);
  tx.addOutput(data, 0n);
  const btcIn = inputs.reduce((sum, input) => sum + input.value, 0n);
  const changeScript = bitcoinOutputScript(source)!;
  const witness = 0.5 + inputs.reduce((sum, input) => sum + WITNESS_VBYTES(input.script), 0);
  // Relay policy counts whole vbytes (a transaction's vsize is its weight / 4 rounded up).
  const feeFor = (vbytes: number) => BigInt(Math.ceil(Math.ceil(vbytes) * satPerVbyte));
  const feeWithChange = feeFor(tx.virtualSize() + witness + 8 + 1 + changeScript.length);
  const feeWithout = feeFor(tx.virtualSize() + witness);
  const change = btcIn - feeWithChange;
  if (change >= dustThreshold(changeScript)) tx.addOutput(changeScript, change);
  else if (btcIn < feeWithout) {
    const btc = (sats: bigint) => normalized(sats, true);
    throw failure(
      400,
      `Insufficient BTC at address ${source}. Need: ${btc(feeWithout)} BTC (Including fee: ${btc(feeWithout)} BTC), available: ${btc(btcIn)} BTC.`,
    );
  }
  const btcChange = change >= dustThreshold(changeScript) ? change : 0n;
  return {
    result: {
      rawtransaction: tx.toHex(),
      btc_in: Number(btcIn),
      btc_out: 0,
      btc_change: Number(btcChange),
      btc_fee: Number(btcIn - btcChange),
      name: 'send',
      params: {
        source,
        asset: asset.asset,
        quantity: Number(quantity),
        destination,
        quantity_normalized: normalized(quantity, asset.divisible),
      },
    },
  };
}

/** Answers one Counterparty API v2 request (`parts` after /counterparty). */
export function counterpartyRoute(
  ledger: BitcoinSandboxLedger,
  counterparty: CounterpartySandboxLedger,
  parts: readonly string[],
  query: URLSearchParams,
): unknown {
  const [version, what, key, sub, action] = parts;
  if (version === 'v2' && what === 'addresses' && key !== undefined) {
    const address = validAddress(key, 'address');
    if (sub === 'balances' && parts.length === 4) return balances(counterparty, address);
    if (sub === 'compose' && action === 'send' && parts.length === 5)
      return composeSend(ledger, counterparty, address, query);
  }
  if (version === 'v2' && what === 'assets' && key !== undefined && parts.length === 3)
    return assetJson(counterparty, knownAsset(counterparty, key));
  throw failure(404, 'Not found');
}
