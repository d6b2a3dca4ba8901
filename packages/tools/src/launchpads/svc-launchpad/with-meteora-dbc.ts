import type { SolanaLaunchpads } from '../../ports/solana-launchpads.js';
import type { MeteoraDbcLaunchpad } from './live-meteora-dbc.js';

/** What the other live launchpads provide; the service launchpad's own calls come from Meteora DBC. */
export type LaunchpadsBesideSvc = Omit<SolanaLaunchpads, 'sponsorQuotaLeft' | 'claimSharedFeesTransaction'>;

/**
 * The live Solana launchpads with the service launchpad (`svc`) on Meteora DBC: its launches, tokens, burns,
 * sponsorship and shared-fee claims go to `svc`; everything else to `others`. A token is looked up on the launchpad
 * asked for first, then on the other ones (so a tool given another launchpad's token answers which one it is).
 */
export function withMeteoraDbc(others: LaunchpadsBesideSvc, svc: MeteoraDbcLaunchpad): SolanaLaunchpads {
  return {
    ...others,
    token: async (mint, launchpad) =>
      launchpad === 'svc'
        ? ((await svc.token(mint, true)) ?? others.token(mint))
        : ((await others.token(mint, launchpad)) ?? svc.token(mint, false)),
    launchCostLamports: (launchpad) =>
      launchpad === 'svc' ? svc.launchCostLamports() : others.launchCostLamports(launchpad),
    sponsorQuotaLeft: (creator) => svc.sponsorQuotaLeft(creator),
    launchTransaction: (request) =>
      request.launchpad === 'svc' ? svc.launchTransaction(request) : others.launchTransaction(request),
    burnTransaction: async (mint, owner, tokens) =>
      (await svc.owns(mint)) ? svc.burnTransaction(mint, owner, tokens) : others.burnTransaction(mint, owner, tokens),
    claimSharedFeesTransaction: (mint, recipient) => svc.claimSharedFeesTransaction(mint, recipient),
  };
}
