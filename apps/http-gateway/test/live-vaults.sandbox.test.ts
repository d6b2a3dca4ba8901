// Vaults in live mode, end to end: the operator deploys the vault collection with deploy-vault-collection on a local
// anvil (the sandbox's Base chain, 127.0.0.1, standing in for Base), then a gateway in live mode, reaching that chain
// only through RPC_URL_BASE and the printed VAULT_COLLECTION_BASE, mints and reveals a vault over REST (SIWX + x402).
import { newMasterKeyText, VAULT_NFT_ABI } from '@svc/chains';
import { type Config, loadConfig } from '@svc/config';
import { SandboxPriceOracle } from '@svc/payments';
import { x402Client } from '@x402/core/client';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithSIWx } from '@x402/extensions/sign-in-with-x';
import { wrapFetchWithPayment } from '@x402/fetch';
import type { FastifyInstance } from 'fastify';
import { type Address, getAddress, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { deployVaultCollectionCli } from '../src/cli/deploy-vault-collection.js';
import type { Sandbox } from '../src/sandbox.js';
import { freePort, LIVE_SETTINGS, pglite, workerSandbox } from './harness.js';
import { checkedAnswer } from './published-output.js';

const deployerKey = generatePrivateKey();
const minterKey = generatePrivateKey();

/** Runs the operator command in process as `npm run deploy-vault-collection -- …` would, returning its lines. */
async function deploy(env: Record<string, string>, argv = ['--chain', 'base']): Promise<string[]> {
  const lines: string[] = [];
  await deployVaultCollectionCli(argv, { config: loadConfig(env), print: (line) => lines.push(line) });
  return lines;
}

describe('vaults in live mode, on a collection deployed by deploy-vault-collection', () => {
  let sandbox: Sandbox;
  let liveEnv: Record<string, string>;
  let collection: Address;
  let app: FastifyInstance;
  let url: string;
  const db = pglite;
  let closeDb: () => Promise<void>;

  beforeAll(async () => {
    sandbox = await workerSandbox();
    for (const key of [deployerKey, minterKey])
      await sandbox.base.setNativeBalance(privateKeyToAddress(key), parseEther('10'));
    liveEnv = { ...LIVE_SETTINGS, SVC_MASTER_KEY: newMasterKeyText(), RPC_URL_BASE: sandbox.base.rpcUrl };
  });
  afterAll(async () => {
    await app?.close();
    await closeDb?.();
  });

  it('refuses to deploy without the keys or the chain’s RPC, naming each missing setting', async () => {
    const { RPC_URL_BASE: _rpc, ...withoutRpc } = liveEnv;
    await expect(deploy(withoutRpc)).rejects.toThrow(
      "Nothing was deployed: set RPC_URL_BASE (Base's JSON-RPC URL), VAULT_MINTER_PRIVATE_KEY (the key that will mint and burn), VAULT_DEPLOYER_PRIVATE_KEY (the key that pays for the deployment).",
    );
    await expect(deploy({ ...liveEnv, VAULT_MINTER_PRIVATE_KEY: minterKey })).rejects.toThrow(
      /^Nothing was deployed: set VAULT_DEPLOYER_PRIVATE_KEY/,
    );
    await expect(deploy(liveEnv, ['--chain', 'solana'])).rejects.toThrow(/--chain must be one of ethereum\|bsc/);
  });

  it('deploys the collection, prints the setting, and sends nothing when run again with it set', async () => {
    const keys = { VAULT_DEPLOYER_PRIVATE_KEY: deployerKey, VAULT_MINTER_PRIVATE_KEY: minterKey };
    const lines = await deploy({ ...liveEnv, ...keys });
    const setting = lines.at(-1)!;
    expect(setting).toMatch(/^VAULT_COLLECTION_BASE=0x[0-9a-fA-F]{40}$/);
    collection = setting.split('=')[1] as Address;
    expect(getAddress(collection)).toBe(collection);
    for (const key of [deployerKey, minterKey]) expect(lines.join('\n')).not.toContain(key.slice(2));
    const read = (functionName: 'MINTER' | 'name') =>
      sandbox.base.publicClient.readContract({ address: collection, abi: NFT_READS, functionName });
    expect(await read('MINTER')).toBe(privateKeyToAddress(minterKey));
    expect(await read('name')).toBe('Service Vaults');

    const nonce = await sandbox.base.publicClient.getTransactionCount({ address: privateKeyToAddress(deployerKey) });
    const again = await deploy({ ...liveEnv, ...keys, VAULT_COLLECTION_BASE: collection });
    expect(again).toEqual([
      `Base already has the vault collection ${collection} (MINTER ${privateKeyToAddress(minterKey)}); nothing was sent.`,
      `VAULT_COLLECTION_BASE=${collection}`,
    ]);
    expect(await sandbox.base.publicClient.getTransactionCount({ address: privateKeyToAddress(deployerKey) })).toBe(
      nonce,
    );
    // A setting naming a contract that is not this minter's collection is refused, not deployed over.
    await expect(deploy({ ...liveEnv, ...keys, VAULT_COLLECTION_BASE: sandbox.base.usdc })).rejects.toThrow(
      /Nothing was deployed: VAULT_COLLECTION_BASE=0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 is set, but Base has no vault collection with MINTER 0x[0-9a-fA-F]{40} there/,
    );
  });

  it('mints and reveals through the live gateway, and names the setting of a chain without a collection', async () => {
    const database = await db.open();
    closeDb = () => database.close();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const config: Config = loadConfig({
      ...liveEnv,
      LOG_LEVEL: 'silent',
      PORT: String(port),
      PUBLIC_BASE_URL: url,
      RATE_LIMIT_UNPAID_PER_MINUTE: '0',
      RATE_LIMIT_ACCOUNT_PER_MINUTE: '0',
      VAULT_COLLECTION_BASE: collection,
      VAULT_MINTER_PRIVATE_KEY: minterKey,
    });
    // Live mode: no sandbox chains; payments settle through a facilitator (here the sandbox's, on the same anvil).
    app = await buildApp(config, { db: database, facilitator: sandbox.facilitator, oracle: new SandboxPriceOracle() });
    await app.listen({ host: '127.0.0.1', port });

    const wallet = privateKeyToAccount(generatePrivateKey());
    await sandbox.base.mintUsdc(wallet.address, 1_000_000n);
    const client = new x402Client().register(
      'eip155:*',
      new ExactEvmScheme(toClientEvmSigner(wallet, sandbox.base.publicClient)),
    );
    const paidFetch = wrapFetchWithPayment(wrapFetchWithSIWx(fetch, wallet), client);
    const call = async (tool: string, body: unknown, status = 200) => {
      const response = await checkedAnswer(
        tool,
        await paidFetch(`${url}/api/tools/execute/unified/${tool}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      const text = await response.text();
      expect(response.status, text).toBe(status);
      return JSON.parse(text);
    };
    const ownerOf = (tokenId: bigint) =>
      sandbox.base.publicClient.readContract({
        address: collection,
        abi: VAULT_NFT_ABI,
        functionName: 'ownerOf',
        args: [tokenId],
      });

    const { vault } = await call('svcCreateVault', { name: 'live' });
    const vaultId: string = vault.vaultId;
    expect(await call('svcMintVault', { vaultId, chain: 'polygon' }, 503)).toMatchObject({
      code: 'not_configured',
      setting: 'VAULT_COLLECTION_POLYGON',
    });

    const minted = await call('svcMintVault', { vaultId, chain: 'base' });
    expect(minted.vault).toMatchObject({
      status: 'minted',
      nft: { chainId: 8453, contract: collection, tokenId: vaultId, mintedTo: wallet.address },
    });
    expect(await ownerOf(BigInt(vaultId))).toBe(wallet.address);
    expect(await call('svcListCollections', { chain: 'base' })).toMatchObject({
      collections: [{ collectionId: 'vaults-base', chain: 'base', chainId: 8453, contract: collection }],
    });
    expect((await call('svcGetCollectionAssets', { collection: 'vaults-base', limit: 100 })).assets).toContainEqual(
      expect.objectContaining({ vaultId, status: 'minted', owner: wallet.address }),
    );
    expect(await call('svcResolveAsset', { asset: vaultId })).toMatchObject({
      kind: 'vault',
      vault: { vaultId, status: 'minted', owner: wallet.address },
    });

    const revealed = await call('svcRevealKeys', { vaultId, confirm: vaultId });
    expect(revealed).toMatchObject({ vaultId, status: 'revealed', burnTxHash: expect.stringMatching(/^0x/) });
    const deposit = vault.depositAddresses.find((d: { chain: string }) => d.chain === 'base').address;
    expect(privateKeyToAddress(revealed.keys.evm.privateKey)).toBe(deposit);
    await expect(ownerOf(BigInt(vaultId))).rejects.toThrow(/does not exist/);
    expect((await sandbox.base.publicClient.getTransactionReceipt({ hash: revealed.burnTxHash })).from).toBe(
      privateKeyToAddress(minterKey).toLowerCase(),
    );
  }, 120_000);
});

const NFT_READS = [
  { type: 'function', name: 'MINTER', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
  { type: 'function', name: 'name', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
] as const;
