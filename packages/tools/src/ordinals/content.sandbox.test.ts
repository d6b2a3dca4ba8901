import { findTool, outputOf, type ToolName } from '@svc/contracts';
import { sandboxProviders } from '@svc/providers';
import { SandboxBitcoin, SEED_HOLDERS } from '@svc/sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { getBRC20Activity, getBRC20TokenInfo, listBRC20Tokens } from './brc20.js';
import {
  getBitcoinCollections,
  getCollectionInfo,
  getCollectionInscriptions,
  getInscriptionTraits,
} from './collections.js';
import { getInscriptionInfo } from './inscriptions.js';
import { sandboxBitcoinIndex } from './sandbox-bitcoin-index.js';

const chains: SandboxBitcoin[] = [];
afterAll(() => Promise.all(chains.map((bitcoin) => bitcoin.stop())));

/** A new sandbox chain (seeded with its collections and BRC-20 tokens) and a sandbox-mode context reading it. */
function sandboxContext() {
  const bitcoin = new SandboxBitcoin();
  chains.push(bitcoin);
  const context = {
    mode: 'sandbox',
    caller: undefined,
    providers: sandboxProviders(),
    bitcoinIndex: sandboxBitcoinIndex(bitcoin),
  } as HandlerContext;
  return { ledger: bitcoin.ledger, context };
}

/** The answer's `data`, once the answer is checked against the tool's published schema as the service does. */
function dataOf<T>(tool: ToolName, answer: Readonly<Record<string, unknown>>): T {
  expect(outputOf(findTool(tool)!)!.safeParse(answer).success).toBe(true);
  return answer.data as T;
}

interface TokenJson {
  tick: string;
  inscription_id: string;
  minted: number;
  max_supply: number;
  decimals: number;
}

describe('collections, traits and BRC-20 on the sandbox ordinals index', () => {
  it('list the seeded collections with their children, and each child’s traits from its metadata', async () => {
    const { context } = sandboxContext();
    const collections = dataOf('getBitcoinCollections', await getBitcoinCollections({ page: 1 }, context));
    expect(collections).toEqual([
      {
        name: 'Bitcoin Frogs',
        slug: 'bitcoin-frogs',
        description: '10,000 pure on-chain frogs on Bitcoin.',
        twitter_link: 'https://twitter.com/BitcoinFrogs',
        discord_link: null,
        website_link: 'https://bitcoinfrogs.art',
        item_count: 10,
      },
      expect.objectContaining({ slug: 'taproot-wizards', item_count: 8 }),
    ]);
    expect((await getBitcoinCollections({ page: 2 }, context)).data).toEqual([]);
    expect(dataOf('getCollectionInfo', await getCollectionInfo({ slug: 'Taproot-Wizards' }, context))).toMatchObject({
      name: 'Taproot Wizards',
      description: 'magic internet jpegs',
    });
    await expect(getCollectionInfo({ slug: 'bitcoin-puppets' }, context)).rejects.toMatchObject({ status: 404 });

    const wizards = dataOf<string[]>(
      'getCollectionInscriptions',
      await getCollectionInscriptions({ slug: 'taproot-wizards' }, context),
    );
    expect(wizards).toHaveLength(8);
    const wizard = dataOf<{ parent_inscription_id: string | null }>(
      'getInscriptionInfo',
      await getInscriptionInfo({ inscriptionId: wizards[2]! }, context),
    );
    // Taproot Wizard #3: Hat None (#3, #7 of 8), Robe Blue (#2, #3, #5, #6, #8), Staff Lightning (#1, #3, #5, #7).
    expect(wizard).toMatchObject({
      collection_slug: 'taproot-wizards',
      content_type: 'image/svg+xml',
      metadata: { name: 'Taproot Wizard #3', Hat: 'None', Robe: 'Blue', Staff: 'Lightning' },
      metaprotocol: null,
      brc20_action: null,
    });
    expect(wizard.parent_inscription_id).toMatch(/^[0-9a-f]{64}i0$/);
    expect(dataOf('getInscriptionTraits', await getInscriptionTraits({ inscriptionId: wizards[2]! }, context))).toEqual(
      [
        { name: 'Hat', value: 'None', rarity: 25 },
        { name: 'Robe', value: 'Blue', rarity: 62.5 },
        { name: 'Staff', value: 'Lightning', rarity: 50 },
      ],
    );
    // The parent is in no collection: no traits. An unknown inscription is a 404.
    expect((await getInscriptionTraits({ inscriptionId: wizard.parent_inscription_id! }, context)).data).toEqual([]);
    await expect(getInscriptionTraits({ inscriptionId: `${'ab'.repeat(32)}i0` }, context)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('answer BRC-20 tokens and activity as the rules left them, and follow a new mint', async () => {
    const { ledger, context } = sandboxContext();
    const newest = dataOf<TokenJson[]>('listBRC20Tokens', await listBRC20Tokens({ sort: 'newest' }, context));
    expect(newest.map((token) => [token.tick, token.minted, token.max_supply, token.decimals])).toEqual([
      ['RATS', 1000, 1000, 0],
      ['SATS', 150000000.12345678, 2100000000000000, 8],
      ['ORDI', 2250.5, 21000000, 18],
    ]);
    expect((await listBRC20Tokens({ sort: 'oldest', page: 2 }, context)).data).toEqual([]);
    const ordi = dataOf<TokenJson>('getBRC20TokenInfo', await getBRC20TokenInfo({ ticker: 'OrDi' }, context));
    expect(ordi).toMatchObject({ tick: 'ORDI', price: null, mint_limit: 1000, holders: 3 });
    await expect(getBRC20TokenInfo({ ticker: 'pepe' }, context)).rejects.toMatchObject({ status: 404 });
    const deploy = dataOf(
      'getInscriptionInfo',
      await getInscriptionInfo({ inscriptionId: ordi.inscription_id }, context),
    );
    expect(deploy).toMatchObject({ metaprotocol: null, brc20_action: { type: 'DEPLOY', tick: 'ORDI' } });

    const alice = SEED_HOLDERS.alice;
    const activity = async (page?: number) =>
      dataOf<{ type: string; ticker: string; amount: number; to_address: string | null }[]>(
        'getBRC20Activity',
        await getBRC20Activity({ bitcoinAddress: alice, page }, context),
      );
    expect((await activity()).map((event) => [event.type, event.ticker, event.amount, event.to_address])).toEqual([
      ['INSCRIBE_TRANSFER', 'ORDI', 300, alice],
      ['MINT', 'RATS', 400, alice],
      ['MINT', 'SATS', 100000000, alice],
      ['MINT', 'ORDI', 1000, alice],
    ]);

    const mint = `${ledger.credit(alice, 10_000n, {
      inscription: {
        contentType: 'application/json',
        body: Buffer.from(JSON.stringify({ p: 'brc-20', op: 'mint', tick: 'ORDI', amt: '999.5' })),
      },
    })}i0`;
    expect(dataOf<TokenJson>('getBRC20TokenInfo', await getBRC20TokenInfo({ ticker: 'ordi' }, context)).minted).toBe(
      3250,
    );
    expect((await activity())[0]).toMatchObject({
      type: 'MINT',
      inscription_id: mint,
      amount: 999.5,
      from_address: null,
    });
    expect(await activity(2)).toEqual([]);
  });
});
