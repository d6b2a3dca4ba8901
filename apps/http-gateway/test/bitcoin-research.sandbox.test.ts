import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, UNCAPPED, useSandboxGateway } from './harness.js';

const BAD_CHECKSUM = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5';
const DOG = '840000:3';

/** The rarity ordinal theory gives the first sat of a sandbox block (periods scaled by 336: 6, 625, 3750 blocks). */
const firstSatRarity = (height: number, sat: number) =>
  sat === 0
    ? 'MYTHIC'
    : height % 3750 === 0
      ? 'LEGENDARY'
      : height % 625 === 0
        ? 'EPIC'
        : height % 6 === 0
          ? 'RARE'
          : 'UNCOMMON';

describe.each(backendsFor(import.meta.url))(
  'Bitcoin research tools on the sandbox ordinals index, paid with x402 ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);
    const ledger = () => gateway.sandbox.bitcoin.ledger;

    it('a faucet inscription is listed for its owner with its sat; after sendInscription the new owner and the transfer show', async () => {
      const frank = await fundedWallet(gateway, UNCAPPED);
      const grace = await fundedWallet(gateway, UNCAPPED);
      const { segwit, taproot } = await json(await frank.call('getBTCBalances', {}));
      const graceTaproot: string = (await json(await grace.call('getBTCBalances', {}))).taproot.address;
      const inscribed = await json(
        await gateway.faucet({ address: taproot.address, chain: 'bitcoin', token: 'INSCRIPTION', amount: '1' }),
      );
      const inscriptionId = `${inscribed.transaction}i0`;

      const held = await json(await frank.call('getInscriptionsByAddress', { bitcoinAddress: taproot.address }));
      expect(held.data).toHaveLength(1);
      const [ranges] = (await json(await frank.call('getSatRangesForUTXO', { utxoId: `${inscribed.transaction}:0` })))
        .data as [number, number][];
      const info = (await json(await frank.call('getInscriptionInfo', { inscriptionId }))).data;
      expect(held.data[0]).toEqual(info);
      expect(info).toMatchObject({
        inscription_id: inscriptionId,
        owner_address: taproot.address,
        owner_output: `${inscribed.transaction}:0`,
        genesis_address: taproot.address,
        genesis_output: `${inscribed.transaction}:0`,
        content_type: 'text/plain;charset=utf-8',
        // The first sat of the faucet's output, which is also its block's first sat.
        sat: ranges![0],
        satributes: [firstSatRarity(ledger().transaction(inscribed.transaction)!.height, ranges![0])],
      });
      // The content is the reveal's envelope, served by the sandbox facade's ord route.
      const content = await fetch(info.content_url);
      expect(content.headers.get('content-type')).toBe('text/plain;charset=utf-8');
      expect(await content.text()).toBe(
        `svc sandbox inscription, block ${ledger().transaction(inscribed.transaction)!.height}`,
      );
      expect(info.content_length).toBe(
        `svc sandbox inscription, block ${ledger().transaction(inscribed.transaction)!.height}`.length,
      );
      expect(
        (await json(await frank.call('getOwnedInscriptionIds', { bitcoinAddress: taproot.address }))).data,
      ).toEqual([inscriptionId]);
      const latest = (await json(await frank.call('getLatestInscriptions', { sort: 'inscription_number_desc' }))).data;
      expect(latest[0]).toMatchObject({ inscription_id: inscriptionId });
      // Cursors are exclusive inscription numbers.
      const numbers = async (body: Record<string, unknown>) =>
        (await json(await frank.call('getLatestInscriptions', body))).data.map(
          (inscription: { inscription_number: number }) => inscription.inscription_number,
        );
      const number: number = info.inscription_number;
      expect((await numbers({ sort: 'inscription_number_desc', before: number + 1 }))[0]).toBe(number);
      expect(await numbers({ sort: 'inscription_number_asc', after: number })).toEqual([]);
      expect(await numbers({ sort: 'inscription_number_asc', after: number, before: number })).toEqual([]);

      expect(
        (await gateway.faucet({ address: segwit.address, chain: 'bitcoin', token: 'BTC', amount: '0.0005' })).status,
      ).toBe(200);
      const sent = await json(await frank.call('sendInscription', { inscriptionId, to: graceTaproot, feeRate: 2 }));

      expect((await json(await grace.call('getInscriptionInfo', { inscriptionId }))).data).toMatchObject({
        owner_address: graceTaproot,
        owner_output: `${sent.txid}:0`,
        genesis_address: taproot.address,
        sat: ranges![0],
      });
      expect((await json(await grace.call('inscriptionTransferActivity', { inscriptionId }))).data).toEqual([
        {
          from_address: taproot.address,
          to_address: graceTaproot,
          inscription_id: inscriptionId,
          spent_as_fee: false,
          txid: sent.txid,
          confirmed: true,
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ]);
      expect(
        (await json(await grace.call('getInscriptionsByAddress', { bitcoinAddress: graceTaproot, page: 1 }))).data,
      ).toMatchObject([{ inscription_id: inscriptionId }]);
      expect(
        (await json(await frank.call('getInscriptionsByAddress', { bitcoinAddress: taproot.address }))).data,
      ).toEqual([]);
      expect(
        (await json(await frank.call('getInscriptionActivity', { bitcoinAddress: taproot.address }))).data.map(
          (activity: { type: string; counterpart_address: string | null }) => [
            activity.type,
            activity.counterpart_address,
          ],
        ),
      ).toEqual([
        ['SEND', graceTaproot],
        ['INSCRIBE', null],
      ]);
      expect(
        (await json(await grace.call('getInscriptionActivity', { bitcoinAddress: graceTaproot, page: 2 }))).data,
      ).toEqual([]);
    }, 60_000);

    it('after sendRunes, the rune balances, UTXOs and activity agree with getBTCBalances and the amount sent', async () => {
      const dave = await fundedWallet(gateway, UNCAPPED);
      const erin = await fundedWallet(gateway, UNCAPPED);
      const { segwit, taproot } = await json(await dave.call('getBTCBalances', {}));
      const erinTaproot: string = (await json(await erin.call('getBTCBalances', {}))).taproot.address;
      const before = (await json(await dave.call('getRuneInfo', { name: 'dog.go.to.the.moon' }))).data;
      const granted = await json(
        await gateway.faucet({ address: taproot.address, chain: 'bitcoin', token: DOG, amount: '1000' }),
      );
      expect(
        (await gateway.faucet({ address: segwit.address, chain: 'bitcoin', token: 'BTC', amount: '0.001' })).status,
      ).toBe(200);
      expect((await json(await dave.call('getRuneInfo', { name: 'DOGGOTOTHEMOON' }))).data).toMatchObject({
        id: DOG,
        name: 'DOGGOTOTHEMOON',
        formatted_name: 'DOG•GO•TO•THE•MOON',
        decimals: 5,
        current_supply: String(BigInt(before.current_supply) + 100_000_000n),
        current_mint_count: before.current_mint_count + 1,
      });

      const sent = await json(
        await dave.call('sendRunes', { runeName: 'DOG•GO•TO•THE•MOON', amount: '250.5', to: erinTaproot, feeRate: 3 }),
      );
      const daveBtc = await json(await dave.call('getBTCBalances', {}));
      const erinBtc = await json(await erin.call('getBTCBalances', {}));
      expect(
        (await json(await dave.call('getRuneBalances', { bitcoinAddress: daveBtc.taproot.address }))).data,
      ).toEqual([{ name: 'DOGGOTOTHEMOON', balance: String(100_000_000n - 25_050_000n) }]);
      expect(
        (await json(await erin.call('getRuneBalances', { bitcoinAddress: erinBtc.taproot.address }))).data,
      ).toEqual([{ name: 'DOGGOTOTHEMOON', balance: '25050000' }]);
      // The outputs getUtxoRunes lists hold exactly the sats getBTCBalances counts on each taproot address.
      for (const [wallet, balances] of [
        [dave, daveBtc],
        [erin, erinBtc],
      ] as const) {
        const utxos = (await json(await wallet.call('getUtxoRunes', { bitcoinAddress: balances.taproot.address })))
          .data;
        expect(utxos.reduce((sum: number, utxo: { value: number }) => sum + utxo.value, 0)).toBe(
          Number(balances.taproot.sats),
        );
      }
      expect((await json(await erin.call('getUtxoRunes', { bitcoinAddress: erinTaproot }))).data).toEqual([
        {
          outpoint: `${sent.txid}:1`,
          value: 546,
          runes: [{ name: 'DOGGOTOTHEMOON', balance: '25050000' }],
          inscriptions: [],
        },
      ]);
      const transfer = {
        txid: sent.txid,
        runestone_messages: [{ rune: 'DOGGOTOTHEMOON', type: 'TRANSFER' }],
        inputs: [
          {
            address: taproot.address,
            output: `${granted.transaction}:0`,
            rune: 'DOGGOTOTHEMOON',
            rune_amount: '100000000',
          },
        ],
        outputs: expect.arrayContaining([
          { address: erinTaproot, vout: 1, rune: 'DOGGOTOTHEMOON', rune_amount: '25050000' },
          { address: taproot.address, vout: expect.any(Number), rune: 'DOGGOTOTHEMOON', rune_amount: '74950000' },
        ]),
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      };
      expect((await json(await erin.call('getRunesActivity', { bitcoinAddress: erinTaproot }))).data).toEqual([
        transfer,
      ]);
      const daveActivity = (await json(await dave.call('getRunesActivity', { bitcoinAddress: taproot.address }))).data;
      expect(daveActivity).toEqual([
        transfer,
        expect.objectContaining({
          txid: granted.transaction,
          runestone_messages: [{ rune: 'DOGGOTOTHEMOON', type: 'MINT' }],
          inputs: [],
        }),
      ]);
    }, 60_000);

    it("rareSatsForUTXO of a faucet coinbase's first output reports its block's first sat; sat ranges follow the sats", async () => {
      const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
      const wallet = await fundedWallet(gateway, UNCAPPED);
      const funded = await json(await gateway.faucet({ address, chain: 'bitcoin', token: 'BTC', amount: '0.0001' }));
      const utxoId = `${funded.transaction}:0`;
      const [[start, end]] = (await json(await wallet.call('getSatRangesForUTXO', { utxoId }))).data;
      expect(end - start).toBe(10_000);
      const rarity = firstSatRarity(ledger().transaction(funded.transaction)!.height, start);
      const rare = await json(await wallet.call('rareSatsForUTXO', { utxoId }));
      expect(rare.data).toEqual([{ satributes: [rarity], ranges: [[start, start + 1]] }]);
      expect(['UNCOMMON', 'RARE', 'EPIC', 'LEGENDARY', 'MYTHIC']).toContain(rarity);
      expect((await json(await wallet.call('getRareSats', { bitcoinAddress: address }))).data).toContainEqual(
        expect.objectContaining({ satributes: [rarity], ranges: expect.arrayContaining([[start, start + 1]]) }),
      );
    }, 60_000);

    it('rune names, and the refusals: a bad checksum is a 400, an unknown inscription or spent output a 404', async () => {
      const wallet = await fundedWallet(gateway, UNCAPPED);
      expect((await json(await wallet.call('checkRuneUnlock', { name: 'uncommon•goods' }))).data).toMatchObject({
        name: 'UNCOMMONGOODS',
        status: 'ETCHED',
      });
      expect(ledger().height).toBeLessThan(2500);
      const locked = (await json(await wallet.call('checkRuneUnlock', { name: 'SATOSHI' }))).data;
      expect(locked).toMatchObject({ name: 'SATOSHI', status: 'LOCKED' });
      expect(locked.unlock_block_height).toBeGreaterThan(2500);
      expect(
        (await json(await wallet.call('getLatestRunes', { sort: 'oldest' }))).data.map(
          (rune: { name: string; number: number }) => [rune.number, rune.name],
        ),
      ).toEqual([
        [0, 'UNCOMMONGOODS'],
        [1, 'DOGGOTOTHEMOON'],
      ]);
      expect(
        (await json(await wallet.call('getLatestRunes', { sort: 'newest', before: 1 }))).data.map(
          (rune: { name: string }) => rune.name,
        ),
      ).toEqual(['UNCOMMONGOODS']);

      expect(
        await json(await wallet.call('getInscriptionsByAddress', { bitcoinAddress: BAD_CHECKSUM }), 400),
      ).toMatchObject({ issues: [{ field: 'bitcoinAddress', rule: 'format' }] });
      expect(
        await json(await wallet.call('getInscriptionInfo', { inscriptionId: `${'ab'.repeat(32)}i0` }), 404),
      ).toMatchObject({ code: 'not_found' });
      expect(await json(await wallet.call('getRuneInfo', { name: 'NOSUCHRUNE' }), 404)).toMatchObject({
        code: 'not_found',
      });
      const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
      const funded = await json(await gateway.faucet({ address, chain: 'bitcoin', token: 'BTC', amount: '0.0001' }));
      expect(
        await json(await wallet.call('getSatRangesForUTXO', { utxoId: `${funded.transaction}:1` }), 404),
      ).toMatchObject({ code: 'not_found' });
    }, 60_000);
  },
);
