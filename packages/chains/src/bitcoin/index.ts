export { addressesOfPublicKey, BITCOIN_MAINNET, bitcoinOutputScript, isBitcoinMainnetAddress } from './addresses.js';
export { p2trKeyPathSigner, p2wpkhSigner, taprootInternalKey, wifOfPrivateKey } from './vault-signers.js';
export { dustThreshold } from './dust.js';
export {
  decodeRunestone,
  type Edict,
  encodeRunestone,
  parseRuneId,
  type RuneId,
  runeIdText,
  type Runestone,
  type RunestoneMessage,
} from './runestone.js';
export { ALKANES_PROTOCOL_TAG, decodeProtostones, encodeProtostones, type Protostone } from './protostone.js';
export {
  arc4,
  COUNTERPARTY_PREFIX,
  counterpartyAssetId,
  counterpartyAssetName,
  type CounterpartyIssuance,
  type CounterpartyMessage,
  type CounterpartySend,
  decodeCounterpartyMessage,
  encodeCounterpartyIssuance,
  encodeCounterpartySend,
  ENHANCED_SEND_TYPE,
  ISSUANCE_TYPE,
  packCounterpartyAddress,
  unpackCounterpartyAddress,
} from './counterparty.js';
