import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey } from '@svc/chains';
import { executeSwap } from '@svc/tools/testing';
import { SANDBOX_ERC20_ARTIFACT } from '@svc/sandbox';
import { sandboxEvmNetworks } from '@svc/tools/sandbox';
import {
  createWalletClient,
  encodeAbiParameters,
  erc20Abi,
  getAddress,
  http,
  keccak256,
  numberToHex,
  parseAbi,
  parseEther,
  parseUnits,
  stringToHex,
  type Address,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, UNCAPPED, usdcOf, useSandboxGateway } from './harness.js';
import { deployCountingReceiver, deployRefusingReceiver } from './recipient-contracts.js';

const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
const NFT_ABI = parseAbi([
  'function ownerOf(uint256) view returns (address)',
  'function balanceOf(address, uint256) view returns (uint256)',
]);
const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

describe.each(backendsFor(import.meta.url))('EVM tools through REST with SIWX + x402 ($name)', (backend) => {
  const gateway = useSandboxGateway(backend, {}, { masterKey });
  /** A signed-in paying wallet with enough USDC for many calls, and its account's vault address and id. */
  const caller = async () => {
    const wallet = await fundedWallet(gateway, UNCAPPED);
    expect((await gateway.faucet({ address: wallet.account.address, token: 'BASE_USDC', amount: '5' })).status).toBe(
      200,
    );
    const info = await json(await wallet.call('wallet', {}));
    return { ...wallet, accountId: info.accountId as string, vault: getAddress(info.vault.networks.bsc.address) };
  };
  const fund = async (address: string, chain: string, token: string, amount: string) => {
    const res = await gateway.faucet({ address, chain, token, amount });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json() as Promise<any>;
  };

  it('native and ERC-20 sends move exactly the amount; max semantics; balances tool', async () => {
    const alice = await caller();
    const bsc = await gateway.sandbox.evm(56);
    const client = bsc.chain.publicClient;
    const link = bsc.token('LINK')!.address!;
    const erc20 = (owner: Address) =>
      client.readContract({ address: link, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
    await fund(alice.vault, 'bsc', 'BNB', '2');
    await fund(alice.vault, 'bsc', 'LINK', '100');
    const bob = newAddress();

    const balances = await json(await alice.call('bscGetBalances', {}));
    expect(balances).toMatchObject({ chainId: 56, network: 'eip155:56', address: alice.vault, sandbox: true });
    expect(balances.assets).toEqual([
      { symbol: 'BNB', address: null, decimals: 18, balance: '2', humanReadableBalance: '2' },
      { symbol: 'LINK', address: link, decimals: 18, balance: '100', humanReadableBalance: '100' },
    ]);

    const vaultBefore = await client.getBalance({ address: alice.vault });
    const sent = await json(await alice.call('bnbNativeSend', { to: bob, amount: '0.5' }));
    expect(sent).toMatchObject({
      chainId: 56,
      from: alice.vault,
      to: bob,
      amount: '0.5',
      symbol: 'BNB',
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(await client.getBalance({ address: bob })).toBe(parseEther('0.5'));
    expect(await client.getBalance({ address: alice.vault })).toBe(
      vaultBefore - parseEther('0.5') - BigInt(sent.feeWei),
    );

    expect(await json(await alice.call('bscSendERC20Token', { to: bob, amount: '12.5', token: link }))).toMatchObject({
      symbol: 'LINK',
      amount: '12.5',
    });
    expect(await erc20(bob)).toBe(parseEther('12.5'));
    expect(await erc20(alice.vault)).toBe(parseEther('87.5'));
    expect(await json(await alice.call('bscSendERC20Token', { to: bob, amount: 'max', token: link }))).toMatchObject({
      amount: '87.5',
    });
    expect(await erc20(alice.vault)).toBe(0n);
    expect(await erc20(bob)).toBe(parseEther('100'));

    // native 'max' keeps the documented gas reserve (0.002 BNB) and sends the rest but this transfer's fee cap
    const carol = newAddress();
    const all = await json(await alice.call('bnbNativeSend', { to: carol, amount: 'max' }));
    const left = await client.getBalance({ address: alice.vault });
    expect(await client.getBalance({ address: carol })).toBe(parseEther(all.amount));
    expect(left).toBeGreaterThanOrEqual(parseEther('0.002'));
    expect(left).toBeLessThan(parseEther('0.0021'));
  });

  it('a token the vault only received by transfer (in no token list) is discovered and listed, marked spam', async () => {
    const alice = await caller();
    const bsc = await gateway.sandbox.evm(56);
    const client = bsc.chain.publicClient;
    // A fresh SandboxERC20 at a new address, placed as the sandbox places its own tokens (anvil_setCode) with its
    // storage written directly (layout in SandboxERC20.sol: 1 symbol, 2 decimals + initialized, 4 balanceOf), so
    // the holder's 42 DROP are its only supply and the transfer below its only event.
    const drop = newAddress();
    const holder = privateKeyToAccount(generatePrivateKey());
    const slot = (index: bigint) => numberToHex(index, { size: 32 });
    const setStorage = (index: `0x${string}`, value: `0x${string}`) =>
      client.request({ method: 'anvil_setStorageAt', params: [drop, index, value] } as never);
    await client.request({
      method: 'anvil_setCode',
      params: [drop, SANDBOX_ERC20_ARTIFACT.deployedBytecode],
    } as never);
    // a short string is stored in place, left-aligned, its length times two in the last byte
    await setStorage(slot(1n), `${stringToHex('DROP', { size: 31 })}08`);
    await setStorage(slot(2n), numberToHex((1n << 8n) | 18n, { size: 32 }));
    const balanceSlot = keccak256(
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder.address, 4n]),
    );
    await setStorage(balanceSlot, numberToHex(parseEther('42'), { size: 32 }));
    await bsc.chain.setNativeBalance(holder.address, parseEther('1'));
    const wallet = createWalletClient({ account: holder, chain: bsc.chain.chain, transport: http(bsc.chain.rpcUrl) });
    const hash = await wallet.writeContract({
      address: drop,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [alice.vault, parseEther('42')],
    });
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
    await fund(alice.vault, 'bsc', 'BNB', '1');

    const balances = await json(await alice.call('bscGetBalances', {}));
    // no USDC pool trades DROP on the sandbox chain: listed, unpriced, marked spam
    expect(balances.assets).toEqual([
      { symbol: 'BNB', address: null, decimals: 18, balance: '1', humanReadableBalance: '1' },
      {
        symbol: 'DROP',
        address: drop,
        decimals: 18,
        balance: '42',
        humanReadableBalance: '42',
        priced: false,
        spam: true,
      },
    ]);
    expect(balances).not.toHaveProperty('discoveryError');
  });

  it('a native send to a contract whose receive() writes storage pays the gas it runs (estimated, not 21,000)', async () => {
    const alice = await caller();
    const bsc = await gateway.sandbox.evm(56);
    const client = bsc.chain.publicClient;
    await fund(alice.vault, 'bsc', 'BNB', '1');
    const recipient = await deployCountingReceiver(bsc.chain, (address) =>
      fund(address, 'bsc', 'BNB', '0.01').then(() => undefined),
    );

    const sent = await json(await alice.call('bnbNativeSend', { to: recipient, amount: '0.25' }));
    expect(sent).toMatchObject({ to: recipient, amount: '0.25', symbol: 'BNB' });
    const receipt = await client.getTransactionReceipt({ hash: sent.txHash });
    expect(receipt.status).toBe('success');
    expect(receipt.gasUsed).toBeGreaterThan(21_000n);
    expect(await client.getBalance({ address: recipient })).toBe(parseEther('0.25'));
    expect(await client.getStorageAt({ address: recipient, slot: '0x0' })).toBe(`0x${'1'.padStart(64, '0')}`);

    // A recipient whose code refuses the transfer is found by the estimate: a 400 before payment, nothing sent.
    const refusing = await deployRefusingReceiver(bsc.chain, (address) =>
      fund(address, 'bsc', 'BNB', '0.01').then(() => undefined),
    );
    const paid = await usdcOf(gateway.sandbox, alice.account.address);
    const refused = await alice.call('bnbNativeSend', { to: refusing, amount: '0.25' });
    expect(refused.headers.get('payment-response')).toBeNull();
    expect(await json(refused, 400)).toMatchObject({ issues: [{ field: 'to', rule: 'transfer_refused' }] });
    expect(await usdcOf(gateway.sandbox, alice.account.address)).toBe(paid);
    expect(await client.getBalance({ address: refusing })).toBe(0n);
  });

  it('insufficient funds, a bad address and an unknown token are clear 400s that move nothing', async () => {
    const alice = await caller();
    const bsc = await gateway.sandbox.evm(56);
    const client = bsc.chain.publicClient;
    await fund(alice.vault, 'bsc', 'BNB', '1');
    await fund(alice.vault, 'bsc', 'UNI', '5');
    const uni = bsc.token('UNI')!.address!;
    const bob = newAddress();
    const nonce = await client.getTransactionCount({ address: alice.vault });
    const paid = await usdcOf(gateway.sandbox, alice.account.address);

    const refused = await alice.call('bnbNativeSend', { to: bob, amount: '5' });
    // Refused before the commit point: no settlement, so no PAYMENT-RESPONSE and nothing charged.
    expect(refused.headers.get('payment-response')).toBeNull();
    expect(await json(refused, 400)).toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'amount', rule: 'insufficient_funds' }],
    });
    expect(await json(await alice.call('bscSendERC20Token', { to: bob, amount: '6', token: uni }), 400)).toMatchObject({
      issues: [{ field: 'amount', rule: 'insufficient_funds' }],
    });
    expect(await json(await alice.call('bnbNativeSend', { to: '0x1234', amount: '0.1' }), 400)).toMatchObject({
      issues: [{ field: 'to', rule: 'format' }],
    });
    expect(
      await json(await alice.call('bscSendERC20Token', { to: bob, amount: '1', token: newAddress() }), 400),
    ).toMatchObject({ issues: [{ field: 'token', rule: 'unknown_token' }] });
    expect(
      await json(await alice.call('bscSwap', { sellTokenAddress: newAddress(), sellAmount: '1' }), 400),
    ).toMatchObject({ issues: [{ field: 'sellTokenAddress', rule: 'unknown_token' }] });
    expect(await json(await alice.call('bscSwap', { sellTokenAddress: uni, sellAmount: '50' }), 400)).toMatchObject({
      issues: [{ field: 'sellAmount', rule: 'insufficient_funds' }],
    });
    expect(await json(await alice.call('bnbNativeSend', { amount: '0.1' }), 400)).toMatchObject({
      issues: [{ field: 'to', rule: 'required' }],
    });

    expect(await client.getTransactionCount({ address: alice.vault })).toBe(nonce);
    expect(await client.getBalance({ address: alice.vault })).toBe(parseEther('1'));
    expect(await client.getBalance({ address: bob })).toBe(0n);
    expect(await usdcOf(gateway.sandbox, alice.account.address)).toBe(paid);
  });

  it('quote then swap: USD budget, fills within slippage of the quote, ERC-20 approvals, native out, max', async () => {
    const alice = await caller();
    const base = await gateway.sandbox.evm(8453);
    const client = base.chain.publicClient;
    const usdc = base.token('USDC')!.address!;
    const link = base.token('LINK')!.address!;
    // The worker's sandbox market is shared: other files' orders and price moves may have left LINK and ETH elsewhere.
    await base.setTokenPriceUsd('LINK', 15);
    await base.setTokenPriceUsd('ETH', 3000);
    const read = (token: Address) =>
      client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [alice.vault] });
    await fund(alice.vault, 'base', 'ETH', '0.1');
    await fund(alice.vault, 'base', 'USDC', '500');

    const quote = await json(
      await alice.call('baseSwapQuote', { sellTokenAddress: usdc, buyTokenAddress: link, sellAmount: '$15' }),
    );
    expect(quote).toMatchObject({
      sellAmount: '15',
      sellToken: { symbol: 'USDC' },
      buyToken: { symbol: 'LINK' },
      slippagePercent: 1,
      asOf: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(quote.conditionalOrderHandoff).toEqual({
      receiveToken: link,
      spendToken: usdc,
      spendQuantity: 15,
      receiveTokenPriceUsd: expect.closeTo(15, 3),
      spendTokenPriceUsd: 1,
    });
    expect(Number(quote.buyAmount)).toBeCloseTo(1 * 0.997, 2);

    const swapped = await json(
      await alice.call('baseSwap', { sellTokenAddress: usdc, buyTokenAddress: link, sellAmount: '15 usd' }),
    );
    expect(await read(usdc)).toBe(parseUnits('485', 6));
    const bought = await read(link);
    expect(bought).toBe(parseEther(swapped.buyAmount));
    expect(bought).toBeGreaterThanOrEqual((parseEther(quote.buyAmount) * 99n) / 100n);
    expect(swapped.approvalTxHash).toMatch(/^0x[0-9a-f]{64}$/);

    // sell all LINK for the native coin (omitted buyTokenAddress = native)
    const ethBefore = await client.getBalance({ address: alice.vault });
    const toNative = await json(await alice.call('baseSwap', { sellTokenAddress: link, sellAmount: 'max' }));
    expect(await read(link)).toBe(0n);
    expect(toNative.buyToken).toEqual({ address: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', symbol: 'ETH' });
    expect(Number(toNative.buyAmount)).toBeCloseTo((Number(swapped.buyAmount) * 15 * 0.997) / 3000, 3);
    expect(await client.getBalance({ address: alice.vault })).toBeGreaterThan(ethBefore);

    // native in, by ETH_NATIVE
    const quoteIn = await json(
      await alice.call('baseSwapQuote', {
        sellTokenAddress: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
        buyTokenAddress: usdc,
        sellAmount: '0.01',
      }),
    );
    expect(quoteIn.conditionalOrderHandoff).toMatchObject({
      spendToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
      receiveToken: usdc,
      spendQuantity: 0.01,
      spendTokenPriceUsd: expect.closeTo(3000, 0),
    });
    const usdcBefore = await read(usdc);
    const fromNative = await json(await alice.call('baseSwap', { buyTokenAddress: usdc, sellAmount: '0.01' }));
    expect((await read(usdc)) - usdcBefore).toBe(parseUnits(fromNative.buyAmount, 6));
    expect(parseUnits(fromNative.buyAmount, 6)).toBeGreaterThanOrEqual((parseUnits(quoteIn.buyAmount, 6) * 99n) / 100n);

    expect(await json(await alice.call('baseSwapQuote', { sellAmount: '1' }), 400)).toMatchObject({
      issues: [{ field: 'buyTokenAddress', rule: 'same_token' }],
    });
  });

  it('NFT sends: ERC-721 on altchain, ERC-1155 with a quantity through ethSendNFT', async () => {
    const alice = await caller();
    const alt = await gateway.sandbox.evm(4663);
    const eth = await gateway.sandbox.evm(1);
    await fund(alice.vault, 'altchain', 'ETH', '0.05');
    await fund(alice.vault, 'ethereum', 'ETH', '0.05');
    const minted = await fund(alice.vault, 'altchain', 'SBXNFT', '1');
    await fund(alice.vault, 'ethereum', 'SBXITEM', '5');
    const bob = newAddress();
    const collection = alt.nfts.find((nft) => nft.standard === 'ERC721')!.address;
    const tokenId = minted.tokenIds[0] as string;

    expect(
      await json(
        await alice.call('altchainSendNFT', { to: bob, tokenAddress: collection, tokenId, tokenStandard: 'ERC721' }),
      ),
    ).toMatchObject({ chainId: 4663, tokenId, quantity: 1 });
    expect(
      await alt.chain.publicClient.readContract({
        address: collection,
        abi: NFT_ABI,
        functionName: 'ownerOf',
        args: [BigInt(tokenId)],
      }),
    ).toBe(bob);
    expect(
      await json(
        await alice.call('altchainSendNFT', { to: bob, tokenAddress: collection, tokenId, tokenStandard: 'ERC721' }),
        400,
      ),
    ).toMatchObject({ issues: [{ field: 'tokenId', rule: 'not_owner' }] });

    const items = eth.nfts.find((nft) => nft.standard === 'ERC1155')!.address;
    expect(
      await json(
        await alice.call('ethSendNFT', {
          chainId: 1,
          to: bob,
          tokenAddress: items,
          tokenId: '1',
          tokenStandard: 'ERC1155',
          quantity: 2,
        }),
      ),
    ).toMatchObject({ chainId: 1, quantity: 2 });
    const itemsOf = (owner: Address) =>
      eth.chain.publicClient.readContract({
        address: items,
        abi: NFT_ABI,
        functionName: 'balanceOf',
        args: [owner, 1n],
      });
    expect(await itemsOf(bob)).toBe(2n);
    expect(await itemsOf(alice.vault)).toBe(3n);
    expect(
      await json(
        await alice.call('ethSendNFT', {
          chainId: 1,
          to: bob,
          tokenAddress: items,
          tokenId: '1',
          tokenStandard: 'ERC1155',
          quantity: 4,
        }),
        400,
      ),
    ).toMatchObject({ issues: [{ field: 'quantity', rule: 'insufficient_funds' }] });
  });

  it('executeSwap (conditional orders): reports the hash before broadcast; the price control moves the quote', async () => {
    const alice = await caller();
    const polygon = await gateway.sandbox.evm(137);
    await fund(alice.vault, 'polygon', 'POL', '100');
    const context = { db: gateway.db, masterKey, evmNetworks: sandboxEvmNetworks(gateway.sandbox.evm) };
    const wbtc = polygon.token('WBTC')!.address!;
    await polygon.setTokenPriceUsd('WBTC', 50_000);
    expect(await polygon.tokenPriceUsd('WBTC')).toBeCloseTo(50_000, 3);

    const signed: { hash: string; kind: string; mined: boolean }[] = [];
    const result = await executeSwap(context, {
      accountId: alice.accountId,
      chainId: 137,
      sellToken: undefined,
      buyToken: wbtc,
      sellAmount: parseEther('50'),
      slippagePercent: 0.5,
      onSigned: async (hash, kind) => {
        const receipt = await polygon.chain.publicClient.getTransactionReceipt({ hash }).catch(() => null);
        signed.push({ hash, kind, mined: receipt !== null });
      },
    });
    expect(signed).toEqual([{ hash: result.txHash, kind: 'swap', mined: false }]);
    expect(result.soldAtomic).toBe(parseEther('50'));
    expect(result.boughtAtomic).toBeGreaterThanOrEqual(result.minBuyAtomic);
    const held = await polygon.chain.publicClient.readContract({
      address: wbtc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [alice.vault],
    });
    expect(held).toBe(result.boughtAtomic);
  });
});
