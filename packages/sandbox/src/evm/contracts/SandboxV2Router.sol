// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IV2Pair {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function getReserves() external view returns (uint112, uint112, uint32);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

interface IWrappedNative {
    function deposit() external payable;
    function withdraw(uint256 value) external;
    function transfer(address to, uint256 value) external returns (bool);
}

/// @title SandboxV2Router
/// @notice Exact-input swaps over {SandboxV2Pair} pools with the Uniswap V2 router's function names and arguments
///         (`getAmountsOut`, `swapExactTokensForTokens`, `swapExactETHForTokens`, `swapExactTokensForETH`). Pools are
///         registered by the sandbox market maker ({registerPair}) instead of being created by a factory.
/// @dev Placed with `anvil_setCode` (no constructor): the wrapped native token is set once by {initialize}.
///      Storage layout (do not reorder): 0 WETH, 1 getPair.
contract SandboxV2Router {
    /// @notice anvil dev account #7, the sandbox market maker.
    address public constant MINTER = 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955;

    address public WETH;
    mapping(address => mapping(address => address)) public getPair;

    modifier ensure(uint256 deadline) {
        require(deadline >= block.timestamp, "SandboxV2Router: expired");
        _;
    }

    function initialize(address weth) external {
        require(msg.sender == MINTER, "SandboxV2Router: caller is not the minter");
        require(WETH == address(0), "SandboxV2Router: already initialized");
        WETH = weth;
    }

    /// @notice Routes a token pair through `pair`. The market maker may register any pool; anyone else only a pool for
    ///         a pair that has none yet (as a V2 factory creates pools), so a launchpad lists its graduated tokens here
    ///         and nobody can redirect an existing pair.
    function registerPair(address pair) external {
        address token0 = IV2Pair(pair).token0();
        address token1 = IV2Pair(pair).token1();
        require(token0 != address(0) && token1 != address(0), "SandboxV2Router: pair is not initialized");
        require(msg.sender == MINTER || getPair[token0][token1] == address(0), "SandboxV2Router: caller is not the minter");
        getPair[token0][token1] = pair;
        getPair[token1][token0] = pair;
    }

    receive() external payable {
        require(msg.sender == WETH, "SandboxV2Router: only the wrapped native token sends native coin here");
    }

    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) public pure returns (uint256) {
        require(amountIn > 0, "SandboxV2Router: insufficient input amount");
        require(reserveIn > 0 && reserveOut > 0, "SandboxV2Router: insufficient liquidity");
        uint256 withFee = amountIn * 997;
        return (withFee * reserveOut) / (reserveIn * 1000 + withFee);
    }

    function getAmountsOut(uint256 amountIn, address[] memory path) public view returns (uint256[] memory amounts) {
        require(path.length >= 2, "SandboxV2Router: invalid path");
        amounts = new uint256[](path.length);
        amounts[0] = amountIn;
        for (uint256 i; i < path.length - 1; i++) {
            (uint256 reserveIn, uint256 reserveOut) = _reserves(path[i], path[i + 1]);
            amounts[i + 1] = getAmountOut(amounts[i], reserveIn, reserveOut);
        }
    }

    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        amounts = getAmountsOut(amountIn, path);
        require(amounts[amounts.length - 1] >= amountOutMin, "SandboxV2Router: insufficient output amount");
        _safeTransferFrom(path[0], msg.sender, _pair(path[0], path[1]), amounts[0]);
        _swap(amounts, path, to);
    }

    function swapExactETHForTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        payable
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        require(path[0] == WETH, "SandboxV2Router: invalid path");
        amounts = getAmountsOut(msg.value, path);
        require(amounts[amounts.length - 1] >= amountOutMin, "SandboxV2Router: insufficient output amount");
        IWrappedNative(WETH).deposit{value: msg.value}();
        require(IWrappedNative(WETH).transfer(_pair(path[0], path[1]), msg.value), "SandboxV2Router: transfer failed");
        _swap(amounts, path, to);
    }

    function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        require(path[path.length - 1] == WETH, "SandboxV2Router: invalid path");
        amounts = getAmountsOut(amountIn, path);
        uint256 out = amounts[amounts.length - 1];
        require(out >= amountOutMin, "SandboxV2Router: insufficient output amount");
        _safeTransferFrom(path[0], msg.sender, _pair(path[0], path[1]), amounts[0]);
        _swap(amounts, path, address(this));
        IWrappedNative(WETH).withdraw(out);
        (bool sent, ) = to.call{value: out}("");
        require(sent, "SandboxV2Router: native transfer failed");
    }

    function _swap(uint256[] memory amounts, address[] memory path, address finalTo) private {
        for (uint256 i; i < path.length - 1; i++) {
            (address input, address output) = (path[i], path[i + 1]);
            address pair = _pair(input, output);
            uint256 amountOut = amounts[i + 1];
            (uint256 amount0Out, uint256 amount1Out) = input < output ? (uint256(0), amountOut) : (amountOut, uint256(0));
            address to = i < path.length - 2 ? _pair(output, path[i + 2]) : finalTo;
            IV2Pair(pair).swap(amount0Out, amount1Out, to, new bytes(0));
        }
    }

    function _pair(address a, address b) private view returns (address pair) {
        pair = getPair[a][b];
        require(pair != address(0), "SandboxV2Router: no pool for this pair");
    }

    function _reserves(address tokenIn, address tokenOut) private view returns (uint256 reserveIn, uint256 reserveOut) {
        (uint112 reserve0, uint112 reserve1, ) = IV2Pair(_pair(tokenIn, tokenOut)).getReserves();
        (reserveIn, reserveOut) = tokenIn < tokenOut ? (uint256(reserve0), uint256(reserve1)) : (uint256(reserve1), uint256(reserve0));
    }

    function _safeTransferFrom(address token, address from, address to, uint256 value) private {
        (bool success, bytes memory result) = token.call(abi.encodeWithSelector(0x23b872dd, from, to, value));
        require(success && (result.length == 0 || abi.decode(result, (bool))), "SandboxV2Router: transferFrom failed");
    }
}
