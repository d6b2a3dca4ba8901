// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title SandboxERC20
/// @notice A plain ERC-20 for the offline sandbox chains (the seeded LINK, UNI, WBTC look-alikes).
/// @dev Placed with `anvil_setCode`, which runs no constructor: name, symbol and decimals are storage set once by
///      {initialize}, called by {MINTER} right after the code is placed. Storage layout (do not reorder, persisted
///      sandbox states depend on it): 0 name, 1 symbol, 2 decimals + initialized, 3 totalSupply, 4 balanceOf, 5 allowance.
contract SandboxERC20 {
    /// @notice anvil dev account #7 (mnemonic "test test ... junk", index 7): the sandbox market maker.
    address public constant MINTER = 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955;

    string public name;
    string public symbol;
    uint8 public decimals;
    bool public initialized;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function initialize(string calldata name_, string calldata symbol_, uint8 decimals_) external {
        require(msg.sender == MINTER, "SandboxERC20: caller is not the minter");
        require(!initialized, "SandboxERC20: already initialized");
        initialized = true;
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == MINTER, "SandboxERC20: caller is not the minter");
        require(to != address(0), "SandboxERC20: mint to the zero address");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "SandboxERC20: insufficient allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "SandboxERC20: transfer to the zero address");
        uint256 held = balanceOf[from];
        require(held >= value, "SandboxERC20: transfer amount exceeds balance");
        balanceOf[from] = held - value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
