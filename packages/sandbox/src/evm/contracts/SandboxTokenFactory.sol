// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "SandboxLaunchToken.sol";
import "SandboxV2Pair.sol";

interface IFactoryWrapped {
    function deposit() external payable;
    function transfer(address to, uint256 value) external returns (bool);
}

interface IFactoryRouter {
    function registerPair(address pair) external;
}

/// @title SandboxTokenFactory
/// @notice A Clanker-style token factory for the sandbox Base chain: one call deploys a plain ERC-20 (100,000,000,000
///         tokens, 18 decimals) and its pool against the wrapped coin on SandboxV2Router, emitting `TokenCreated` as
///         Clanker's factory does. The creator seeds the pool's wrapped side with `msg.value` (a V2 pool cannot start
///         single-sided as Clanker's concentrated position does); the whole supply goes to the pool, whose tokens then
///         trade with the chain's swap tools. `creatorRewardBps` records the creator's share of the pool's fees
///         (Clanker's creator reward); the sandbox pools keep their fees in their reserves, so there is nothing to claim.
/// @dev Placed with `anvil_setCode` (no constructor): router and wrapped coin are set once by {initialize} from
///      {MINTER}. Storage layout (do not reorder): 0 router, 1 wrapped, 2 deployments.
contract SandboxTokenFactory {
    /// @notice anvil dev account #7, the sandbox market maker.
    address public constant MINTER = 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955;
    uint256 public constant TOKEN_SUPPLY = 100_000_000_000 ether;
    uint16 public constant MAX_CREATOR_REWARD_BPS = 10_000;

    struct Deployment {
        address tokenAdmin;
        address pool;
        uint16 creatorRewardBps;
        uint64 createdAt;
    }

    address public router;
    address public wrapped;
    mapping(address => Deployment) public deployments;

    event TokenCreated(
        address indexed tokenAddress,
        address indexed tokenAdmin,
        string tokenImage,
        string tokenName,
        string tokenSymbol,
        address pool,
        uint256 pairedAmount,
        uint16 creatorRewardBps
    );

    function initialize(address router_, address wrapped_) external {
        require(msg.sender == MINTER, "SandboxTokenFactory: caller is not the minter");
        require(router == address(0), "SandboxTokenFactory: already initialized");
        router = router_;
        wrapped = wrapped_;
    }

    /// @notice Deploys a token with its pool; `msg.value` (> 0) is the pool's wrapped-coin side.
    function deployToken(string calldata name, string calldata symbol, string calldata image, uint16 creatorRewardBps)
        external
        payable
        returns (address token, address pool)
    {
        require(msg.value > 0, "SandboxTokenFactory: the pool needs a paired amount");
        require(bytes(name).length > 0 && bytes(symbol).length > 0, "SandboxTokenFactory: name and symbol are required");
        require(creatorRewardBps <= MAX_CREATOR_REWARD_BPS, "SandboxTokenFactory: reward above 100%");
        token = address(new SandboxLaunchToken(name, symbol, TOKEN_SUPPLY, address(this)));
        SandboxV2Pair pair = new SandboxV2Pair();
        pool = address(pair);
        pair.initialize(token, wrapped);
        IFactoryWrapped(wrapped).deposit{value: msg.value}();
        require(IFactoryWrapped(wrapped).transfer(pool, msg.value), "SandboxTokenFactory: wrap failed");
        require(SandboxLaunchToken(token).transfer(pool, TOKEN_SUPPLY), "SandboxTokenFactory: transfer failed");
        pair.sync();
        IFactoryRouter(router).registerPair(pool);
        deployments[token] = Deployment(msg.sender, pool, creatorRewardBps, uint64(block.timestamp));
        emit TokenCreated(token, msg.sender, image, name, symbol, pool, msg.value, creatorRewardBps);
    }
}
