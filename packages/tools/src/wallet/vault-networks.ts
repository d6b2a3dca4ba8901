import { DERIVATION_PATHS, EVM_CHAINS, type VaultAddresses } from '@svc/chains';

/** A vault's addresses as the wallet tool shows them: one entry per network, with the path each key sits at. */
export function vaultNetworks(addresses: VaultAddresses) {
  const evm = Object.fromEntries(
    EVM_CHAINS.map((chain) => [
      chain.key,
      { chainId: chain.chainId, caip2: chain.caip2, address: addresses.evm, derivationPath: DERIVATION_PATHS.evm },
    ]),
  );
  return {
    ...evm,
    solana: { address: addresses.solana, derivationPath: DERIVATION_PATHS.solana },
    bitcoin: {
      segwit: { address: addresses.bitcoin.segwit, type: 'p2wpkh', derivationPath: DERIVATION_PATHS.bitcoinSegwit },
      taproot: { address: addresses.bitcoin.taproot, type: 'p2tr', derivationPath: DERIVATION_PATHS.bitcoinTaproot },
      publicKey: addresses.bitcoin.publicKey,
    },
    hedera: {
      // Hedera accounts are created on chain by the first send (spec: hederaNativeSend), not by key generation.
      accountId: null,
      evmAddress: addresses.hedera.evmAddress,
      publicKey: addresses.hedera.publicKey,
      keyType: 'ECDSA_SECP256K1',
      derivationPath: DERIVATION_PATHS.hedera,
      note: 'The 0.0.x account id is created by the first send from this vault; until then the EVM address is its alias.',
    },
  };
}
