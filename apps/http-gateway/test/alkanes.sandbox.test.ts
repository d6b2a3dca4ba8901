import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, UNCAPPED, useSandboxGateway } from './harness.js';

const DIESEL = '2:0';
const METHANE = '2:16';

describe.each(backendsFor(import.meta.url))(
  'alkane tools on the sandbox ordinals index, paid with x402 ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);
    const ledger = () => gateway.sandbox.bitcoin.ledger;

    it('a faucet alkane shows in the balance and UTXO tools and in the supply; listAlkanes filters by type and sorts', async () => {
      const frank = await fundedWallet(gateway, UNCAPPED);
      const { taproot } = await json(await frank.call('getBTCBalances', {}));
      const before = (await json(await frank.call('getAlkaneInfo', { id: DIESEL }))).data;
      // The seeded distribution is on the chain already.
      expect(BigInt(before.current_supply)).toBeGreaterThan(0n);
      const granted = await json(
        await gateway.faucet({ address: taproot.address, chain: 'bitcoin', token: 'DIESEL', amount: '12.5' }),
      );

      const balance = [{ id: DIESEL, name: 'DIESEL', symbol: 'DIESEL', balance: '1250000000' }];
      expect(
        (await json(await frank.call('getAlkaneAddressBalance', { bitcoinAddress: taproot.address }))).data,
      ).toEqual(balance);
      expect((await json(await frank.call('getAlkaneAddressUTXOs', { bitcoinAddress: taproot.address }))).data).toEqual(
        [{ outpoint: `${granted.transaction}:0`, value: 10_000, alkanes: balance }],
      );
      expect((await json(await frank.call('getAlkaneInfo', { id: DIESEL }))).data).toMatchObject({
        id: DIESEL,
        name: 'DIESEL',
        type: 'TOKEN',
        current_supply: (BigInt(before.current_supply) + 1_250_000_000n).toString(),
        current_mint_count: before.current_mint_count + 1,
        holders: before.holders + 1,
      });

      // Ordiscan's list: one type, by id, newest or oldest first, 20 a page.
      const ids = async (body: Record<string, unknown>) =>
        (await json(await frank.call('listAlkanes', body))).data.map((alkane: { id: string }) => alkane.id);
      expect(await ids({ sort: 'oldest', type: 'TOKEN' })).toEqual([DIESEL, METHANE, '32:0']);
      expect(await ids({ sort: 'newest', type: 'TOKEN' })).toEqual(['32:0', METHANE, DIESEL]);
      expect(await ids({ sort: 'newest', type: 'TOKEN', page: 2 })).toEqual([]);
      expect(await ids({ sort: 'newest', type: 'NFT_COLLECTION' })).toEqual([]);
      expect(await json(await frank.call('getAlkaneInfo', { id: '9:9' }), 404)).toMatchObject({ code: 'not_found' });
    }, 60_000);

    it('transferBTC leaves an output carrying alkanes alone, as it does one carrying runes', async () => {
      const grace = await fundedWallet(gateway, UNCAPPED);
      const heidi = await fundedWallet(gateway, UNCAPPED);
      const { segwit } = await json(await grace.call('getBTCBalances', {}));
      const heidiSegwit: string = (await json(await heidi.call('getBTCBalances', {}))).segwit.address;
      const carrier = await json(
        await gateway.faucet({ address: segwit.address, chain: 'bitcoin', token: 'METHANE', amount: '10000' }),
      );
      // A plain coin smaller than the 10 000-sat carrier: largest-first selection would take the carrier without the rule.
      expect(
        (await gateway.faucet({ address: segwit.address, chain: 'bitcoin', token: 'BTC', amount: '0.00008' })).status,
      ).toBe(200);

      const sent = await json(await grace.call('transferBTC', { to: heidiSegwit, amount: '0.00005', feeRate: 1 }));
      expect(
        ledger()
          .transaction(sent.txid)!
          .prevouts.map((spent) => spent.txid),
      ).not.toContain(carrier.transaction);
      expect((await json(await grace.call('getAlkaneAddressUTXOs', { bitcoinAddress: segwit.address }))).data).toEqual([
        {
          outpoint: `${carrier.transaction}:0`,
          value: 10_000,
          alkanes: [{ id: METHANE, name: 'METHANE', symbol: 'CH4', balance: '1000000000000' }],
        },
      ]);
      expect((await json(await heidi.call('getAlkaneAddressBalance', { bitcoinAddress: heidiSegwit }))).data).toEqual(
        [],
      );
      // The carrier and the change could pay 0.0001 BTC, but only the change (under 3 000 sats) may be spent.
      expect(
        await json(await grace.call('transferBTC', { to: heidiSegwit, amount: '0.0001', feeRate: 1 }), 400),
      ).toMatchObject({ issues: [{ field: 'amount', rule: 'insufficient_funds' }] });
    }, 60_000);
  },
);
