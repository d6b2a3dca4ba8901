// The post-condition rules the facilitator and (through stacksTransactionCodec) the sandbox ledger both apply.
import { describe, expect, it } from 'vitest';
import { postConditionViolation, type StacksAssetMovement } from './post-conditions.js';
import type { StacksDecodedTransaction } from './transaction.js';

const ALICE = 'SP13XRE748TMQ72AHAZF9MJTSREB41D7WYZWEP0SM';
const BOB = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const USDCX = 'SP120SBRBQJ00MCWS7TM5R8WJNTTKD5K0HFRC2CNE.usdcx::usdcx-token';

type Conditions = Pick<StacksDecodedTransaction, 'sender' | 'postConditionMode' | 'postConditions'>;

const aliceSends = (amount: bigint): StacksAssetMovement[] => [{ from: ALICE, asset: USDCX, amount }];
const deny = (postConditions: Conditions['postConditions']): Conditions => ({
  sender: ALICE,
  postConditionMode: 'deny',
  postConditions,
});

describe('postConditionViolation', () => {
  it('deny mode: every movement needs a post-condition on its principal and asset', () => {
    expect(postConditionViolation(deny([]), aliceSends(10n))).toMatch(/deny: .* without a post-condition/);
    expect(
      postConditionViolation(deny([{ type: 'stx', principal: ALICE, condition: 'eq', amount: 10n }]), aliceSends(10n)),
    ).toMatch(/post-condition failed: .* sends STX eq 10/);
    expect(
      postConditionViolation(
        deny([{ type: 'ft', principal: ALICE, condition: 'eq', amount: 10n, asset: USDCX }]),
        aliceSends(10n),
      ),
    ).toBeNull();
  });

  it('every condition must hold, compared as it says', () => {
    const ft = (condition: 'eq' | 'gt' | 'gte' | 'lt' | 'lte', amount: bigint) =>
      deny([{ type: 'ft', principal: ALICE, condition, amount, asset: USDCX }]);
    expect(postConditionViolation(ft('lt', 10n), aliceSends(10n))).toMatch(/sends .* lt 10/);
    expect(postConditionViolation(ft('lte', 10n), aliceSends(10n))).toBeNull();
    expect(postConditionViolation(ft('gt', 10n), aliceSends(10n))).toMatch(/gt 10/);
    expect(postConditionViolation(ft('gte', 10n), aliceSends(10n))).toBeNull();
    expect(postConditionViolation(ft('eq', 9n), aliceSends(10n))).toMatch(/eq 9/);
  });

  it('allow mode needs no conditions, but the ones present still hold', () => {
    expect(
      postConditionViolation({ sender: ALICE, postConditionMode: 'allow', postConditions: [] }, aliceSends(10n)),
    ).toBeNull();
    expect(
      postConditionViolation(
        {
          sender: ALICE,
          postConditionMode: 'allow',
          postConditions: [{ type: 'ft', principal: ALICE, condition: 'lt', amount: 5n, asset: USDCX }],
        },
        aliceSends(10n),
      ),
    ).toMatch(/failed/);
  });

  it('originator mode covers only what the sender moves', () => {
    const bobSends: StacksAssetMovement[] = [{ from: BOB, asset: USDCX, amount: 3n }];
    expect(
      postConditionViolation({ sender: ALICE, postConditionMode: 'originator', postConditions: [] }, bobSends),
    ).toBeNull();
    expect(
      postConditionViolation({ sender: ALICE, postConditionMode: 'originator', postConditions: [] }, aliceSends(1n)),
    ).toMatch(/originator/);
  });

  it('an NFT condition "sent" fails (fungible transfers move no NFT); staking conditions are refused', () => {
    const ok = { type: 'ft', principal: ALICE, condition: 'eq', amount: 10n, asset: USDCX } as const;
    expect(
      postConditionViolation(
        deny([
          ok,
          { type: 'nft', principal: ALICE, condition: 'sent', asset: 'SP000000000000000000002Q6VF78.nft::thing' },
        ]),
        aliceSends(10n),
      ),
    ).toMatch(/NFT/);
    expect(
      postConditionViolation(
        deny([
          ok,
          { type: 'nft', principal: ALICE, condition: 'not-sent', asset: 'SP000000000000000000002Q6VF78.nft::thing' },
        ]),
        aliceSends(10n),
      ),
    ).toBeNull();
    expect(
      postConditionViolation(
        deny([ok, { type: 'other', principal: ALICE, description: 'pox-postcondition' }]),
        aliceSends(10n),
      ),
    ).toMatch(/unsupported/);
  });
});
