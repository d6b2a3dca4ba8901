import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, useSandboxGateway } from './harness.js';

const record = { decimals: 6, name: 'Token', symbol: 'TKN', marketcap: 1_250_000 };

describe.each(backendsFor(import.meta.url))(
  'recommended-token display tools, paid with x402 + SIWX ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);

    it('answers each chain family with its display payload (checked against the published schema)', async () => {
      const wallet = await fundedWallet(gateway);
      const display = async (tool: string, body: unknown) => {
        const res = await wallet.call(tool, body);
        const text = await res.text();
        expect(res.status, text).toBe(200);
        return JSON.parse(text);
      };
      const solanaToken = { address: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', ...record };
      expect(await display('displayRecommendedSolanaTokensToBuy', { tokens: [solanaToken] })).toMatchObject({
        display: 'recommended_tokens',
        chain: 'solana',
        tokens: [solanaToken],
        count: 1,
      });
      const evmToken = { address: '0x6B175474E89094C44Da98b954EedeAC495271d0F', ...record };
      expect(
        await display('displayRecommendedEVMTokensToBuy', { chainId: 56, tokens: [evmToken, evmToken] }),
      ).toMatchObject({ chain: 'bsc', chainId: 56, count: 2 });
      const hederaToken = { tokenId: '0.0.456858', ...record };
      expect(await display('displayRecommendedHederaTokensToBuy', { tokens: [hederaToken] })).toMatchObject({
        chain: 'hedera',
        tokens: [hederaToken],
        count: 1,
      });
    });
  },
);
