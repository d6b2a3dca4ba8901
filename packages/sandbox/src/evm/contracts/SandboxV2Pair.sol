// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20Balance {
    function balanceOf(address owner) external view returns (uint256);
}

/// @title SandboxV2Pair
/// @notice A Uniswap-V2-style constant-product pool (0.3% fee) for the offline sandbox chains: the same `swap`,
///         `sync`, `skim` and `getReserves` as a V2 pair, without LP shares (the sandbox market maker seeds a pool by
///         transferring both tokens to it and calling {sync}; nobody withdraws liquidity) and without flash swaps.
/// @dev Placed with `anvil_setCode` (no constructor): the two tokens are set once by {initialize} from {MINTER}. A
///      launchpad contract may also deploy a pool with `new` (graduation, token factory): its deployer, {creator} (an
///      immutable, zero in placed code), may then initialize it too.
///      Storage layout (do not reorder): 0 token0, 1 token1, 2 reserve0 + reserve1 + blockTimestampLast, 3 unlocked.
contract SandboxV2Pair {
    /// @notice anvil dev account #7, the sandbox market maker.
    address public constant MINTER = 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955;
    /// @notice The contract that deployed this pool with `new`; zero for a pool placed with `anvil_setCode`.
    address public immutable creator;

    address public token0;
    address public token1;
    uint112 private reserve0;
    uint112 private reserve1;
    uint32 private blockTimestampLast;
    uint256 private locked;

    event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to);
    event Sync(uint112 reserve0, uint112 reserve1);

    modifier lock() {
        require(locked == 0, "SandboxV2Pair: locked");
        locked = 1;
        _;
        locked = 0;
    }

    constructor() {
        creator = msg.sender;
    }

    /// @notice Sets the pool's tokens (sorted by address, as in Uniswap V2).
    function initialize(address tokenA, address tokenB) external {
        require(msg.sender == MINTER || (creator != address(0) && msg.sender == creator), "SandboxV2Pair: caller is not the minter");
        require(token0 == address(0), "SandboxV2Pair: already initialized");
        require(tokenA != tokenB && tokenA != address(0) && tokenB != address(0), "SandboxV2Pair: bad tokens");
        (token0, token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
    }

    function getReserves() public view returns (uint112, uint112, uint32) {
        return (reserve0, reserve1, blockTimestampLast);
    }

    /// @notice Sends out the requested amounts after the caller has transferred the input in; the product of the
    ///         fee-adjusted balances may not fall below the product of the reserves.
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external lock {
        require(data.length == 0, "SandboxV2Pair: flash swaps are not supported");
        require(amount0Out > 0 || amount1Out > 0, "SandboxV2Pair: insufficient output amount");
        (uint112 r0, uint112 r1, ) = getReserves();
        require(amount0Out < r0 && amount1Out < r1, "SandboxV2Pair: insufficient liquidity");
        require(to != token0 && to != token1, "SandboxV2Pair: invalid to");
        if (amount0Out > 0) _safeTransfer(token0, to, amount0Out);
        if (amount1Out > 0) _safeTransfer(token1, to, amount1Out);
        (uint256 amount0In, uint256 amount1In) = _settle(r0 - amount0Out, r1 - amount1Out, uint256(r0) * uint256(r1));
        emit Swap(msg.sender, amount0In, amount1In, amount0Out, amount1Out, to);
    }

    /// @dev The amounts paid in above what is left of the reserves, checked against the constant product `k`; then
    ///      the reserves become the balances.
    function _settle(uint256 left0, uint256 left1, uint256 k) private returns (uint256 amount0In, uint256 amount1In) {
        uint256 balance0 = IERC20Balance(token0).balanceOf(address(this));
        uint256 balance1 = IERC20Balance(token1).balanceOf(address(this));
        amount0In = balance0 > left0 ? balance0 - left0 : 0;
        amount1In = balance1 > left1 ? balance1 - left1 : 0;
        require(amount0In > 0 || amount1In > 0, "SandboxV2Pair: insufficient input amount");
        require((balance0 * 1000 - amount0In * 3) * (balance1 * 1000 - amount1In * 3) >= k * 1_000_000, "SandboxV2Pair: K");
        _update(balance0, balance1);
    }

    /// @notice Sends any balance above the reserves to `to`.
    function skim(address to) external lock {
        _safeTransfer(token0, to, IERC20Balance(token0).balanceOf(address(this)) - reserve0);
        _safeTransfer(token1, to, IERC20Balance(token1).balanceOf(address(this)) - reserve1);
    }

    /// @notice Makes the reserves match the balances (how the market maker seeds and re-prices a pool).
    function sync() external lock {
        _update(IERC20Balance(token0).balanceOf(address(this)), IERC20Balance(token1).balanceOf(address(this)));
    }

    function _update(uint256 balance0, uint256 balance1) private {
        require(balance0 <= type(uint112).max && balance1 <= type(uint112).max, "SandboxV2Pair: overflow");
        reserve0 = uint112(balance0);
        reserve1 = uint112(balance1);
        blockTimestampLast = uint32(block.timestamp);
        emit Sync(reserve0, reserve1);
    }

    function _safeTransfer(address token, address to, uint256 value) private {
        (bool success, bytes memory result) = token.call(abi.encodeWithSelector(0xa9059cbb, to, value));
        require(success && (result.length == 0 || abi.decode(result, (bool))), "SandboxV2Pair: transfer failed");
    }
}
