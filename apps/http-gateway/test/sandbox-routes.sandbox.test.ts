import { NETWORKS } from '@svc/payments';
import { generateKeyPairSigner } from '@solana/kit';
import { erc20Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { useSandboxGateway } from './harness.js';
import { testBackends } from '@svc/store/testing';

const [pglite] = testBackends();
const EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('sandbox routes', () => {
  const gateway = useSandboxGateway(pglite!);

  it('GET /api/sandbox describes every sandbox chain with its RPC URL and seeded tokens', async () => {
    const res = await fetch(`${gateway.url}/api/sandbox`);
    expect(res.status).toBe(200);
    const { chains } = (await res.json()) as {
      chains: {
        chain: string;
        network: string;
        rpcUrl: string | null;
        tokens: { symbol: string; address: string | null; decimals: number }[];
      }[];
    };
    const base = chains.find((chain) => chain.chain === 'base');
    expect(base).toMatchObject({ network: NETWORKS.base, rpcUrl: gateway.sandbox.base.rpcUrl });
    expect(base?.tokens).toContainEqual({ symbol: 'USDC', address: gateway.sandbox.base.usdc, decimals: 6 });
    expect(chains.find((chain) => chain.chain === 'solana')).toMatchObject({
      network: NETWORKS.solana,
      rpcUrl: gateway.sandbox.solana.rpcUrl,
    });
  });

  it('the sandbox routes are in the OpenAPI document, described by their own modules', async () => {
    const { paths } = (await (await fetch(`${gateway.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(paths['/api/sandbox']?.get?.operationId).toBe('sandboxInfo');
    expect(paths['/api/sandbox/faucet']?.post?.operationId).toBe('sandboxFaucet');
    expect(paths['/api/sandbox/reset']?.post?.operationId).toBe('sandboxReset');
    expect(Object.keys(paths['/api/sandbox/prices'] ?? {}).sort()).toEqual(['get', 'post']);
  });

  it('faucet: a token by symbol in any case or by contract address, on the named chain', async () => {
    const usdcOf = () =>
      gateway.sandbox.base.publicClient.readContract({
        address: gateway.sandbox.base.usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [EVM_ADDRESS],
      });
    const before = await usdcOf();
    const bySymbol = await gateway.faucet({ address: EVM_ADDRESS, chain: 'base', token: 'usdc', amount: '2' });
    expect(bySymbol.status).toBe(200);
    expect(await bySymbol.json()).toMatchObject({
      chain: 'base',
      network: NETWORKS.base,
      token: 'USDC',
      asset: gateway.sandbox.base.usdc,
      atomic: '2000000',
    });
    const byAddress = await gateway.faucet({
      address: EVM_ADDRESS,
      chain: 'base',
      token: gateway.sandbox.base.usdc,
      amount: '1.5',
    });
    expect(byAddress.status).toBe(200);
    // The worker's sandbox is shared with other test files, which may have funded this address too.
    expect((await usdcOf()) - before).toBe(3_500_000n);
  });

  it('faucet: chain may be left out only when the token implies it', async () => {
    const signer = await generateKeyPairSigner();
    expect((await gateway.faucet({ address: signer.address, token: 'SOL', amount: '1' })).status).toBe(200);
    const ambiguous = await gateway.faucet({ address: EVM_ADDRESS, token: 'USDC', amount: '1' });
    expect(ambiguous.status).toBe(400);
    expect(await ambiguous.json()).toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'chain', rule: 'required' }],
    });
  });

  it('faucet: an unknown token, chain or a wrong address format is a 400 naming the field, and funds nothing', async () => {
    const unknownToken = await gateway.faucet({ address: EVM_ADDRESS, chain: 'base', token: 'NOPE', amount: '1' });
    expect(unknownToken.status).toBe(400);
    expect(await unknownToken.json()).toMatchObject({ issues: [{ field: 'token', rule: 'unknown_token' }] });
    const unknownChain = await gateway.faucet({ address: EVM_ADDRESS, chain: 'moon', token: 'USDC', amount: '1' });
    expect(unknownChain.status).toBe(400);
    expect(await unknownChain.json()).toMatchObject({ issues: [{ field: 'chain' }] });
    const wrongAddress = await gateway.faucet({ address: EVM_ADDRESS, chain: 'solana', token: 'SOL', amount: '1' });
    expect(wrongAddress.status).toBe(400);
    expect(await wrongAddress.json()).toMatchObject({ issues: [{ field: 'address', rule: 'format' }] });
  });

  it('faucet: an amount finer than one atomic unit is a 400 naming the decimals, and funds nothing', async () => {
    const holder = '0x00000000000000000000000000000000000000f1';
    const res = await gateway.faucet({ address: holder, chain: 'base', token: 'USDC', amount: '0.0000001' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ issues: [{ field: 'amount', rule: 'too_precise', limit: 6 }] });
    expect((await gateway.faucet({ address: holder, chain: 'base', token: 'USDC', amount: '0.1000000' })).status).toBe(
      200,
    );
    const balance = await gateway.sandbox.base.publicClient.readContract({
      address: gateway.sandbox.base.usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [holder],
    });
    expect(balance).toBe(100_000n);
  });

  it('faucet: an amount past what one request may fund is a 400 naming the limit on every chain, NFTs included', async () => {
    const huge = `1${'0'.repeat(80)}`;
    const solana = (await generateKeyPairSigner()).address;
    for (const [request, limit] of [
      [{ address: EVM_ADDRESS, chain: 'base', token: 'USDC', amount: huge }, '1000000'],
      [{ address: EVM_ADDRESS, chain: 'base', token: 'ETH', amount: '1000000.000000000000000001' }, '1000000'],
      [{ address: solana, chain: 'solana', token: 'SOL', amount: '18446744073.709551616' }, '1000000'],
      [
        { address: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', chain: 'stacks', token: 'STX', amount: huge },
        '1000000',
      ],
      [{ address: '0.0.2', chain: 'hedera', token: 'HBAR', amount: huge }, '1000000'],
      [
        { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', chain: 'bitcoin', token: 'BTC', amount: huge },
        '1000000',
      ],
      [{ address: EVM_ADDRESS, chain: 'base', token: 'SBXNFT', amount: '101' }, '100'],
      [{ address: EVM_ADDRESS, chain: 'base', token: 'SBXITEM', amount: huge }, '1000000'],
    ] as const) {
      const res = await gateway.faucet(request);
      expect(res.status, `${request.chain} ${request.token}`).toBe(400);
      expect(await res.json(), `${request.chain} ${request.token}`).toMatchObject({
        issues: [{ field: 'amount', rule: 'too_big', limit }],
      });
    }
  });

  it('faucet: a Hedera account id that does not exist is a 400 naming the address', async () => {
    const res = await gateway.faucet({ address: '0.0.987654321', chain: 'hedera', token: 'HBAR', amount: '1' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ issues: [{ field: 'address' }] });
  });

  it('GET /api/sandbox lists the five EVM chains with their native coin, seeded tokens and pools (started on demand)', async () => {
    const { chains } = (await (await fetch(`${gateway.url}/api/sandbox`)).json()) as {
      chains: {
        chain: string;
        network: string;
        rpcUrl: string;
        nativeSymbol: string;
        tokens: { symbol: string }[];
        pools: { address: string; tokens: string[] }[];
        seaport?: Record<string, string>;
      }[];
    };
    const expected = {
      ethereum: ['eip155:1', 'ETH', 'WETH'],
      bsc: ['eip155:56', 'BNB', 'WBNB'],
      polygon: ['eip155:137', 'POL', 'WPOL'],
      base: ['eip155:8453', 'ETH', 'WETH'],
      altchain: ['eip155:4663', 'ETH', 'WETH'],
    };
    for (const [key, [network, native, wrapped]] of Object.entries(expected)) {
      const chain = chains.find((candidate) => candidate.chain === key);
      expect(chain, key).toMatchObject({
        network,
        nativeSymbol: native,
        rpcUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      });
      expect(chain!.tokens.map((token) => token.symbol)).toEqual(
        expect.arrayContaining([native, 'USDC', wrapped, 'LINK', 'UNI', 'WBTC', 'SBXNFT', 'SBXITEM']),
      );
      expect(chain!.pools).toContainEqual({
        address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
        tokens: ['LINK', 'USDC'],
      });
      expect(chain!.pools).toContainEqual({
        address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
        tokens: [wrapped, 'USDC'],
      });
      // The NFT marketplace's Seaport 1.6 (deployed for real) on OpenSea's chains among the sandbox's.
      if (['ethereum', 'polygon', 'base'].includes(key))
        expect(chain!.seaport, key).toMatchObject({
          seaport: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
          conduitController: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
          conduit: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
          conduitKey: expect.stringMatching(/^0x[0-9a-fA-F]{64}$/),
        });
      else expect(chain!.seaport, key).toBeUndefined();
    }
  });

  it('faucet: every sandbox asset on a lazily started EVM chain (native by symbol, ERC-20 by symbol or address, NFTs)', async () => {
    const bsc = await gateway.sandbox.evm(56);
    const read = (token: `0x${string}`) =>
      bsc.chain.publicClient.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [EVM_ADDRESS],
      });
    const before = await bsc.chain.publicClient.getBalance({ address: EVM_ADDRESS });
    expect((await gateway.faucet({ address: EVM_ADDRESS, token: 'BNB', amount: '1.5' })).status).toBe(200);
    expect(await bsc.chain.publicClient.getBalance({ address: EVM_ADDRESS })).toBe(before + 1_500_000_000_000_000_000n);
    const link = bsc.token('LINK')!.address!;
    expect((await gateway.faucet({ address: EVM_ADDRESS, chain: 'bsc', token: link, amount: '3' })).status).toBe(200);
    expect(await read(link)).toBe(3_000_000_000_000_000_000n);
    expect((await gateway.faucet({ address: EVM_ADDRESS, chain: 'bsc', token: 'wbtc', amount: '0.25' })).status).toBe(
      200,
    );
    expect(await read(bsc.token('WBTC')!.address!)).toBe(25_000_000n);
    const nft = await gateway.faucet({ address: EVM_ADDRESS, chain: 'bsc', token: 'SBXNFT', amount: '2' });
    expect(nft.status).toBe(200);
    expect(await nft.json()).toMatchObject({
      token: 'SBXNFT',
      tokenIds: [expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/)],
    });
  });
});
