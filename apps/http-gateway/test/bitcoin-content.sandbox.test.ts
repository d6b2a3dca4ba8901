import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, UNCAPPED, useSandboxGateway } from './harness.js';

describe.each(backendsFor(import.meta.url))(
  'collections, traits and BRC-20 on the sandbox ordinals index, paid with x402 ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);
    const ordinals = () => gateway.sandbox.bitcoin.ordinals;

    it('a seeded collection lists its children, whose traits come from their metadata', async () => {
      const wallet = await fundedWallet(gateway, UNCAPPED);
      const collections = (await json(await wallet.call('getBitcoinCollections', {}))).data;
      expect(collections.map((collection: { slug: string }) => collection.slug)).toEqual(
        expect.arrayContaining(['bitcoin-frogs', 'taproot-wizards']),
      );
      const frogs = (await json(await wallet.call('getCollectionInscriptions', { slug: 'bitcoin-frogs' }))).data;
      // The seed's ten children come first (number order); the market simulator's traders reveal more as they trade,
      // and the test worker's sandbox is shared with files that step it.
      expect(frogs.length).toBeGreaterThanOrEqual(10);
      const frog = (await json(await wallet.call('getInscriptionInfo', { inscriptionId: frogs[4] }))).data;
      expect(frog).toMatchObject({ collection_slug: 'bitcoin-frogs', metadata: { name: 'Bitcoin Frog #5' } });
      const traits = (await json(await wallet.call('getInscriptionTraits', { inscriptionId: frogs[4] }))).data;
      expect(traits.map((trait: { name: string; value: string }) => [trait.name, trait.value])).toEqual(
        Object.entries(frog.metadata).filter(([name]) => name !== 'name'),
      );
      // The parent's content is served from the reveal's envelope like any inscription's.
      const parent = (
        await json(await wallet.call('getInscriptionInfo', { inscriptionId: frog.parent_inscription_id }))
      ).data;
      expect(await (await fetch(parent.content_url)).text()).toContain('<title>Bitcoin Frogs</title>');
    }, 60_000);

    it('a faucet mint raises the minted supply and shows in the activity; a sent transfer inscription moves the balance', async () => {
      const frank = await fundedWallet(gateway, UNCAPPED);
      const grace = await fundedWallet(gateway, UNCAPPED);
      const { segwit, taproot } = await json(await frank.call('getBTCBalances', {}));
      const graceTaproot: string = (await json(await grace.call('getBTCBalances', {}))).taproot.address;
      const before = (await json(await frank.call('getBRC20TokenInfo', { ticker: 'ORDI' }))).data;
      const faucet = (token: string, amount: string) =>
        gateway.faucet({ address: taproot.address, chain: 'bitcoin', token, amount });

      const mint = await json(await faucet('BRC20:ORDI', '750.25'));
      expect(mint).toMatchObject({ token: 'BRC20:ORDI', asset: 'brc20:ordi', inscriptionId: `${mint.transaction}i0` });
      expect((await json(await frank.call('getBRC20TokenInfo', { ticker: 'ordi' }))).data).toMatchObject({
        minted: before.minted + 750.25,
        holders: before.holders + 1,
      });
      expect(
        (await json(await frank.call('getInscriptionInfo', { inscriptionId: mint.inscriptionId }))).data,
      ).toMatchObject({
        metaprotocol: null,
        brc20_action: { type: 'MINT', tick: 'ORDI' },
      });
      // What the rules would not credit, the faucet refuses: over the limit, a minted-out token, more than held.
      expect(await json(await faucet('BRC20:ORDI', '1000.5'), 400)).toMatchObject({
        issues: [{ field: 'amount', rule: 'too_big' }],
      });
      expect(await json(await faucet('brc20:rats', '1'), 400)).toMatchObject({
        issues: [{ field: 'amount', rule: 'minted_out' }],
      });
      expect(await json(await faucet('BRC20-TRANSFER:ORDI', '750.26'), 400)).toMatchObject({
        issues: [{ field: 'amount', rule: 'insufficient_balance' }],
      });

      const transfer = await json(await faucet('BRC20-TRANSFER:ORDI', '200'));
      expect(ordinals().brc20BalancesOf(taproot.address)).toEqual([
        { tick: 'ordi', balance: '750.25', available: '550.25', transferable: '200' },
      ]);
      expect(
        (await gateway.faucet({ address: segwit.address, chain: 'bitcoin', token: 'BTC', amount: '0.0005' })).status,
      ).toBe(200);
      const sent = await json(
        await frank.call('sendInscription', { inscriptionId: transfer.inscriptionId, to: graceTaproot, feeRate: 2 }),
      );
      expect(ordinals().brc20BalancesOf(taproot.address)).toEqual([
        { tick: 'ordi', balance: '550.25', available: '550.25', transferable: '0' },
      ]);
      expect(ordinals().brc20BalancesOf(graceTaproot)).toEqual([
        { tick: 'ordi', balance: '200', available: '200', transferable: '0' },
      ]);

      const activity = async (address: string) =>
        (await json(await frank.call('getBRC20Activity', { bitcoinAddress: address }))).data.map(
          (event: { type: string; from_address: string | null; to_address: string | null; amount: number }) => [
            event.type,
            event.from_address,
            event.to_address,
            event.amount,
          ],
        );
      expect(await activity(graceTaproot)).toEqual([['TRANSFER', taproot.address, graceTaproot, 200]]);
      expect(await activity(taproot.address)).toEqual([
        ['TRANSFER', taproot.address, graceTaproot, 200],
        ['INSCRIBE_TRANSFER', null, taproot.address, 200],
        ['MINT', null, taproot.address, 750.25],
      ]);
      const [latest] = (await json(await grace.call('getBRC20Activity', { bitcoinAddress: graceTaproot }))).data;
      expect(latest).toMatchObject({ ticker: 'ORDI', inscription_id: transfer.inscriptionId });
      expect(sent.txid).toMatch(/^[0-9a-f]{64}$/);
      // The holders grew by Grace; the supply did not move.
      expect((await json(await grace.call('getBRC20TokenInfo', { ticker: 'ordi' }))).data).toMatchObject({
        minted: before.minted + 750.25,
        holders: before.holders + 2,
      });
    }, 60_000);

    it('GET /api/sandbox lists a mint and a transfer token per deployed ticker', async () => {
      const { chains } = await json(await fetch(`${gateway.url}/api/sandbox`));
      const bitcoin = chains.find((chain: { chain: string }) => chain.chain === 'bitcoin');
      expect(bitcoin.tokens).toEqual(
        expect.arrayContaining([
          { symbol: 'BRC20:ORDI', decimals: 8, address: 'brc20:ordi' },
          { symbol: 'BRC20-TRANSFER:ORDI', decimals: 8, address: 'brc20-transfer:ordi' },
          { symbol: 'BRC20:RATS', decimals: 0, address: 'brc20:rats' },
        ]),
      );
    });
  },
);
