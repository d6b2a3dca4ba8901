/**
 * The ordinals content a new sandbox Bitcoin chain starts with, so the collection and BRC-20 tools have something to
 * index: two collections (a parent inscription naming the collection in its metadata, and children carrying their
 * traits in theirs) and BRC-20 deploys, mints and transfer inscriptions, including operations the BRC-20 rules reject
 * (a second deploy of a ticker, a mint over the limit, a mint after the supply is minted out, a transfer beyond the
 * balance). Every reveal is a faucet transaction with its content in the witness envelope, mined at a fixed time, so
 * the seed's transactions are the same on every new chain. The tickers and collection names are real mainnet ones;
 * supplies, limits and decimals are the sandbox's, chosen to differ.
 *
 * The holders are deterministic addresses whose private keys are SHA-256 of their labels (see SEED_HOLDERS), so a
 * developer can sign with them.
 */
import { createHash } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1';
import { networks, payments, Transaction } from 'bitcoinjs-lib';
import type { JsonValue } from '../cbor.js';
import { type InscriptionContent, revealedInscription } from '../inscription-envelope.js';
import type { BitcoinSandboxLedger } from '../ledger.js';
import { POSTAGE_SATS } from '../sandbox-assets.js';

/** 2023-11-14T22:13:20Z: the first seeded block; each next one ten minutes later. */
const SEED_START_TIME = 1_700_000_000;
const BLOCK_SECONDS = 600;

/** The P2WPKH address of the key SHA-256(`label`). */
function seedAddress(label: string): string {
  const key = createHash('sha256').update(label).digest();
  return payments.p2wpkh({ pubkey: secp256k1.getPublicKey(key, true), network: networks.bitcoin }).address!;
}

/** The seed's holders by role; each one's private key is SHA-256 of `svc sandbox ordinals <role>`. */
export const SEED_HOLDERS = {
  creator: seedAddress('svc sandbox ordinals creator'),
  alice: seedAddress('svc sandbox ordinals alice'),
  bob: seedAddress('svc sandbox ordinals bob'),
  carol: seedAddress('svc sandbox ordinals carol'),
} as const;

interface SeedCollection {
  readonly metadata: Readonly<Record<string, string>>;
  /** The item's name for number `n` (from 1). */
  readonly itemName: (n: number) => string;
  readonly traits: Readonly<Record<string, readonly string[]>>;
  readonly items: number;
  readonly color: string;
}

const COLLECTIONS: readonly SeedCollection[] = [
  {
    metadata: {
      name: 'Bitcoin Frogs',
      description: '10,000 pure on-chain frogs on Bitcoin.',
      twitter_link: 'https://twitter.com/BitcoinFrogs',
      website_link: 'https://bitcoinfrogs.art',
    },
    itemName: (n) => `Bitcoin Frog #${n}`,
    traits: {
      Background: ['Orange', 'Blue', 'Green', 'Orange', 'Purple'],
      Body: ['Green', 'Gold', 'Green'],
      Eyes: ['Laser', 'Sleepy', 'Wide', 'Sleepy'],
    },
    items: 10,
    color: '#3a7d44',
  },
  {
    metadata: {
      name: 'Taproot Wizards',
      description: 'magic internet jpegs',
      twitter_link: 'https://twitter.com/TaprootWizards',
      discord_link: 'https://discord.com/invite/taprootwizards',
      website_link: 'https://www.taprootwizards.com',
    },
    itemName: (n) => `Taproot Wizard #${n}`,
    traits: {
      Hat: ['Pointy', 'Crown', 'Pointy', 'None'],
      Robe: ['Blue', 'Black', 'Blue'],
      Staff: ['Oak', 'Lightning'],
    },
    items: 8,
    color: '#5b2a86',
  },
];

const svg = (title: string, color: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>${title}</title>` +
      `<rect width="64" height="64" fill="${color}"/></svg>`,
  );

const brc20 = (operation: Readonly<Record<string, string>>): InscriptionContent => ({
  contentType: 'text/plain;charset=utf-8',
  body: Buffer.from(JSON.stringify({ p: 'brc-20', ...operation })),
});

/** BRC-20 operations in order: [holder, operation]; the comments say what the rules make of them. */
const BRC20_OPERATIONS: readonly (readonly [keyof typeof SEED_HOLDERS, Readonly<Record<string, string>>])[] = [
  ['creator', { op: 'deploy', tick: 'ordi', max: '21000000', lim: '1000' }],
  ['creator', { op: 'deploy', tick: 'sats', max: '2100000000000000', lim: '100000000', dec: '8' }],
  ['creator', { op: 'deploy', tick: 'rats', max: '1000', lim: '400', dec: '0' }],
  // Rejected: "ordi" is deployed already (tickers compare case-insensitively; the first deploy wins).
  ['bob', { op: 'deploy', tick: 'ORDI', max: '1', lim: '1' }],
  ['alice', { op: 'mint', tick: 'ordi', amt: '1000' }],
  ['bob', { op: 'mint', tick: 'ordi', amt: '1000' }],
  // Rejected: over ordi's limit of 1000 per mint.
  ['carol', { op: 'mint', tick: 'ordi', amt: '1001' }],
  ['carol', { op: 'mint', tick: 'ordi', amt: '250.5' }],
  ['alice', { op: 'mint', tick: 'sats', amt: '100000000' }],
  ['bob', { op: 'mint', tick: 'sats', amt: '50000000.12345678' }],
  ['alice', { op: 'mint', tick: 'rats', amt: '400' }],
  ['bob', { op: 'mint', tick: 'rats', amt: '400' }],
  // Reaches rats' max of 1000: credited the 200 left.
  ['carol', { op: 'mint', tick: 'rats', amt: '400' }],
  // Rejected: rats is minted out.
  ['alice', { op: 'mint', tick: 'rats', amt: '400' }],
  // Alice's 300 ordi become transferable until this inscription is sent.
  ['alice', { op: 'transfer', tick: 'ordi', amt: '300' }],
  // Inert: more than Alice's available 700 ordi.
  ['alice', { op: 'transfer', tick: 'ordi', amt: '5000' }],
];

/** The seed's first reveal: the first collection's parent. Its presence means the ledger holds the seed. */
const firstReveal = (): InscriptionContent => ({
  contentType: 'image/svg+xml',
  body: svg(COLLECTIONS[0]!.metadata.name!, COLLECTIONS[0]!.color),
  metadata: COLLECTIONS[0]!.metadata,
});

function holdsSeed(ledger: BitcoinSandboxLedger): boolean {
  const marker = firstReveal().body;
  return ledger.transactionsAfter(0).some((tx) => {
    if (tx.prevouts.length > 0 || ledger.grantOf(tx.txid) !== 'inscription') return false;
    const content = revealedInscription(Transaction.fromHex(tx.hex).ins[0]?.witness ?? []);
    return content !== undefined && Buffer.from(content.body).equals(marker);
  });
}

/**
 * Writes the seed into `ledger` unless it holds it already (a ledger file from an earlier start). Idempotent.
 */
export function seedOrdinals(ledger: BitcoinSandboxLedger): void {
  if (holdsSeed(ledger)) return;
  // Fixed block times make a new chain's seed blocks the same every time; appended to an older chain (a ledger file
  // from before the seed) they are mined now, so block times never run backwards.
  const fixedTimes = ledger.height === 0;
  let block = 0;
  const reveal = (to: string, inscription: InscriptionContent) => {
    const blockTime = SEED_START_TIME + BLOCK_SECONDS * block++;
    return `${ledger.credit(to, POSTAGE_SATS, { inscription }, fixedTimes ? { blockTime } : {})}i0`;
  };
  const owners = [SEED_HOLDERS.alice, SEED_HOLDERS.bob, SEED_HOLDERS.carol];
  COLLECTIONS.forEach((collection, index) => {
    const parent = reveal(
      SEED_HOLDERS.creator,
      index === 0
        ? firstReveal()
        : {
            contentType: 'image/svg+xml',
            body: svg(collection.metadata.name!, collection.color),
            metadata: collection.metadata,
          },
    );
    for (let n = 1; n <= collection.items; n += 1) {
      const metadata: Record<string, JsonValue> = { name: collection.itemName(n) };
      for (const [trait, values] of Object.entries(collection.traits)) metadata[trait] = values[n % values.length]!;
      reveal(owners[n % owners.length]!, {
        contentType: 'image/svg+xml',
        body: svg(collection.itemName(n), collection.color),
        parent,
        metadata,
      });
    }
  });
  for (const [holder, operation] of BRC20_OPERATIONS) reveal(SEED_HOLDERS[holder], brc20(operation));
}
