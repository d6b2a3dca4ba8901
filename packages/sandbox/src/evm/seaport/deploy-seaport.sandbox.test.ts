import { domainSeparator, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandboxEvmMarket, type SandboxEvmMarket } from '../sandbox-market.js';
import { startSandboxEvmChain, type SandboxEvmChain } from '../sandbox-chain.js';
import { SANDBOX_SEAPORT_ADDRESSES } from './deploy-seaport.js';

const SEAPORT = parseAbi([
  'function information() view returns (string version, bytes32 domainSeparator, address conduitController)',
  'function name() view returns (string)',
]);
const CONDUIT_CONTROLLER = parseAbi([
  'function getChannelStatus(address conduit, address channel) view returns (bool isOpen)',
]);

describe('Seaport on a sandbox chain', () => {
  let base: SandboxEvmChain;
  let market: SandboxEvmMarket;
  beforeAll(async () => {
    base = await startSandboxEvmChain({ chainId: 8453 });
    market = await openSandboxEvmMarket(base);
  }, 60_000);
  afterAll(() => base.stop());

  it('is deployed for real with its controller and an open conduit, and again at the same place after a reset', async () => {
    const seaport = market.seaport!;
    expect(seaport.seaport).toBe(SANDBOX_SEAPORT_ADDRESSES.seaport);
    const read = () =>
      base.publicClient.readContract({ address: seaport.seaport, abi: SEAPORT, functionName: 'information' });
    const [version, separator, controller] = await read();
    // The EIP-712 domain binds to where it was deployed: orders signed for this address verify there.
    expect(separator).toBe(
      domainSeparator({
        domain: { name: 'Seaport', version: '1.6', chainId: 8453, verifyingContract: seaport.seaport },
      }),
    );
    expect(version).toBe('1.6');
    expect(controller).toBe(seaport.conduitController);
    expect(await base.publicClient.readContract({ address: seaport.seaport, abi: SEAPORT, functionName: 'name' })).toBe(
      'Seaport',
    );
    expect(
      await base.publicClient.readContract({
        address: seaport.conduitController,
        abi: CONDUIT_CONTROLLER,
        functionName: 'getChannelStatus',
        args: [seaport.conduit, seaport.seaport],
      }),
    ).toBe(true);

    await base.reset();
    const again = await openSandboxEvmMarket(base);
    expect(again.seaport).toEqual(seaport);
    expect((await read())[0]).toBe('1.6');
  });
});
