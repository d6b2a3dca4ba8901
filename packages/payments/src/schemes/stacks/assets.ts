/**
 * Stacks networks and asset ids for the `exact` Stacks scheme. Asset ids follow the draft exact-stacks spec
 * (CAIP-19 style): `slip44:5757` for STX, `sip010:<ADDRESS>.<contract-name>.<asset-name>` for SIP-010 tokens.
 * The x402-stacks package's ids (`STX`, `SBTC`, `USDCX`, or a bare contract id) are accepted on input for the known
 * tokens, and normalized to the CAIP-19 form.
 */
import { PAYMENT_TOKENS } from '../../tokens.js';

export const STACKS_MAINNET_NETWORK = 'stacks:1' as const;
export const STACKS_TESTNET_NETWORK = 'stacks:2147483648' as const;
export const STX_ASSET_ID = 'slip44:5757' as const;

export type StacksNetworkVersion = 'mainnet' | 'testnet';

/** 'mainnet' / 'testnet' for the two Stacks CAIP-2 ids, else null. */
export function stacksNetworkVersion(network: string): StacksNetworkVersion | null {
  if (network === STACKS_MAINNET_NETWORK) return 'mainnet';
  if (network === STACKS_TESTNET_NETWORK) return 'testnet';
  return null;
}

/** The chain id a transaction for this Stacks network carries (1 mainnet, 0x80000000 testnet). */
export function stacksChainId(version: StacksNetworkVersion): number {
  return version === 'mainnet' ? 1 : 2147483648;
}

export type StacksAsset =
  | { readonly kind: 'stx'; readonly id: typeof STX_ASSET_ID }
  | {
      readonly kind: 'sip010';
      /** Canonical `sip010:ADDRESS.contract-name.asset-name` */
      readonly id: string;
      /** `ADDRESS.contract-name` */
      readonly contract: string;
      readonly contractAddress: string;
      readonly contractName: string;
      /** The fungible token's name inside the contract, as post-conditions name it. */
      readonly assetName: string;
    };

const C32_ADDRESS = /^S[MNPT][0-9A-HJKMNP-TV-Z]{28,41}$/;
const CONTRACT_NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,127}$/;

function sip010(contractAddress: string, contractName: string, assetName: string): StacksAsset | null {
  if (!C32_ADDRESS.test(contractAddress) || !CONTRACT_NAME.test(contractName) || !CONTRACT_NAME.test(assetName))
    return null;
  return {
    kind: 'sip010',
    id: `sip010:${contractAddress}.${contractName}.${assetName}`,
    contract: `${contractAddress}.${contractName}`,
    contractAddress,
    contractName,
    assetName,
  };
}

/** The known Stacks payment tokens (from the service's token table), by canonical asset id. */
const KNOWN = Object.values(PAYMENT_TOKENS).filter((token) => token.family === 'stacks');

/**
 * Parses a Stacks asset id. Accepts `slip44:5757`, `sip010:ADDR.name.asset`, and for known mainnet tokens the
 * aliases `STX`, `SBTC`, `USDCX` and the bare contract id `ADDR.name`. Returns null for anything else.
 */
export function parseStacksAsset(asset: string): StacksAsset | null {
  if (asset === STX_ASSET_ID || asset.toUpperCase() === 'STX') return { kind: 'stx', id: STX_ASSET_ID };
  if (asset.startsWith('sip010:')) {
    const parts = asset.slice('sip010:'.length).split('.');
    if (parts.length !== 3) return null;
    const [address = '', name = '', assetName = ''] = parts;
    return sip010(address, name, assetName);
  }
  const alias = KNOWN.find(
    (token) => token.id.toUpperCase() === asset.toUpperCase() || token.extra['tokenContract'] === asset,
  );
  return alias ? parseStacksAsset(alias.asset) : null;
}

/** Decimals of a known Stacks token (STX 6, sBTC 8, USDCx 6), else undefined. */
export function stacksAssetDecimals(asset: string): number | undefined {
  const parsed = parseStacksAsset(asset);
  if (!parsed) return undefined;
  return KNOWN.find((token) => token.asset === parsed.id)?.decimals;
}

/** The requirements `extra` for an asset: `{tokenType: 'native'}` or `{tokenType: 'sip010', tokenContract}`. */
export function stacksAssetExtra(asset: StacksAsset): Record<string, unknown> {
  return asset.kind === 'stx' ? { tokenType: 'native' } : { tokenType: 'sip010', tokenContract: asset.contract };
}

/** The ledger / settlement-target key of an asset: 'STX' or the token contract id. */
export function stacksAssetKey(asset: StacksAsset): string {
  return asset.kind === 'stx' ? 'STX' : asset.contract;
}
