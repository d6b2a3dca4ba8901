// `npm run deploy-vault-collection` as the operator runs it: the built operator CLI, its own process, against a plain
// local anvil (127.0.0.1) standing in for Base. live-vaults.sandbox.test.ts then mints and reveals on such a collection.
import { spawn } from 'node:child_process';
import { newMasterKeyText } from '@svc/chains';
import { anvilDevAccount, type AnvilInstance, startAnvil } from '@svc/sandbox';
import { type Address, createPublicClient, getAddress, http, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SETTINGS } from './harness.js';
import { GATEWAY_MAIN } from './processes.js';

const CLI = GATEWAY_MAIN.replace(/main\.js$/, 'operator-cli.js');
// anvil's pre-funded dev account #0 pays; the minter needs no gas to be named.
const deployerKey = toHex(anvilDevAccount(0).getHdKey().privateKey!);
const minterKey = generatePrivateKey();

function deployCommand(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'deploy-vault-collection', '--chain', 'base'], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('deploy-vault-collection', () => {
  let anvil: AnvilInstance;
  let env: Record<string, string>;
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 8453 });
    env = { ...LIVE_SETTINGS, SVC_MASTER_KEY: newMasterKeyText(), RPC_URL_BASE: anvil.rpcUrl };
  }, 60_000);
  afterAll(() => anvil?.stop());

  it('refuses without its keys, naming them (exit 2)', async () => {
    const { code, stderr } = await deployCommand(env);
    expect(stderr).toContain(
      'Nothing was deployed: set VAULT_MINTER_PRIVATE_KEY (the key that will mint and burn), VAULT_DEPLOYER_PRIVATE_KEY (the key that pays for the deployment).',
    );
    expect(code).toBe(2);
  }, 60_000);

  it('deploys on the chain, prints the setting line, and sends nothing when run again with it', async () => {
    const keys = { VAULT_DEPLOYER_PRIVATE_KEY: deployerKey, VAULT_MINTER_PRIVATE_KEY: minterKey };
    const first = await deployCommand({ ...env, ...keys });
    expect(first.code, first.stderr).toBe(0);
    const setting = first.stdout.trim().split('\n').at(-1)!;
    expect(setting).toMatch(/^VAULT_COLLECTION_BASE=0x[0-9a-fA-F]{40}$/);
    expect(first.stdout + first.stderr).not.toContain(deployerKey.slice(2));
    expect(first.stdout + first.stderr).not.toContain(minterKey.slice(2));
    const address = setting.split('=')[1] as Address;
    expect(getAddress(address)).toBe(address);

    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const minter = await client.readContract({ address, abi: MINTER_ABI, functionName: 'MINTER' });
    expect(minter).toBe(privateKeyToAddress(minterKey));

    const deployer = privateKeyToAddress(deployerKey);
    const nonce = await client.getTransactionCount({ address: deployer });
    const second = await deployCommand({ ...env, ...keys, VAULT_COLLECTION_BASE: address });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('nothing was sent');
    expect(second.stdout.trim().split('\n').at(-1)).toBe(setting);
    expect(await client.getTransactionCount({ address: deployer })).toBe(nonce);
  }, 60_000);
});

const MINTER_ABI = [
  { type: 'function', name: 'MINTER', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
] as const;
