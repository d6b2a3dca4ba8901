import {
  DERIVATION_PATHS,
  LocalMasterKeyRing,
  type MasterKeyProvider,
  mnemonicOf,
  newMasterKeyText,
  openSecret,
  parseMasterKey,
  seedOf,
  slip10Ed25519,
} from '@svc/chains';
import { vaultKeyOf } from '@svc/store';
import { decodePaymentResponseHeader } from '@x402/core/http';
import { HDKey } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, post, useSandboxGateway } from './harness.js';

const MASTER_KEY = newMasterKeyText();
const ring = new LocalMasterKeyRing(parseMasterKey(MASTER_KEY));
/** The configured key ring, as a KMS would behave: `kmsDown` makes sealing fail like an unreachable KMS. */
let kmsDown = false;
const masterKey: MasterKeyProvider = {
  currentKeyId: ring.currentKeyId,
  wrapDataKey: (dataKey, context) =>
    kmsDown ? Promise.reject(new Error('KMS unreachable')) : ring.wrapDataKey(dataKey, context),
  unwrapDataKey: (wrapped, context) => ring.unwrapDataKey(wrapped, context),
};
const logLines: string[] = [];

describe.each(backendsFor(import.meta.url))('custody tools through REST with SIWX + x402 ($name)', (backend) => {
  const gateway = useSandboxGateway(
    backend,
    { LOG_LEVEL: 'trace' },
    { masterKey, logStream: { write: (line: string) => void logLines.push(line) } },
  );
  const bodies: string[] = [];
  const json = async (res: Response) => {
    const text = await res.text();
    bodies.push(text);
    return JSON.parse(text);
  };

  it('wallet shows the connected wallet, the vault on every network and the settings setSlippageSettings stored', async () => {
    const alice = await fundedWallet(gateway);
    const first = await alice.call('wallet', {});
    expect(first.status).toBe(200);
    expect(decodePaymentResponseHeader(first.headers.get('payment-response')!)).toMatchObject({
      success: true,
      payer: alice.account.address,
    });
    const shown = await json(first);
    expect(shown.connectedWallets).toEqual([{ chainId: 'eip155:8453', address: alice.account.address.toLowerCase() }]);
    expect(Object.keys(shown.vault.networks).sort()).toEqual([
      'altchain',
      'base',
      'bitcoin',
      'bsc',
      'ethereum',
      'hedera',
      'polygon',
      'solana',
    ]);
    expect(shown.vault.networks.base.address).toBe(shown.vault.networks.ethereum.address);
    expect(shown.vault.networks.bitcoin.taproot.address).toMatch(/^bc1p/);
    expect(shown).toMatchObject({
      slippage: { swapSlippage: 1, pumpSlippage: 10, unit: 'percent', isDefault: true },
      policy: { perCallUsd: '25', dailyUsd: '100', isDefault: true },
      sandbox: true,
    });

    const set = await alice.call('setSlippageSettings', { swapSlippage: 0.5, pumpSlippage: 12 });
    expect(set.status).toBe(200);
    expect(await json(set)).toMatchObject({ slippage: { swapSlippage: 0.5, pumpSlippage: 12, unit: 'percent' } });
    const again = await json(await alice.call('wallet', {}));
    expect(again.slippage).toEqual({ swapSlippage: 0.5, pumpSlippage: 12, unit: 'percent', isDefault: false });
    expect(again.vault).toEqual(shown.vault);

    // Another wallet is another account: its own vault, the default settings.
    const bob = await json(await (await fundedWallet(gateway)).call('wallet', {}));
    expect(bob.accountId).not.toBe(shown.accountId);
    expect(bob.vault.networks.solana.address).not.toBe(shown.vault.networks.solana.address);
    expect(bob.slippage.isDefault).toBe(true);

    // Out of range: 400 naming the field, before any payment.
    const invalid = await gateway.call('setSlippageSettings', { swapSlippage: 0, pumpSlippage: 75 });
    expect(invalid.status).toBe(400);
    expect((await json(invalid)).issues.map((i: { field: string }) => i.field).sort()).toEqual([
      'pumpSlippage',
      'swapSlippage',
    ]);
  });

  it('no seed, mnemonic, private key or master key reaches the logs or an error body', async () => {
    const carol = await fundedWallet(gateway);
    expect((await carol.call('wallet', {})).status).toBe(200);
    bodies.push(await (await gateway.call('wallet', {})).text()); // 402 with a sign-in challenge
    bodies.push((await post(gateway.app, 'wallet', { extra: true })).body); // 400
    kmsDown = true;
    try {
      const failed = await (await fundedWallet(gateway)).call('wallet', {});
      expect(failed.status).toBe(500);
      expect(await json(failed)).toMatchObject({ code: 'internal' });
    } finally {
      kmsDown = false;
    }

    const { rows } = await gateway.db.query<{ account_id: string }>('SELECT account_id FROM vault_keys');
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const secrets = [MASTER_KEY.trim(), Buffer.from(parseMasterKey(MASTER_KEY)).toString('hex')];
    for (const { account_id: accountId } of rows) {
      const entropy = await openSecret((await vaultKeyOf(gateway.db, accountId))!.sealed, accountId, ring);
      const mnemonic = mnemonicOf(entropy);
      const seed = seedOf(mnemonic);
      const root = HDKey.fromMasterSeed(seed);
      secrets.push(
        mnemonic,
        mnemonic.split(' ').slice(0, 4).join(' '),
        Buffer.from(entropy).toString('hex'),
        Buffer.from(entropy).toString('base64'),
        Buffer.from(seed).toString('hex'),
        ...[
          DERIVATION_PATHS.evm,
          DERIVATION_PATHS.bitcoinSegwit,
          DERIVATION_PATHS.bitcoinTaproot,
          DERIVATION_PATHS.hedera,
        ].map((path) => Buffer.from(root.derive(path).privateKey!).toString('hex')),
        Buffer.from(slip10Ed25519(seed, DERIVATION_PATHS.solana).privateKey).toString('hex'),
      );
    }
    const logs = logLines.join('\n');
    expect(logs).toMatch(/"level":50.*request failed/); // the KMS failure was logged, so the logs were captured
    for (const text of [logs, ...bodies]) {
      for (const secret of secrets) expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });
});
