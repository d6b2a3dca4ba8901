import { BITCOIN_MAINNET, isBitcoinMainnetAddress } from '@svc/chains';
import {
  BitcoinLedgerError,
  faucetSrc20Mint,
  faucetStamp,
  formatBrc20Amount,
  parseBrc20Amount,
  POSTAGE_SATS,
  SANDBOX_ALKANES,
  SANDBOX_COUNTERPARTY_ASSETS,
  SANDBOX_RUNES,
  type SandboxBitcoin,
  SEED_SRC20_TICKS,
} from '@svc/sandbox';
import { BTC_ADDRESS, ServiceError } from '@svc/contracts';
import type { FaucetFamily, FaucetToken } from './family.js';

/** The faucet token that inscribes: amount "1" makes one new inscription `<transaction>i0` on a 10 000-sat output. */
const INSCRIPTION: FaucetToken = { symbol: 'INSCRIPTION', decimals: 0, address: 'inscription' };

/** Counterparty assets by name (symbol and address alike): 8 decimals when divisible, whole units otherwise. */
const COUNTERPARTY_TOKENS: readonly FaucetToken[] = SANDBOX_COUNTERPARTY_ASSETS.map((asset) => ({
  symbol: asset.asset,
  decimals: asset.divisible ? 8 : 0,
  address: asset.asset,
}));

/** Alkanes by name, with their alkane id as address (a request may name either). */
const ALKANE_TOKENS: readonly FaucetToken[] = SANDBOX_ALKANES.map((alkane) => ({
  symbol: alkane.name,
  decimals: alkane.divisibility,
  address: alkane.id,
}));

/**
 * A Bitcoin Stamp: amount "1" has the sandbox artist issue a new stamp (a 1x1 GIF) and send it to the address (a
 * Counterparty asset, so sendXCP moves it on).
 */
const BITCOIN_STAMP: FaucetToken = { symbol: 'BITCOIN-STAMP', decimals: 0, address: 'stamp' };

/** SRC-20 tokens the sandbox seeds deploy: a mint to the address, by the sandbox minter, within the tick's limit. */
const SRC20_TOKENS: readonly FaucetToken[] = SEED_SRC20_TICKS.map(({ tick, dec }) => ({
  symbol: `SRC-20:${tick}`,
  decimals: dec,
  address: `src20:${tick}`,
}));

/**
 * BTC, each sandbox rune by its spaced name with its rune id as address (a request may name either), inscriptions,
 * the Counterparty assets, a new Bitcoin Stamp, mints of the seeded SRC-20 tokens, and the alkanes.
 */
const BITCOIN_TOKENS: readonly FaucetToken[] = [
  { symbol: 'BTC', decimals: 8, address: null },
  ...SANDBOX_RUNES.map((rune) => ({ symbol: rune.spacedName, decimals: rune.divisibility, address: rune.id })),
  INSCRIPTION,
  ...COUNTERPARTY_TOKENS,
  BITCOIN_STAMP,
  ...SRC20_TOKENS,
  ...ALKANE_TOKENS,
];

/**
 * BRC-20: per token deployed on the chain (the seeded ordi, sats and rats), `BRC20:<TICK>` inscribes a `mint` of the
 * amount to the address (at most the token's limit, while supply is left) and `BRC20-TRANSFER:<TICK>` inscribes a
 * `transfer` of an amount the address holds available, which `sendInscription` then delivers. Amounts take at most 8
 * decimals (the faucet's scale), fewer when the token has fewer.
 */
const BRC20_MINT = 'brc20:';
const BRC20_TRANSFER = 'brc20-transfer:';
const FAUCET_MAX_DECIMALS = 8;

const brc20Tokens = (bitcoin: SandboxBitcoin): FaucetToken[] =>
  bitcoin.ordinals.brc20Tokens().flatMap((token) => {
    const decimals = Math.min(token.decimals, FAUCET_MAX_DECIMALS);
    const tick = token.tick.toLowerCase();
    return [
      { symbol: `BRC20:${tick.toUpperCase()}`, decimals, address: `${BRC20_MINT}${tick}` },
      { symbol: `BRC20-TRANSFER:${tick.toUpperCase()}`, decimals, address: `${BRC20_TRANSFER}${tick}` },
    ];
  });

/**
 * Inscribes a valid BRC-20 `mint` or `transfer` of `atomic` (the token's faucet scale) to `address`, or answers a 400
 * saying why the BRC-20 rules would not credit it.
 */
function inscribeBrc20(bitcoin: SandboxBitcoin, address: string, token: FaucetToken, atomic: bigint) {
  const transfer = token.address!.startsWith(BRC20_TRANSFER);
  const tick = token.address!.slice(transfer ? BRC20_TRANSFER.length : BRC20_MINT.length);
  const deployed = bitcoin.ordinals.brc20Token(tick)!;
  const amt = formatBrc20Amount(atomic, token.decimals);
  const wanted = parseBrc20Amount(amt, deployed.decimals)!;
  const atomicOf = (amount: string) => parseBrc20Amount(amount, deployed.decimals)!;
  if (transfer) {
    const available = bitcoin.ordinals.brc20BalancesOf(address).find((held) => held.tick === deployed.tick)?.available;
    if (wanted > atomicOf(available ?? '0'))
      throw invalidAmount('insufficient_balance', `${address} holds ${available ?? '0'} ${tick} available to transfer`);
  } else {
    if (wanted > atomicOf(deployed.limit))
      throw invalidAmount('too_big', `${tick} mints at most ${deployed.limit} per inscription`);
    if (atomicOf(deployed.minted) >= atomicOf(deployed.max))
      throw invalidAmount('minted_out', `${tick}'s supply of ${deployed.max} is minted out`);
  }
  const body = JSON.stringify({ p: 'brc-20', op: transfer ? 'transfer' : 'mint', tick: deployed.tick, amt });
  const inscription = {
    contentType: 'text/plain;charset=utf-8',
    body: Buffer.from(body),
    // A 5-byte ticker is self-minted: its mints are children of its deploy inscription.
    parent: deployed.selfMint && !transfer ? deployed.deployInscription : undefined,
  };
  const txid = bitcoin.ledger.credit(address, POSTAGE_SATS, { inscription });
  return { transaction: txid, inscriptionId: `${txid}i0` };
}

const invalidAmount = (rule: string, detail: string) =>
  new ServiceError('invalid_input', `sandbox faucet: amount: ${detail}`, {
    issues: [{ field: 'amount', rule, message: `amount: ${detail}` }],
  });

/**
 * BTC on the sandbox Bitcoin ledger (mainnet addresses, bip122 mainnet id): the faucet pays the address in a
 * coinbase-shaped transaction that is mined at once, so the coins are a spendable UTXO when the request returns.
 * `rpcUrl` is the ledger's Esplora-compatible facade (the same REST shape as mempool.space / blockstream.info; an ord
 * server's JSON API under /ord; the Counterparty API v2 under /counterparty). A rune is granted on a fresh output of
 * 10 000 sats (ord's postage) to the address, and so is an alkane (a protorune balance on that output); a
 * Counterparty asset is credited to the address in the same kind of transaction (Counterparty balances belong to
 * addresses, so those 10 000 sats are ordinary BTC of the address).
 */
export const bitcoinFaucet: FaucetFamily = {
  chains: ['bitcoin'],
  maxAtomic: { value: 2n ** 63n - 1n, type: 'int64' },
  address: BTC_ADDRESS.refine(
    isBitcoinMainnetAddress,
    'must be a Bitcoin mainnet address (bc1q…, bc1p…, 1…, 3…) with a valid checksum',
  ),
  chainOf: (token) => (token === 'BTC' ? 'bitcoin' : undefined),
  async describe(sandbox, chain) {
    return {
      chain,
      network: BITCOIN_MAINNET,
      rpcUrl: await sandbox.bitcoin.esploraUrl(),
      nativeSymbol: 'BTC',
      tokens: [...BITCOIN_TOKENS, ...brc20Tokens(sandbox.bitcoin)],
      pools: [],
    };
  },
  async fund(sandbox, { address, token, atomic }) {
    const { ledger } = sandbox.bitcoin;
    if (token === INSCRIPTION) {
      if (atomic !== 1n) throw invalidAmount('too_big', 'one inscription per request ("1")');
      return { transaction: ledger.credit(address, POSTAGE_SATS, 'inscription') };
    }
    if (token === BITCOIN_STAMP) {
      if (atomic !== 1n) throw invalidAmount('too_big', 'one stamp per request ("1")');
      return { transaction: faucetStamp(ledger, address) };
    }
    if (SRC20_TOKENS.includes(token)) {
      try {
        const tick = token.address!.slice('src20:'.length);
        return { transaction: faucetSrc20Mint(ledger, sandbox.bitcoin.stamps, address, tick, atomic) };
      } catch (error) {
        if (error instanceof RangeError) throw invalidAmount('too_big', error.message);
        throw error;
      }
    }
    if (token.address?.startsWith(BRC20_MINT) || token.address?.startsWith(BRC20_TRANSFER))
      return inscribeBrc20(sandbox.bitcoin, address, token, atomic);
    try {
      if (token.address === null) return { transaction: ledger.credit(address, atomic) };
      if (COUNTERPARTY_TOKENS.includes(token))
        return { transaction: ledger.credit(address, POSTAGE_SATS, { asset: token.address, quantity: atomic }) };
      if (ALKANE_TOKENS.includes(token))
        return { transaction: ledger.credit(address, POSTAGE_SATS, { alkane: token.address, amount: atomic }) };
      return { transaction: ledger.credit(address, POSTAGE_SATS, { rune: token.address, amount: atomic }) };
    } catch (error) {
      // The ledger refuses a dust output (below 294 sats to P2WPKH, 330 to P2TR): the request's amount is at fault.
      if (!(error instanceof BitcoinLedgerError)) throw error;
      throw invalidAmount(error.code, error.message);
    }
  },
};
