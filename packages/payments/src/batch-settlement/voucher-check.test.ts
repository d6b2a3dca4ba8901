import { BATCH_SETTLEMENT_ADDRESS, BATCH_SETTLEMENT_DOMAIN, type ChannelConfig, voucherTypes } from '@x402/evm';
import { computeChannelId } from '@x402/evm/batch-settlement/client';
import { type Hex, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { voucherSignedByPayer } from './voucher-check.js';

const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const CHAIN_ID = 8453;

const payer = privateKeyToAccount(generatePrivateKey());
const config: ChannelConfig = {
  payer: payer.address,
  payerAuthorizer: ZERO_ADDRESS,
  receiver: privateKeyToAccount(generatePrivateKey()).address,
  receiverAuthorizer: privateKeyToAccount(generatePrivateKey()).address,
  token: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
  withdrawDelay: 900,
  salt: `0x${'00'.repeat(31)}01`,
};
const channelId = computeChannelId(config, CHAIN_ID) as Hex;

async function signedVoucher(maxClaimableAmount: string) {
  const signature = await payer.signTypedData({
    domain: { ...BATCH_SETTLEMENT_DOMAIN, chainId: CHAIN_ID, verifyingContract: getAddress(BATCH_SETTLEMENT_ADDRESS) },
    types: voucherTypes,
    primaryType: 'Voucher',
    message: { channelId, maxClaimableAmount: BigInt(maxClaimableAmount) },
  });
  return { channelId, maxClaimableAmount, signature };
}

/** The malleable twin of a signature: s' = n - s and the other recovery bit; the same key recovers from it. */
function flipS(signature: Hex): Hex {
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = parseInt(signature.slice(130), 16);
  const flippedS = (CURVE_ORDER - s).toString(16).padStart(64, '0');
  return `${signature.slice(0, 66)}${flippedS}${(v === 27 ? 28 : 27).toString(16)}` as Hex;
}

describe('voucherSignedByPayer', () => {
  it("accepts the payer's voucher and refuses it for another amount", async () => {
    const voucher = await signedVoucher('1000');
    expect(voucherSignedByPayer(config, voucher, CHAIN_ID)).toBe(true);
    expect(voucherSignedByPayer(config, { ...voucher, maxClaimableAmount: '1001' }, CHAIN_ID)).toBe(false);
  });

  it('refuses the high-s twin of a valid voucher signature (the contract would refuse to claim it)', async () => {
    const voucher = await signedVoucher('1000');
    expect(voucherSignedByPayer(config, { ...voucher, signature: flipS(voucher.signature) }, CHAIN_ID)).toBe(false);
  });

  it('refuses v as 0/1 and signatures that are not 65 bytes', async () => {
    const voucher = await signedVoucher('1000');
    const yParity = (parseInt(voucher.signature.slice(130), 16) - 27).toString(16).padStart(2, '0');
    const withYParity = `${voucher.signature.slice(0, 130)}${yParity}` as Hex;
    expect(voucherSignedByPayer(config, { ...voucher, signature: withYParity }, CHAIN_ID)).toBe(false);
    expect(voucherSignedByPayer(config, { ...voucher, signature: `${voucher.signature}00` }, CHAIN_ID)).toBe(false);
    expect(
      voucherSignedByPayer(config, { ...voucher, signature: voucher.signature.slice(0, 130) as Hex }, CHAIN_ID),
    ).toBe(false);
  });

  it('wants the payer authorizer when the config names one', async () => {
    const voucher = await signedVoucher('1000');
    const authorizer = privateKeyToAccount(generatePrivateKey()).address;
    expect(voucherSignedByPayer({ ...config, payerAuthorizer: authorizer }, voucher, CHAIN_ID)).toBe(false);
  });
});
