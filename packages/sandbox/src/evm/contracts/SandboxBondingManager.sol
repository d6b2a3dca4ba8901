// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "SandboxLaunchToken.sol";
import "SandboxV2Pair.sol";

interface IBondingWrapped {
    function deposit() external payable;
    function transfer(address to, uint256 value) external returns (bool);
}

interface IBondingRouter {
    function registerPair(address pair) external;
}

/// @title SandboxBondingManager
/// @notice A four.meme-style bonding-curve launchpad for the sandbox BSC chain. It speaks four.meme's TokenManager2
///         trading interface (`buyTokenAMAP`, `sellToken`, the TokenPurchase / TokenSale / LiquidityAdded events) and
///         its TokenManagerHelper3 views (`getTokenInfo`, `tryBuy`, `trySell`), so one client serves both; creation is
///         sandbox-only ({createToken}: four.meme's needs a signature from its API).
///
///         Curve: 1,000,000,000 tokens per launch, 800,000,000 of them sold on a constant-product curve with virtual
///         reserves (6 BNB against 1,000,000,000 tokens), so selling all 800,000,000 raises exactly 24 BNB. A 1% trading
///         fee stays with the manager. When the raise reaches 24 BNB, trading on the curve stops and the token
///         graduates: a SandboxV2Pair against the wrapped coin is deployed with the 24 BNB (wrapped) and the 200,000,000
///         tokens kept back, and registered on SandboxV2Router, where the token trades from then on.
/// @dev Placed with `anvil_setCode` (no constructor): router and wrapped coin are set once by {initialize} from
///      {MINTER}. Storage layout (do not reorder): 0 router, 1 wrapped, 2 locked, 3 infos, 4 tokens.
contract SandboxBondingManager {
    /// @notice anvil dev account #7, the sandbox market maker.
    address public constant MINTER = 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955;
    uint256 public constant TOTAL_SUPPLY = 1_000_000_000 ether;
    uint256 public constant MAX_OFFERS = 800_000_000 ether;
    uint256 public constant MAX_FUNDS = 24 ether;
    uint256 public constant VIRTUAL_FUNDS = 6 ether;
    /// @dev Virtual token reserve: MAX_OFFERS * (VIRTUAL_FUNDS + MAX_FUNDS) / MAX_FUNDS.
    uint256 public constant VIRTUAL_TOKENS = 1_000_000_000 ether;
    uint256 public constant TRADING_FEE_RATE = 100; // of 10,000

    enum Status {
        None,
        Trading,
        Graduated
    }

    struct TokenInfo {
        address creator;
        uint64 launchTime;
        uint8 label;
        Status status;
        uint256 offers;
        uint256 funds;
        address pair;
    }

    address public router;
    address public wrapped;
    uint256 private locked;
    mapping(address => TokenInfo) public infos;
    address[] public tokens;

    event TokenCreate(address creator, address token, uint256 requestId, string name, string symbol, uint256 totalSupply, uint256 launchTime, uint256 launchFee);
    event TokenPurchase(address token, address account, uint256 price, uint256 amount, uint256 cost, uint256 fee, uint256 offers, uint256 funds);
    event TokenSale(address token, address account, uint256 price, uint256 amount, uint256 cost, uint256 fee, uint256 offers, uint256 funds);
    event TradeStop(address token);
    event LiquidityAdded(address base, uint256 offers, address quote, uint256 funds);

    modifier lock() {
        require(locked == 0, "SandboxBondingManager: locked");
        locked = 1;
        _;
        locked = 0;
    }

    function initialize(address router_, address wrapped_) external {
        require(msg.sender == MINTER, "SandboxBondingManager: caller is not the minter");
        require(router == address(0), "SandboxBondingManager: already initialized");
        router = router_;
        wrapped = wrapped_;
    }

    function tokenCount() external view returns (uint256) {
        return tokens.length;
    }

    /// @notice Launches a token on the curve; `msg.value`, if any, is the creator's first buy.
    /// @param label index into the launchpad's labels (AI, Defi, Games, Meme, Infra, DeSci, Social, Depin, Charity, Others).
    function createToken(string calldata name, string calldata symbol, uint8 label) external payable returns (address token) {
        require(label < 10, "SandboxBondingManager: unknown label");
        token = address(new SandboxLaunchToken(name, symbol, TOTAL_SUPPLY, address(this)));
        infos[token] = TokenInfo(msg.sender, uint64(block.timestamp), label, Status.Trading, MAX_OFFERS, 0, address(0));
        tokens.push(token);
        emit TokenCreate(msg.sender, token, tokens.length, name, symbol, TOTAL_SUPPLY, block.timestamp, 0);
        if (msg.value > 0) _buy(token, msg.value, 0);
    }

    /// @notice Spends `funds` (= msg.value, fee included) on `token`; reverts below `minAmount`. A buy that would raise
    ///         past the target fills up to it, refunds the rest and graduates the token.
    function buyTokenAMAP(address token, uint256 funds, uint256 minAmount) external payable lock {
        require(msg.value == funds, "SandboxBondingManager: msg.value must equal funds");
        _buy(token, funds, minAmount);
    }

    /// @notice Sells `amount` to the curve (approve this contract first).
    function sellToken(address token, uint256 amount) external lock {
        _sell(token, amount, 0);
    }

    /// @notice four.meme's sell with a floor: reverts when the BNB received (after fee) is below `minFunds`. Router
    ///         fees (`feeRate`, `feeRecipient`) are not modelled: `feeRate` must be 0.
    function sellToken(uint256, address token, uint256 amount, uint256 minFunds, uint256 feeRate, address) external lock {
        require(feeRate == 0, "SandboxBondingManager: router fees are not supported");
        _sell(token, amount, minFunds);
    }

    /// @notice TokenManagerHelper3's view of a token (version 2, quote 0 = BNB).
    function getTokenInfo(address token)
        external
        view
        returns (
            uint256 version,
            address tokenManager,
            address quote,
            uint256 lastPrice,
            uint256 tradingFeeRate,
            uint256 minTradingFee,
            uint256 launchTime,
            uint256 offers,
            uint256 maxOffers,
            uint256 funds,
            uint256 maxFunds,
            bool liquidityAdded
        )
    {
        TokenInfo storage info = infos[token];
        if (info.status == Status.None) return (0, address(0), address(0), 0, 0, 0, 0, 0, 0, 0, 0, false);
        return (
            2,
            address(this),
            address(0),
            _price(info),
            TRADING_FEE_RATE,
            0,
            info.launchTime,
            info.offers,
            MAX_OFFERS,
            info.funds,
            MAX_FUNDS,
            info.status == Status.Graduated
        );
    }

    /// @notice TokenManagerHelper3's buy estimate for spending `funds` (amount-based estimates are not modelled:
    ///         `amount` must be 0). No approval is needed: the quote is the native coin.
    function tryBuy(address token, uint256 amount, uint256 funds)
        external
        view
        returns (
            address tokenManager,
            address quote,
            uint256 estimatedAmount,
            uint256 estimatedCost,
            uint256 estimatedFee,
            uint256 amountMsgValue,
            uint256 amountApproval,
            uint256 amountFunds
        )
    {
        require(amount == 0, "SandboxBondingManager: only funds-based estimates");
        tokenManager = address(this);
        (estimatedAmount, estimatedCost, estimatedFee) = _quoteBuy(infos[token], funds);
        amountMsgValue = estimatedCost + estimatedFee;
        amountFunds = amountMsgValue;
        (quote, amountApproval) = (address(0), 0);
    }

    /// @notice TokenManagerHelper3's sell estimate: BNB received after the fee, and the fee.
    function trySell(address token, uint256 amount)
        external
        view
        returns (address tokenManager, address quote, uint256 funds, uint256 fee)
    {
        (uint256 gross, uint256 cut) = _quoteSell(infos[token], amount);
        return (address(this), address(0), gross - cut, cut);
    }

    function _buy(address token, uint256 funds, uint256 minAmount) private {
        TokenInfo storage info = infos[token];
        (uint256 out, uint256 net, uint256 fee) = _quoteBuy(info, funds);
        require(out > 0 && out >= minAmount, "SandboxBondingManager: below minAmount");
        info.offers -= out;
        info.funds += net;
        require(SandboxLaunchToken(token).transfer(msg.sender, out), "SandboxBondingManager: transfer failed");
        emit TokenPurchase(token, msg.sender, _price(info), out, net, fee, info.offers, info.funds);
        if (info.funds == MAX_FUNDS) _graduate(token, info);
        uint256 refund = funds - net - fee;
        if (refund > 0) {
            (bool sent, ) = msg.sender.call{value: refund}("");
            require(sent, "SandboxBondingManager: refund failed");
        }
    }

    function _sell(address token, uint256 amount, uint256 minFunds) private {
        TokenInfo storage info = infos[token];
        (uint256 gross, uint256 fee) = _quoteSell(info, amount);
        require(gross - fee >= minFunds && gross > fee, "SandboxBondingManager: below minFunds");
        require(SandboxLaunchToken(token).transferFrom(msg.sender, address(this), amount), "SandboxBondingManager: transfer failed");
        info.offers += amount;
        info.funds -= gross;
        emit TokenSale(token, msg.sender, _price(info), amount, gross, fee, info.offers, info.funds);
        (bool sent, ) = msg.sender.call{value: gross - fee}("");
        require(sent, "SandboxBondingManager: payout failed");
    }

    /// @dev Tokens out, net funds taken into the raise, fee; a buy past the target is cut to what reaches it.
    function _quoteBuy(TokenInfo storage info, uint256 funds) private view returns (uint256 out, uint256 net, uint256 fee) {
        require(info.status == Status.Trading, "SandboxBondingManager: not trading on the curve");
        fee = (funds * TRADING_FEE_RATE) / 10_000;
        net = funds - fee;
        if (info.funds + net >= MAX_FUNDS) {
            net = MAX_FUNDS - info.funds;
            fee = (net * TRADING_FEE_RATE) / (10_000 - TRADING_FEE_RATE);
            return (info.offers, net, fee);
        }
        (uint256 x, uint256 y) = _reserves(info);
        uint256 k = x * y;
        out = y - _ceilDiv(k, x + net);
    }

    /// @dev BNB the curve pays for `amount` before the fee, and the fee.
    function _quoteSell(TokenInfo storage info, uint256 amount) private view returns (uint256 gross, uint256 fee) {
        require(info.status == Status.Trading, "SandboxBondingManager: not trading on the curve");
        require(amount > 0 && amount <= MAX_OFFERS - info.offers, "SandboxBondingManager: amount exceeds what was sold");
        (uint256 x, uint256 y) = _reserves(info);
        gross = x - _ceilDiv(x * y, y + amount);
        fee = (gross * TRADING_FEE_RATE) / 10_000;
    }

    /// @dev Virtual reserves: (BNB, tokens) = (VIRTUAL_FUNDS + raised, VIRTUAL_TOKENS - sold).
    function _reserves(TokenInfo storage info) private view returns (uint256 x, uint256 y) {
        x = VIRTUAL_FUNDS + info.funds;
        y = VIRTUAL_TOKENS - (MAX_OFFERS - info.offers);
    }

    /// @dev Spot price, wei per whole token.
    function _price(TokenInfo storage info) private view returns (uint256) {
        (uint256 x, uint256 y) = _reserves(info);
        return (x * 1 ether) / y;
    }

    function _graduate(address token, TokenInfo storage info) private {
        info.status = Status.Graduated;
        emit TradeStop(token);
        SandboxV2Pair pair = new SandboxV2Pair();
        pair.initialize(token, wrapped);
        uint256 liquidityTokens = TOTAL_SUPPLY - MAX_OFFERS;
        IBondingWrapped(wrapped).deposit{value: info.funds}();
        require(IBondingWrapped(wrapped).transfer(address(pair), info.funds), "SandboxBondingManager: wrap failed");
        require(SandboxLaunchToken(token).transfer(address(pair), liquidityTokens), "SandboxBondingManager: transfer failed");
        pair.sync();
        IBondingRouter(router).registerPair(address(pair));
        info.pair = address(pair);
        emit LiquidityAdded(token, liquidityTokens, address(0), info.funds);
    }

    function _ceilDiv(uint256 a, uint256 b) private pure returns (uint256) {
        return a == 0 ? 0 : (a - 1) / b + 1;
    }
}
