import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey } from '@svc/chains';
import { NETWORKS } from '@svc/payments';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, useSandboxGateway } from './harness.js';

const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
const EVM_NETWORKS = ['ethereum', 'bsc', 'polygon', 'base', 'altchain', 'hedera'];

type Balances = {
  requestedAt: string;
  address: string | null;
  networks: Record<string, any>;
  resolvedFrom: Record<string, string | null>;
};

describe.each(backendsFor(import.meta.url))('getAllBalances through REST with SIWX + x402 ($name)', (backend) => {
  const gateway = useSandboxGateway(backend, {}, { masterKey });

  async function caller() {
    const wallet = await fundedWallet(gateway);
    expect((await gateway.faucet({ address: wallet.account.address, token: 'BASE_USDC', amount: '2' })).status).toBe(
      200,
    );
    const res = await wallet.call('wallet', {});
    expect(res.status).toBe(200);
    const { vault } = (await res.json()) as { vault: { networks: any } };
    const allBalances = async (body: unknown): Promise<Balances> => {
      const answer = await wallet.call('getAllBalances', body);
      const text = await answer.text();
      expect(answer.status, text).toBe(200);
      return JSON.parse(text) as Balances;
    };
    return { ...wallet, vault: vault.networks, allBalances };
  }
  const fund = async (address: string, chain: string, token: string, amount: string) => {
    const res = await gateway.faucet({ address, chain, token, amount });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const holding = (result: any, symbol: string) =>
    result.assets?.find((asset: any) => asset.symbol === symbol)?.balance;

  it("without an address, reads the caller's vault on all eight networks (both Bitcoin addresses summed)", async () => {
    const alice = await caller();
    await fund(alice.vault.bsc.address, 'bsc', 'BNB', '1.25');
    await fund(alice.vault.solana.address, 'solana', 'SOL', '0.5');
    await fund(alice.vault.hedera.evmAddress, 'hedera', 'HBAR', '7');
    await fund(alice.vault.bitcoin.segwit.address, 'bitcoin', 'BTC', '0.001');
    await fund(alice.vault.bitcoin.taproot.address, 'bitcoin', 'BTC', '0.0005');
    const before = Date.now();
    const result = await alice.allBalances({});
    expect(Date.parse(result.requestedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(result.address).toBeNull();
    expect(Object.keys(result.networks)).toEqual([...EVM_NETWORKS, 'solana', 'bitcoin']);
    expect(Object.values(result.resolvedFrom)).toEqual(Array(8).fill('vault'));
    for (const [network, answer] of Object.entries(result.networks))
      expect(answer, network).not.toHaveProperty('error');
    expect(result.networks.bsc).toMatchObject({ network: 'eip155:56', address: alice.vault.bsc.address });
    expect(holding(result.networks.bsc, 'BNB')).toBe('1.25');
    expect(holding(result.networks.solana, 'SOL')).toBe('0.5');
    expect(holding(result.networks.hedera, 'HBAR')).toBe('7');
    expect(result.networks.bitcoin.addresses).toEqual([
      alice.vault.bitcoin.segwit.address,
      alice.vault.bitcoin.taproot.address,
    ]);
    expect(holding(result.networks.bitcoin, 'BTC')).toBe('0.0015');
    expect(holding(result.networks.base, 'USDC') ?? '0').toBe('0');
  });

  it('an EVM address fans out to the five EVM networks and hedera; solana and bitcoin answer a mismatch', async () => {
    const alice = await caller();
    const someone = privateKeyToAccount(generatePrivateKey()).address;
    await fund(someone, 'polygon', 'POL', '3');
    const result = await alice.allBalances({ address: someone });
    expect(result.address).toBe(someone);
    for (const network of EVM_NETWORKS) {
      expect(result.networks[network], network).not.toHaveProperty('error');
      expect(result.resolvedFrom[network]).toBe('address');
    }
    expect(holding(result.networks.polygon, 'POL')).toBe('3');
    expect(result.networks.solana).toEqual({ error: 'address type mismatch' });
    expect(result.networks.bitcoin).toEqual({ error: 'address type mismatch' });
    expect(result.resolvedFrom.solana).toBeNull();
  });

  it('a Solana address reads solana only; a compressed public key reads bitcoin only (its segwit and taproot addresses)', async () => {
    const alice = await caller();
    await fund(alice.vault.solana.address, 'solana', 'USDC', '4');
    const solana = await alice.allBalances({ address: alice.vault.solana.address });
    expect(solana.networks.solana).toMatchObject({ network: NETWORKS.solana });
    expect(holding(solana.networks.solana, 'USDC')).toBe('4');
    for (const network of [...EVM_NETWORKS, 'bitcoin'])
      expect(solana.networks[network]).toEqual({ error: 'address type mismatch' });

    const publicKey = alice.vault.bitcoin.publicKey as string;
    await fund(alice.vault.bitcoin.segwit.address, 'bitcoin', 'BTC', '0.002');
    const bitcoin = await alice.allBalances({ address: publicKey });
    expect(holding(bitcoin.networks.bitcoin, 'BTC')).toBe('0.002');
    for (const network of [...EVM_NETWORKS, 'solana'])
      expect(bitcoin.networks[network]).toEqual({ error: 'address type mismatch' });
  });

  it('refuses a plain Bitcoin address with a 400 naming the field, before any payment', async () => {
    const res = await gateway.call('getAllBalances', { address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_input', issues: [{ field: 'address', rule: 'format' }] });
  });
});
