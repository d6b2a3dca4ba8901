export { IPFS_GATEWAY, PINATA_DEFAULT_URL, PINATA_SETTING, PinataClient } from './pinata.js';
