import { parseAbi } from 'viem';

/**
 * four.meme's on-chain interface as its protocol documentation (API-Documents, "TokenManager2 (V2)" and
 * "TokenManagerHelper3 (V3)") publishes it: the part the bonding tools call. The sandbox's SandboxBondingManager
 * implements the same functions and events, so one client serves live BSC and the sandbox.
 */
export const FOUR_MEME_ABI = parseAbi([
  'function buyTokenAMAP(address token, uint256 funds, uint256 minAmount) payable',
  'function sellToken(uint256 origin, address token, uint256 amount, uint256 minFunds, uint256 feeRate, address feeRecipient)',
  'function getTokenInfo(address token) view returns (uint256 version, address tokenManager, address quote, uint256 lastPrice, uint256 tradingFeeRate, uint256 minTradingFee, uint256 launchTime, uint256 offers, uint256 maxOffers, uint256 funds, uint256 maxFunds, bool liquidityAdded)',
  'function tryBuy(address token, uint256 amount, uint256 funds) view returns (address tokenManager, address quote, uint256 estimatedAmount, uint256 estimatedCost, uint256 estimatedFee, uint256 amountMsgValue, uint256 amountApproval, uint256 amountFunds)',
  'function trySell(address token, uint256 amount) view returns (address tokenManager, address quote, uint256 funds, uint256 fee)',
  'event TokenCreate(address creator, address token, uint256 requestId, string name, string symbol, uint256 totalSupply, uint256 launchTime, uint256 launchFee)',
  'event TokenPurchase(address token, address account, uint256 price, uint256 amount, uint256 cost, uint256 fee, uint256 offers, uint256 funds)',
  'event TokenSale(address token, address account, uint256 price, uint256 amount, uint256 cost, uint256 fee, uint256 offers, uint256 funds)',
  'event LiquidityAdded(address base, uint256 offers, address quote, uint256 funds)',
]);

/** four.meme's contracts on BSC mainnet (API-Documents: TokenManager2, TokenManagerHelper3). */
export const FOUR_MEME_TOKEN_MANAGER = '0x5c952063c7fc8610FFDB798152D69F0B9550762b';
export const FOUR_MEME_HELPER = '0xF251F83e40a78868FcfA3FA4599Dad6494E46034';

/** The launchpad's category labels, in the order the sandbox manager numbers them. */
export const BONDING_LABELS = [
  'AI',
  'Defi',
  'Games',
  'Meme',
  'Infra',
  'DeSci',
  'Social',
  'Depin',
  'Charity',
  'Others',
] as const;
export type BondingLabel = (typeof BONDING_LABELS)[number];
