import { catalog } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, UNCAPPED, useSandboxGateway } from './harness.js';

/**
 * The Bitcoin research tools of the catalog: its open reads priced by the 'bitcoin-research' family and settled after
 * their answer (the CoinGecko price tools of the group settle before their upstream call and live in market data).
 */
const RESEARCH_TOOLS = catalog
  .filter((tool) => tool.price === 'bitcoin-research' && tool.settlement === 'after-success')
  .map((tool) => tool.name)
  .sort();

describe.each(backendsFor(import.meta.url))(
  'every Bitcoin research tool of the catalog in sandbox mode ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);
    const json = async (res: Response) => {
      const text = await res.text();
      expect(res.status, text).toBe(200);
      return JSON.parse(text);
    };

    it('answers 200 through a real x402 payment, from the sandbox chain (a body per tool, made from its state)', async () => {
      const wallet = await fundedWallet(gateway, UNCAPPED);
      const { taproot } = await json(await wallet.call('getBTCBalances', {}));
      const address: string = taproot.address;
      const granted = async (token: string, amount: string) =>
        (await json(await gateway.faucet({ address, chain: 'bitcoin', token, amount }))).transaction as string;
      const inscription = `${await granted('INSCRIPTION', '1')}i0`;
      const utxoId = `${await granted('DOG•GO•TO•THE•MOON', '100000')}:0`;
      await granted('DIESEL', '1000');
      const [collection] = (await json(await wallet.call('getBitcoinCollections', {}))).data as { slug: string }[];
      const [item] = (await json(await wallet.call('getCollectionInscriptions', { slug: collection!.slug })))
        .data as string[];

      const bodies: Record<string, unknown> = {
        getInscriptionInfo: { inscriptionId: inscription },
        getInscriptionTraits: { inscriptionId: item },
        getInscriptionActivity: { bitcoinAddress: address },
        getLatestInscriptions: { sort: 'inscription_number_desc' },
        getInscriptionsByAddress: { bitcoinAddress: address },
        getOwnedInscriptionIds: { bitcoinAddress: address },
        inscriptionTransferActivity: { inscriptionId: inscription },
        getBitcoinCollections: { page: 1 },
        getCollectionInfo: { slug: collection!.slug },
        getCollectionInscriptions: { slug: collection!.slug },
        getCollectionMarketInfo: { slug: collection!.slug },
        getCollectionVolume: { collectionSymbol: collection!.slug },
        getTopCollectionsByVolume: { limit: 5 },
        getTopCollectionsByFloor: { limit: 5 },
        getLatestRunes: { sort: 'newest' },
        getRuneInfo: { name: 'dog•go•to•the•moon' },
        getRuneMarketInfo: { name: 'DOGGOTOTHEMOON' },
        checkRuneUnlock: { name: 'SATOSHI' },
        getRuneBalances: { bitcoinAddress: address },
        getUtxoRunes: { bitcoinAddress: address },
        getRunesActivity: { bitcoinAddress: address },
        getTopRunesByMarketCap: {},
        getTopRunesByVolume: {},
        getMarketRunePrice: { runeName: 'DOGGOTOTHEMOON' },
        getRareSats: { bitcoinAddress: address },
        rareSatsForUTXO: { utxoId },
        getSatRangesForUTXO: { utxoId },
        listBRC20Tokens: { sort: 'oldest' },
        getBRC20TokenInfo: { ticker: 'ORDI' },
        getBRC20Activity: { bitcoinAddress: address },
        getTopBRC20ByMarketCap: {},
        getTopBRC20ByVolume: {},
        listAlkanes: { sort: 'oldest', type: 'TOKEN' },
        getAlkaneInfo: { id: '2:0' },
        getAlkaneAddressBalance: { bitcoinAddress: address },
        getAlkaneAddressUTXOs: { bitcoinAddress: address },
        getStamp: { stampId: '0' },
        getStampsByAddress: { bitcoinAddress: address },
        searchStamps: { sort_order: 'ASC' },
        getRecentStamps: { limit: 5 },
        getSRC20Token: { tick: 'kevin' },
        searchSRC20Tokens: { query: 'KEV', page: 1 },
      };
      expect(Object.keys(bodies).sort()).toEqual(RESEARCH_TOOLS);
      expect(RESEARCH_TOOLS).toHaveLength(42);

      for (const [tool, body] of Object.entries(bodies)) {
        const answer = await json(await wallet.call(tool, body));
        expect(answer.source, tool).toMatch(/^Sandbox /);
      }
      // What the faucet granted is in the answers (computed from the chain, not canned).
      expect((await json(await wallet.call('getOwnedInscriptionIds', { bitcoinAddress: address }))).data).toEqual([
        inscription,
      ]);
      expect((await json(await wallet.call('getAlkaneAddressBalance', { bitcoinAddress: address }))).data).toEqual([
        // 1000 DIESEL at 8 decimals, in atomic units.
        expect.objectContaining({ id: '2:0', balance: '100000000000' }),
      ]);
    });
  },
);
