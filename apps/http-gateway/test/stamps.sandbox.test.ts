import { SRC20_DEPLOYER, SRC20_MINTER, STAMPS_ARTIST } from '@svc/sandbox';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, UNCAPPED, useSandboxGateway } from './harness.js';

const RECIPIENT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe.each(backendsFor(import.meta.url))(
  'Bitcoin Stamps and SRC-20 tools on the sandbox stamps index, paid with x402 ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);

    it('the seeded stamps show in getRecentStamps, getStamp and getStampsByAddress of their creator', async () => {
      const frank = await fundedWallet(gateway, UNCAPPED);
      const recent = await json(await frank.call('getRecentStamps', { limit: 100 }));
      const png = recent.data.find((stamp: { stamp: number }) => stamp.stamp === 0);
      expect(png).toMatchObject({
        creator: STAMPS_ARTIST.address,
        stamp_mimetype: 'image/png',
        ident: 'STAMP',
        is_btc_stamp: true,
        stamp_url: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/),
      });
      expect(recent.data.map((stamp: { tx_index: number }) => stamp.tx_index)).toEqual(
        [...recent.data.map((stamp: { tx_index: number }) => stamp.tx_index)].sort((a, b) => b - a),
      );
      expect((await json(await frank.call('getStamp', { stampId: '0' }))).data.stamp).toEqual(png);
      expect((await json(await frank.call('getStamp', { stampId: '-1' }))).data.stamp).toMatchObject({
        is_cursed: true,
        stamp_mimetype: 'text/plain',
      });
      await json(await frank.call('getStamp', { stampId: '999999' }), 404);
      const held = await json(await frank.call('getStampsByAddress', { bitcoinAddress: STAMPS_ARTIST.address }));
      expect(held.data.map((stamp: { stamp: number }) => stamp.stamp)).toEqual([0, 1, -1]);
      expect(held).toMatchObject({ page: 1, limit: 50, total: 3, last_block: gateway.sandbox.bitcoin.ledger.height });
      const cursed = await json(await frank.call('searchStamps', { is_cursed: true, creator: STAMPS_ARTIST.address }));
      expect(cursed.data.map((stamp: { stamp: number }) => stamp.stamp)).toEqual([-1]);
    }, 60_000);

    it('a faucet stamp is listed for the vault; after sendXCP of its asset the receiver lists it', async () => {
      const grace = await fundedWallet(gateway, UNCAPPED);
      const { segwit } = (await json(await grace.call('getXCPBalances', {}))).addresses as { segwit: string };
      expect((await gateway.faucet({ address: segwit, chain: 'bitcoin', token: 'BTC', amount: '0.001' })).status).toBe(
        200,
      );
      await json(await gateway.faucet({ address: segwit, chain: 'bitcoin', token: 'BITCOIN-STAMP', amount: '1' }));
      const [stamp] = (await json(await grace.call('getStampsByAddress', { bitcoinAddress: segwit }))).data;
      expect(stamp).toMatchObject({ creator: STAMPS_ARTIST.address, balance: 1, stamp_mimetype: 'image/gif' });

      await json(await grace.call('sendXCP', { asset: stamp.cpid, quantity: '1', destination: RECIPIENT }));
      expect((await json(await grace.call('getStampsByAddress', { bitcoinAddress: segwit }))).data).toEqual([]);
      const received = (await json(await grace.call('getStampsByAddress', { bitcoinAddress: RECIPIENT }))).data;
      expect(received).toEqual([expect.objectContaining({ cpid: stamp.cpid, stamp: stamp.stamp, balance: 1 })]);
    }, 60_000);

    it('getSRC20Token shows the seeded mints and holders; a faucet mint adds the vault; searchSRC20Tokens pages from 5', async () => {
      const heidi = await fundedWallet(gateway, UNCAPPED);
      const kevin = await json(await heidi.call('getSRC20Token', { tick: 'kevin' }));
      expect(kevin).toMatchObject({
        mint_status: { max_supply: '690000', limit: '69000', decimals: 0 },
        data: { tick: 'KEVIN', op: 'DEPLOY', creator: SRC20_DEPLOYER.address },
      });
      const minted = Number(kevin.mint_status.total_minted);
      expect(kevin.holders).toEqual(
        expect.arrayContaining([
          { address: SRC20_DEPLOYER.address, amt: '69000' },
          { address: STAMPS_ARTIST.address, amt: expect.any(String) },
          { address: SRC20_MINTER.address, amt: expect.any(String) },
        ]),
      );
      const { taproot } = await json(await heidi.call('getBTCBalances', {}));
      await json(
        await gateway.faucet({ address: taproot.address, chain: 'bitcoin', token: 'SRC-20:KEVIN', amount: '500' }),
      );
      expect(
        await json(
          await gateway.faucet({ address: taproot.address, chain: 'bitcoin', token: 'SRC-20:KEVIN', amount: '70000' }),
          400,
        ),
      ).toMatchObject({ issues: [{ field: 'amount' }] });
      const after = await json(await heidi.call('getSRC20Token', { tick: 'KEVIN' }));
      expect(Number(after.mint_status.total_minted)).toBe(minted + 500);
      expect(after.holders).toContainEqual({ address: taproot.address, amt: '500' });
      await json(await heidi.call('getSRC20Token', { tick: 'NOPE' }), 404);

      expect((await json(await heidi.call('searchSRC20Tokens', {}))).data).toEqual([]);
      const found = await json(await heidi.call('searchSRC20Tokens', { page: 1, sort_by: 'holders' }));
      expect(found.data.map((token: { tick: string }) => token.tick)).toEqual(['KEVIN', 'STAMP']);
    }, 60_000);

    it('refuses a bad checksum with a 400 naming the field', async () => {
      const ivan = await fundedWallet(gateway, UNCAPPED);
      expect(
        await json(
          await ivan.call('getStampsByAddress', { bitcoinAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5' }),
          400,
        ),
      ).toMatchObject({ issues: [{ field: 'bitcoinAddress', rule: 'format' }] });
    }, 60_000);
  },
);
