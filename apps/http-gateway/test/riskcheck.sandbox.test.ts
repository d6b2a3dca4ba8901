import { generateKeyPairSigner } from '@solana/kit';
import { SOLANA_JUP_MINT } from '@svc/sandbox';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, usdcOf, useSandboxGateway } from './harness.js';

interface Report {
  mint: string;
  symbol: string | null;
  score_normalised: number;
  risks: { name: string; level: string }[];
  mintAuthority: string | null;
  freezeAuthority: string | null;
  creator: string | null;
  topHolders: { address: string; percent: number; insider: boolean }[];
  totalHolders: number;
}

describe.each(backendsFor(import.meta.url))(
  'riskcheckToken scores sandbox mints from the Solana ledger, paid with x402 + SIWX ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);

    it('scores a seeded mint from its authorities and holders, and rescores it as its holders change', async () => {
      const wallet = await fundedWallet(gateway);
      const riskcheck = async () => {
        const response = await wallet.call('riskcheckToken', { tokenMint: SOLANA_JUP_MINT });
        const report = (await response.json()) as Report;
        expect(response.status, JSON.stringify(report)).toBe(200);
        return report;
      };
      const before = await riskcheck();
      expect(before).toMatchObject({
        mint: SOLANA_JUP_MINT,
        symbol: 'JUP',
        mintAuthority: gateway.sandbox.solana.usdcMintAuthority,
        creator: gateway.sandbox.solana.usdcMintAuthority,
        freezeAuthority: null,
      });
      expect(before.risks).toContainEqual(expect.objectContaining({ name: 'Mint Authority still enabled' }));
      expect(before.risks.map((risk) => risk.name)).not.toContain('Freeze Authority still enabled');

      // A new holder receives three times the current supply: it then holds 75 % of it.
      const supply = (await gateway.sandbox.solana.mintState(SOLANA_JUP_MINT))!.supply;
      const whale = (await generateKeyPairSigner()).address;
      await gateway.sandbox.solana.mintToken(whale, SOLANA_JUP_MINT, supply * 3n);
      const after = await riskcheck();
      expect(after.topHolders[0]).toEqual({ address: whale, percent: 75, insider: false });
      expect(after.totalHolders).toBe(before.totalHolders + 1);
      expect(after.risks).toContainEqual(expect.objectContaining({ name: 'Single holder ownership', level: 'danger' }));
      expect(after.score_normalised).toBeGreaterThan(before.score_normalised);
    });

    it('answers 404 for an address with no mint on the sandbox chain, uncharged', async () => {
      const wallet = await fundedWallet(gateway);
      const balance = await usdcOf(gateway.sandbox, wallet.account.address);
      const unknown = (await generateKeyPairSigner()).address;
      const response = await wallet.call('riskcheckToken', { tokenMint: unknown });
      expect(response.status).toBe(404);
      expect(JSON.stringify(await response.json())).toContain(unknown);
      expect(await usdcOf(gateway.sandbox, wallet.account.address)).toBe(balance);
    });
  },
);
