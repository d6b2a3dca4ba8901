import { createHash } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1';
import { addressesOfPublicKey, isBitcoinMainnetAddress, p2wpkhSigner, wifOfPrivateKey } from '@svc/chains';
import { address as addressCodec, networks, Psbt } from 'bitcoinjs-lib';
import type { BitcoinSandboxLedger } from '../bitcoin/ledger.js';
import type { SandboxEvmMarket } from '../evm/sandbox-market.js';
import type { ChainLeg } from './chain-leg.js';

/** What an operator payment pays miners: a few inputs and two outputs at the sandbox's fee rates, rounded up. */
const PAYMENT_FEE_SATS = 2_000n;

/** An operator key on Bitcoin: a native segwit (P2WPKH) address of a private key derived from its label. */
function operatorKey(label: string): { readonly wif: string; readonly address: string } {
  const secret = createHash('sha256').update(`svc.sandbox.cross-chain:${label}`).digest();
  const publicKey = Buffer.from(secp256k1.getPublicKey(secret, true)).toString('hex');
  return { wif: wifOfPrivateKey(secret), address: addressesOfPublicKey(publicKey).segwit };
}

/**
 * The Bitcoin leg: the operator's keys hold UTXOs on the sandbox ledger (credited by its faucet when funded) and pay
 * with signed P2WPKH transactions the ledger checks. BTC is priced as the sandbox Ethereum market's WBTC (its USDC
 * pool), as the Bitcoin research tools price it.
 */
export function bitcoinLeg(ledger: BitcoinSandboxLedger, ethereum: () => Promise<SandboxEvmMarket>): ChainLeg {
  return {
    addressOf: async (label) => operatorKey(label).address,
    isAddress: (text) => isBitcoinMainnetAddress(text),
    balanceOf: async (owner) => ledger.balanceOf(owner),
    priceUsd: async () => (await ethereum()).tokenPriceUsd('WBTC'),
    async pay(label, to, _asset, atomic) {
      const key = operatorKey(label);
      const needed = atomic + PAYMENT_FEE_SATS;
      const coins = ledger.utxosOf(key.address).sort((a, b) => (a.value > b.value ? -1 : 1));
      const psbt = new Psbt({ network: networks.bitcoin });
      let gathered = 0n;
      for (const coin of coins) {
        if (gathered >= needed) break;
        psbt.addInput({ hash: coin.txid, index: coin.vout, witnessUtxo: { script: coin.script, value: coin.value } });
        gathered += coin.value;
      }
      if (gathered < needed) throw new Error(`the operator key ${label} holds too few sats for this payment`);
      psbt.addOutput({ script: addressCodec.toOutputScript(to, networks.bitcoin), value: atomic });
      if (gathered > needed)
        psbt.addOutput({
          script: addressCodec.toOutputScript(key.address, networks.bitcoin),
          value: gathered - needed,
        });
      psbt.signAllInputs(p2wpkhSigner(key.wif));
      psbt.finalizeAllInputs();
      return ledger.submit(psbt.extractTransaction().toHex()).txid;
    },
    async fund(label, _asset, atomic) {
      ledger.credit(operatorKey(label).address, atomic);
    },
    incomingTransaction: async (owner) => ledger.historyOf(owner).at(-1)?.txid,
    // The router takes deposits on EVM chains only.
    transaction: async () => undefined,
  };
}
