import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, UNCAPPED, useSandboxGateway } from './harness.js';

/** A bech32 P2WPKH address whose checksum is wrong (the last character changed): passes the catalog regex, not the handler. */
const BAD_CHECKSUM = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5';
const TESTNET = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const XCP = 100_000_000n;

describe.each(backendsFor(import.meta.url))(
  'Bitcoin wallet and Counterparty tools on the sandbox ledger, paid with x402 + SIWX ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);
    const ledger = () => gateway.sandbox.bitcoin.ledger;
    const counterparty = () => gateway.sandbox.bitcoin.counterparty;

    it('GET /api/sandbox describes the Bitcoin chain and its Esplora facade; the faucet pays BTC in a mined transaction', async () => {
      const { chains } = await json(await fetch(`${gateway.url}/api/sandbox`));
      const bitcoin = chains.find((chain: { chain: string }) => chain.chain === 'bitcoin');
      expect(bitcoin).toMatchObject({
        network: 'bip122:000000000019d6689c085ae165831e93',
        nativeSymbol: 'BTC',
        rpcUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      });
      expect(bitcoin.tokens).toContainEqual({ symbol: 'BTC', decimals: 8, address: null });
      const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
      const funded = await json(await gateway.faucet({ address, chain: 'bitcoin', token: 'BTC', amount: '0.5' }));
      expect(funded).toMatchObject({
        chain: 'bitcoin',
        token: 'BTC',
        atomic: '50000000',
        transaction: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const utxos = await json(await fetch(`${bitcoin.rpcUrl}/address/${address}/utxo`));
      expect(utxos).toEqual([expect.objectContaining({ txid: funded.transaction, vout: 0, value: 50_000_000 })]);

      expect(
        await json(await gateway.faucet({ address: BAD_CHECKSUM, chain: 'bitcoin', token: 'BTC', amount: '1' }), 400),
      ).toMatchObject({ issues: [{ field: 'address' }] });
      expect(
        await json(await gateway.faucet({ address, chain: 'bitcoin', token: 'DOGE', amount: '1' }), 400),
      ).toMatchObject({ issues: [{ field: 'token', rule: 'unknown_token' }] });
      expect(
        await json(await gateway.faucet({ address, chain: 'bitcoin', token: 'BTC', amount: '0.000001' }), 400),
      ).toMatchObject({ issues: [{ field: 'amount', rule: 'dust' }] });
    });

    it('transferBTC moves exactly the amount; the fee comes from the sender and the change returns to the same address', async () => {
      const alice = await fundedWallet(gateway, UNCAPPED);
      const bob = await fundedWallet(gateway, UNCAPPED);
      const empty = await json(await alice.call('getBTCBalances', {}));
      expect(empty).toMatchObject({
        segwit: { address: expect.stringMatching(/^bc1q/), sats: '0' },
        taproot: { address: expect.stringMatching(/^bc1p/), sats: '0' },
        total: { btc: '0', sats: '0' },
      });
      // Read from the sandbox ledger's Esplora facade through the upstream client, which dates the read.
      expect(empty).toMatchObject({
        source: 'Sandbox Bitcoin ledger (Esplora API)',
        asOf: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const aliceSegwit: string = empty.segwit.address;
      const aliceTaproot: string = empty.taproot.address;
      const bobSegwit: string = (await json(await bob.call('getBTCBalances', {}))).segwit.address;

      expect(
        (await gateway.faucet({ address: aliceSegwit, chain: 'bitcoin', token: 'BTC', amount: '0.01' })).status,
      ).toBe(200);
      expect(
        (await gateway.faucet({ address: aliceSegwit, chain: 'bitcoin', token: 'BTC', amount: '0.002' })).status,
      ).toBe(200);
      expect(await json(await alice.call('getBTCBalances', {}))).toMatchObject({
        segwit: { btc: '0.012', sats: '1200000' },
        total: { sats: '1200000' },
      });

      const sent = await json(await alice.call('transferBTC', { to: bobSegwit, amount: '0.0015', feeRate: 5 }));
      expect(sent).toMatchObject({
        from: aliceSegwit,
        to: bobSegwit,
        amount: '0.0015',
        amountSats: '150000',
        feeRate: 5,
        change: { address: aliceSegwit },
      });
      const fee = BigInt(sent.feeSats);
      const tx = ledger().transaction(sent.txid)!;
      expect(tx.fee).toBe(fee);
      expect(tx.outputs.map((out) => [out.address, out.value])).toEqual([
        [bobSegwit, 150_000n],
        [aliceSegwit, BigInt(sent.change.sats)],
      ]);
      // The largest UTXO covers it alone: one input; the fee pays 5 sat/vB of the real size (estimated from above by < 1 vB).
      expect(tx.prevouts).toHaveLength(1);
      const view = await json(await fetch(`${await gateway.sandbox.bitcoin.esploraUrl()}/tx/${sent.txid}`));
      expect(view.fee).toBe(Number(fee));
      expect(Number(fee)).toBeGreaterThanOrEqual(Math.ceil((view.weight / 4) * 5));
      expect(Number(fee)).toBeLessThanOrEqual(Math.ceil((view.weight / 4) * 5) + 5);
      expect(ledger().balanceOf(bobSegwit)).toBe(150_000n);
      expect(ledger().balanceOf(aliceSegwit)).toBe(1_200_000n - 150_000n - fee);
      expect(await json(await alice.call('getBTCBalances', {}))).toMatchObject({
        segwit: { sats: String(1_200_000n - 150_000n - fee) },
      });
      expect(await json(await bob.call('getBTCBalances', {}))).toMatchObject({
        segwit: { sats: '150000', btc: '0.0015' },
        total: { sats: '150000' },
      });

      // From the taproot address, at the recommended rate (the fee estimate for the next block).
      expect(
        (await gateway.faucet({ address: aliceTaproot, chain: 'bitcoin', token: 'BTC', amount: '0.001' })).status,
      ).toBe(200);
      const fromTaproot = await json(
        await alice.call('transferBTC', { to: bobSegwit, amount: '0.0005', addressType: 'taproot' }),
      );
      expect(fromTaproot).toMatchObject({
        from: aliceTaproot,
        amountSats: '50000',
        feeRate: ledger().feeEstimates()['1'],
        change: { address: aliceTaproot },
      });
      expect(ledger().balanceOf(aliceTaproot)).toBe(100_000n - 50_000n - BigInt(fromTaproot.feeSats));
      expect(ledger().balanceOf(bobSegwit)).toBe(200_000n);
    }, 60_000);

    it('insufficient funds, bad addresses and dust amounts are 400s that change nothing', async () => {
      const carol = await fundedWallet(gateway, UNCAPPED);
      const { segwit } = await json(await carol.call('getBTCBalances', {}));
      expect(
        (await gateway.faucet({ address: segwit.address, chain: 'bitcoin', token: 'BTC', amount: '0.001' })).status,
      ).toBe(200);
      const height = ledger().height;
      const recipient = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

      // 0.001 BTC cannot pay 0.001 BTC plus a fee.
      const short = await json(await carol.call('transferBTC', { to: recipient, amount: '0.001' }), 400);
      expect(short).toMatchObject({
        code: 'invalid_input',
        issues: [{ field: 'amount', rule: 'insufficient_funds' }],
        available: '0.001',
      });
      expect(await json(await carol.call('transferBTC', { to: BAD_CHECKSUM, amount: '0.0001' }), 400)).toMatchObject({
        issues: [{ field: 'to', rule: 'format' }],
      });
      expect(await json(await carol.call('transferBTC', { to: TESTNET, amount: '0.0001' }), 400)).toMatchObject({
        issues: [{ field: 'to', rule: 'format' }],
      });
      expect(
        await json(await carol.call('transferBTC', { to: 'not-an-address', amount: '0.0001' }), 400),
      ).toMatchObject({ issues: [{ field: 'to' }] });
      expect(await json(await carol.call('transferBTC', { to: recipient, amount: '0.00000293' }), 400)).toMatchObject({
        issues: [{ field: 'amount', rule: 'dust' }],
      });
      // Nothing mined, nothing moved.
      expect(ledger().height).toBe(height);
      expect(ledger().balanceOf(segwit.address)).toBe(100_000n);
      expect(ledger().balanceOf(recipient)).toBe(50_000_000n);
    }, 60_000);

    it('sendRunes moves exactly the amount of one rune; leftovers stay on the taproot address, the segwit address pays the fee', async () => {
      const dave = await fundedWallet(gateway, UNCAPPED);
      const erin = await fundedWallet(gateway, UNCAPPED);
      const { segwit, taproot } = await json(await dave.call('getBTCBalances', {}));
      const erinTaproot: string = (await json(await erin.call('getBTCBalances', {}))).taproot.address;
      const DOG = '840000:3';
      const { chains } = await json(await fetch(`${gateway.url}/api/sandbox`));
      expect(chains.find((chain: { chain: string }) => chain.chain === 'bitcoin').tokens).toContainEqual({
        symbol: 'DOG•GO•TO•THE•MOON',
        decimals: 5,
        address: DOG,
      });
      expect(
        (
          await gateway.faucet({
            address: taproot.address,
            chain: 'bitcoin',
            token: 'DOG•GO•TO•THE•MOON',
            amount: '1000',
          })
        ).status,
      ).toBe(200);
      expect(
        (await gateway.faucet({ address: taproot.address, chain: 'bitcoin', token: 'dog•go•to•the•moon', amount: '5' }))
          .status,
      ).toBe(200);
      expect(
        (await gateway.faucet({ address: taproot.address, chain: 'bitcoin', token: '1:0', amount: '7' })).status,
      ).toBe(200);
      expect(
        (await gateway.faucet({ address: segwit.address, chain: 'bitcoin', token: 'BTC', amount: '0.001' })).status,
      ).toBe(200);
      expect(ledger().runeBalancesOf(taproot.address)).toEqual(
        new Map([
          [DOG, 100_500_000n],
          ['1:0', 7n],
        ]),
      );
      const satsBefore = ledger().balanceOf(segwit.address) + ledger().balanceOf(taproot.address);

      const sent = await json(
        await dave.call('sendRunes', { runeName: 'dog.go.to.the.moon', amount: '250.5', to: erinTaproot, feeRate: 3 }),
      );
      expect(sent).toMatchObject({
        rune: { id: DOG, name: 'DOG•GO•TO•THE•MOON' },
        amount: '250.5',
        atomic: '25050000',
        from: taproot.address,
        to: erinTaproot,
        feePayer: segwit.address,
        feeRate: 3,
      });
      expect(ledger().runeBalancesOf(erinTaproot)).toEqual(new Map([[DOG, 25_050_000n]]));
      expect(ledger().runeBalancesOf(taproot.address)).toEqual(
        new Map([
          [DOG, 100_500_000n - 25_050_000n],
          ['1:0', 7n],
        ]),
      );
      const tx = ledger().transaction(sent.txid)!;
      expect(tx.fee).toBe(BigInt(sent.feeSats));
      expect(tx.outputs[0]!.script[0]).toBe(0x6a);
      expect(tx.outputs[0]!.script[1]).toBe(0x5d);
      // Sats: only the recipient's 546 and the fee left the vault.
      expect(ledger().balanceOf(segwit.address) + ledger().balanceOf(taproot.address)).toBe(
        satsBefore - 546n - BigInt(sent.feeSats),
      );
      expect(ledger().balanceOf(erinTaproot)).toBe(546n);

      // A BTC send from the taproot address never spends the outputs carrying runes.
      expect(
        await json(await dave.call('transferBTC', { to: erinTaproot, amount: '0.00001', addressType: 'taproot' }), 400),
      ).toMatchObject({ issues: [{ field: 'amount', rule: 'insufficient_funds' }] });

      const height = ledger().height;
      expect(
        await json(await dave.call('sendRunes', { runeName: 'NOSUCHRUNEHERE', amount: '1', to: erinTaproot }), 400),
      ).toMatchObject({ issues: [{ field: 'runeName', rule: 'unknown_asset' }] });
      expect(
        await json(
          await dave.call('sendRunes', { runeName: 'DOG•GO•TO•THE•MOON', amount: '1000', to: erinTaproot }),
          400,
        ),
      ).toMatchObject({ issues: [{ field: 'amount', rule: 'insufficient_funds' }] });
      expect(
        await json(await dave.call('sendRunes', { runeName: 'UNCOMMON•GOODS', amount: '1.5', to: erinTaproot }), 400),
      ).toMatchObject({ issues: [{ field: 'amount', rule: 'too_many_decimals' }] });
      expect(
        await json(await dave.call('sendRunes', { runeName: 'UNCOMMON•GOODS', amount: '1', to: BAD_CHECKSUM }), 400),
      ).toMatchObject({ issues: [{ field: 'to', rule: 'format' }] });
      expect(
        await json(await erin.call('sendRunes', { runeName: 'UNCOMMON•GOODS', amount: '1', to: taproot.address }), 400),
      ).toMatchObject({ issues: [{ field: 'amount', rule: 'insufficient_funds' }] });
      expect(ledger().height).toBe(height);
      expect(ledger().runeBalancesOf(taproot.address)).toEqual(
        new Map([
          [DOG, 75_450_000n],
          ['1:0', 7n],
        ]),
      );
    }, 60_000);

    it('sendInscription moves the output carrying the inscription to the recipient, postage kept; the segwit address pays the fee', async () => {
      const frank = await fundedWallet(gateway, UNCAPPED);
      const grace = await fundedWallet(gateway, UNCAPPED);
      const { segwit, taproot } = await json(await frank.call('getBTCBalances', {}));
      const graceTaproot: string = (await json(await grace.call('getBTCBalances', {}))).taproot.address;
      const inscribed = await json(
        await gateway.faucet({ address: taproot.address, chain: 'bitcoin', token: 'INSCRIPTION', amount: '1' }),
      );
      const inscriptionId = `${inscribed.transaction}i0`;
      // Fee money on the segwit address, and a second inscription there that the fee must not spend.
      expect(
        (await gateway.faucet({ address: segwit.address, chain: 'bitcoin', token: 'BTC', amount: '0.0005' })).status,
      ).toBe(200);
      const other = await json(
        await gateway.faucet({ address: segwit.address, chain: 'bitcoin', token: 'INSCRIPTION', amount: '1' }),
      );
      const segwitBefore = ledger().balanceOf(segwit.address);

      const sent = await json(await frank.call('sendInscription', { inscriptionId, to: graceTaproot, feeRate: 2 }));
      expect(sent).toMatchObject({
        inscriptionId,
        from: taproot.address,
        to: graceTaproot,
        postageSats: '10000',
        feePayer: segwit.address,
        feeRate: 2,
      });
      expect(ledger().inscription(inscriptionId)).toEqual({ txid: sent.txid, vout: 0, offset: 0n });
      expect(ledger().utxo(sent.txid, 0)).toMatchObject({ address: graceTaproot, value: 10_000n });
      expect(ledger().balanceOf(taproot.address)).toBe(0n);
      expect(ledger().balanceOf(segwit.address)).toBe(segwitBefore - BigInt(sent.feeSats));
      expect(ledger().inscription(`${other.transaction}i0`)).toEqual({ txid: other.transaction, vout: 0, offset: 0n });

      const height = ledger().height;
      // Grace did not receive Frank's second inscription; Frank no longer holds the first; unknown ids and bad addresses.
      expect(
        await json(
          await grace.call('sendInscription', { inscriptionId: `${other.transaction}i0`, to: graceTaproot }),
          403,
        ),
      ).toMatchObject({ code: 'not_holder' });
      expect(await json(await frank.call('sendInscription', { inscriptionId, to: segwit.address }), 403)).toMatchObject(
        { code: 'not_holder' },
      );
      expect(
        await json(
          await frank.call('sendInscription', { inscriptionId: `${'ab'.repeat(32)}i0`, to: graceTaproot }),
          400,
        ),
      ).toMatchObject({ issues: [{ field: 'inscriptionId', rule: 'unknown_asset' }] });
      expect(await json(await grace.call('sendInscription', { inscriptionId, to: BAD_CHECKSUM }), 400)).toMatchObject({
        issues: [{ field: 'to', rule: 'format' }],
      });
      // Grace holds the inscription but no BTC for the fee.
      expect(await json(await grace.call('sendInscription', { inscriptionId, to: segwit.address }), 400)).toMatchObject(
        { issues: [{ field: 'feeRate', rule: 'insufficient_funds' }] },
      );
      expect(ledger().height).toBe(height);
      expect(ledger().inscription(inscriptionId)).toEqual({ txid: sent.txid, vout: 0, offset: 0n });
    }, 60_000);

    it('the faucet funds XCP and the seeded assets; getXCPBalances shows them; sendXCP moves exactly the quantity', async () => {
      const { chains } = await json(await fetch(`${gateway.url}/api/sandbox`));
      const tokens = chains.find((chain: { chain: string }) => chain.chain === 'bitcoin').tokens;
      for (const token of [
        { symbol: 'XCP', decimals: 8, address: 'XCP' },
        { symbol: 'PEPECASH', decimals: 8, address: 'PEPECASH' },
        { symbol: 'RAREPEPE', decimals: 0, address: 'RAREPEPE' },
      ])
        expect(tokens).toContainEqual(token);

      const alice = await fundedWallet(gateway, UNCAPPED);
      const bob = await fundedWallet(gateway, UNCAPPED);
      const empty = await json(await alice.call('getXCPBalances', {}));
      expect(empty).toMatchObject({
        network: 'bip122:000000000019d6689c085ae165831e93',
        addresses: { segwit: expect.stringMatching(/^bc1q/), taproot: expect.stringMatching(/^bc1p/) },
        balances: [],
      });
      const { segwit, taproot } = empty.addresses as { segwit: string; taproot: string };
      const bobAddresses = (await json(await bob.call('getXCPBalances', {}))).addresses as {
        segwit: string;
        taproot: string;
      };

      expect((await gateway.faucet({ address: segwit, chain: 'bitcoin', token: 'XCP', amount: '12.5' })).status).toBe(
        200,
      );
      expect((await gateway.faucet({ address: segwit, chain: 'bitcoin', token: 'rarepepe', amount: '3' })).status).toBe(
        200,
      );
      expect(
        (await gateway.faucet({ address: taproot, chain: 'bitcoin', token: 'PEPECASH', amount: '0.00000001' })).status,
      ).toBe(200);
      const funded = await json(await alice.call('getXCPBalances', {}));
      expect(funded.balances).toEqual(
        expect.arrayContaining([
          {
            address: segwit,
            asset: 'XCP',
            longname: null,
            divisible: true,
            decimals: 8,
            quantity: '12.5',
            atomic: '1250000000',
            utxo: null,
          },
          {
            address: segwit,
            asset: 'RAREPEPE',
            longname: null,
            divisible: false,
            decimals: 0,
            quantity: '3',
            atomic: '3',
            utxo: null,
          },
          {
            address: taproot,
            asset: 'PEPECASH',
            longname: null,
            divisible: true,
            decimals: 8,
            quantity: '0.00000001',
            atomic: '1',
            utxo: null,
          },
        ]),
      );
      expect(funded.balances).toHaveLength(3);
      // Each Counterparty grant came with 10 000 sats of postage: the fee money of the sends below.
      const satsBefore = ledger().balanceOf(segwit);
      expect(satsBefore).toBe(20_000n);

      const sent = await json(
        await alice.call('sendXCP', {
          asset: 'XCP',
          quantity: '2.25000001',
          destination: bobAddresses.taproot,
          feeRate: 3,
        }),
      );
      expect(sent).toMatchObject({
        asset: 'XCP',
        divisible: true,
        quantity: '2.25000001',
        atomic: '225000001',
        source: segwit,
        destination: bobAddresses.taproot,
        feeRate: 3,
        txid: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(counterparty().send(sent.txid)).toMatchObject({
        source: segwit,
        destination: bobAddresses.taproot,
        asset: 'XCP',
        quantity: 225_000_001n,
        status: 'valid',
      });
      expect(counterparty().balancesOf(segwit)).toEqual(
        new Map([
          ['XCP', 1_250_000_000n - 225_000_001n],
          ['RAREPEPE', 3n],
        ]),
      );
      expect(counterparty().balancesOf(bobAddresses.taproot)).toEqual(new Map([['XCP', 225_000_001n]]));
      // The only sats that left are the fee, paid by the segwit address with change back to it.
      const tx = ledger().transaction(sent.txid)!;
      expect(tx.fee).toBe(BigInt(sent.feeSats));
      const view = await json(await fetch(`${await gateway.sandbox.bitcoin.esploraUrl()}/tx/${sent.txid}`));
      expect(Number(tx.fee)).toBeGreaterThanOrEqual(Math.ceil((view.weight / 4) * 3));
      expect(tx.outputs.map((out) => out.address)).toEqual([null, segwit]);
      expect(ledger().balanceOf(segwit)).toBe(satsBefore - BigInt(sent.feeSats));

      const whole = await json(
        await alice.call('sendXCP', { asset: 'RAREPEPE', quantity: '2.0', destination: bobAddresses.segwit }),
      );
      expect(whole).toMatchObject({
        asset: 'RAREPEPE',
        divisible: false,
        quantity: '2',
        atomic: '2',
        feeRate: ledger().feeEstimates()['1'],
      });
      expect(await json(await bob.call('getXCPBalances', {}))).toMatchObject({
        balances: expect.arrayContaining([
          {
            address: bobAddresses.segwit,
            asset: 'RAREPEPE',
            longname: null,
            divisible: false,
            decimals: 0,
            quantity: '2',
            atomic: '2',
            utxo: null,
          },
          {
            address: bobAddresses.taproot,
            asset: 'XCP',
            longname: null,
            divisible: true,
            decimals: 8,
            quantity: '2.25000001',
            atomic: '225000001',
            utxo: null,
          },
        ]),
      });
      expect(counterparty().balanceOf(segwit, 'RAREPEPE')).toBe(1n);
    }, 60_000);

    it('unknown assets, too many decimals, insufficient asset or BTC and bad destinations are 400s that change nothing', async () => {
      const carol = await fundedWallet(gateway, UNCAPPED);
      const { segwit } = (await json(await carol.call('getXCPBalances', {}))).addresses as { segwit: string };
      expect((await gateway.faucet({ address: segwit, chain: 'bitcoin', token: 'XCP', amount: '1' })).status).toBe(200);
      expect((await gateway.faucet({ address: segwit, chain: 'bitcoin', token: 'RAREPEPE', amount: '5' })).status).toBe(
        200,
      );
      const height = ledger().height;
      const sats = ledger().balanceOf(segwit);
      const recipient = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

      expect(
        await json(await carol.call('sendXCP', { asset: 'XCP', quantity: '1.00000001', destination: recipient }), 400),
      ).toMatchObject({
        code: 'invalid_input',
        issues: [{ field: 'quantity', rule: 'insufficient_funds' }],
        available: '1',
      });
      expect(
        await json(await carol.call('sendXCP', { asset: 'PEPECASH', quantity: '1', destination: recipient }), 400),
      ).toMatchObject({ issues: [{ field: 'quantity', rule: 'insufficient_funds' }], available: '0' });
      expect(
        await json(await carol.call('sendXCP', { asset: 'NOSUCHASSET', quantity: '1', destination: recipient }), 400),
      ).toMatchObject({ issues: [{ field: 'asset', rule: 'unknown_asset' }] });
      expect(
        await json(await carol.call('sendXCP', { asset: 'RAREPEPE', quantity: '1.5', destination: recipient }), 400),
      ).toMatchObject({ issues: [{ field: 'quantity', rule: 'too_many_decimals' }] });
      expect(
        await json(await carol.call('sendXCP', { asset: 'XCP', quantity: '0.5', destination: BAD_CHECKSUM }), 400),
      ).toMatchObject({ issues: [{ field: 'destination', rule: 'format' }] });
      expect(
        await json(await carol.call('sendXCP', { asset: 'xcp', quantity: '0.5', destination: recipient }), 400),
      ).toMatchObject({ issues: [{ field: 'asset' }] });
      // 20 000 sats cannot pay 2000 sat/vB for a ~150 vB transaction.
      expect(
        await json(
          await carol.call('sendXCP', { asset: 'XCP', quantity: '0.5', destination: recipient, feeRate: 2000 }),
          400,
        ),
      ).toMatchObject({ issues: [{ field: 'feeRate', rule: 'insufficient_funds' }] });

      expect(ledger().height).toBe(height);
      expect(ledger().balanceOf(segwit)).toBe(sats);
      expect(counterparty().balancesOf(segwit)).toEqual(
        new Map([
          ['XCP', XCP],
          ['RAREPEPE', 5n],
        ]),
      );
      expect(counterparty().balancesOf(recipient)).toEqual(new Map());
    }, 60_000);
  },
);
