// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title SandboxWrappedNative
/// @notice WETH9-style wrapped native coin (WETH, WBNB, WPOL) for the offline sandbox chains: 18 decimals, deposit /
///         withdraw 1:1, every token backed by the native coin it holds.
/// @dev Placed with `anvil_setCode` (no constructor): name and symbol are set once by {initialize} from {MINTER}.
///      {depositTo} lets the sandbox market maker wrap straight into a pool or a faucet recipient in one transaction.
///      Storage layout (do not reorder): 0 name, 1 symbol, 2 initialized, 3 balanceOf, 4 allowance.
contract SandboxWrappedNative {
    /// @notice anvil dev account #7, the sandbox market maker.
    address public constant MINTER = 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955;
    uint8 public constant decimals = 18;

    string public name;
    string public symbol;
    bool public initialized;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Deposit(address indexed to, uint256 value);
    event Withdrawal(address indexed from, uint256 value);

    function initialize(string calldata name_, string calldata symbol_) external {
        require(msg.sender == MINTER, "SandboxWrappedNative: caller is not the minter");
        require(!initialized, "SandboxWrappedNative: already initialized");
        initialized = true;
        name = name_;
        symbol = symbol_;
    }

    receive() external payable {
        depositTo(msg.sender);
    }

    function deposit() external payable {
        depositTo(msg.sender);
    }

    function depositTo(address to) public payable {
        balanceOf[to] += msg.value;
        emit Deposit(to, msg.value);
        emit Transfer(address(0), to, msg.value);
    }

    function withdraw(uint256 value) external {
        uint256 held = balanceOf[msg.sender];
        require(held >= value, "SandboxWrappedNative: withdraw amount exceeds balance");
        balanceOf[msg.sender] = held - value;
        emit Withdrawal(msg.sender, value);
        emit Transfer(msg.sender, address(0), value);
        (bool sent, ) = msg.sender.call{value: value}("");
        require(sent, "SandboxWrappedNative: native transfer failed");
    }

    function totalSupply() external view returns (uint256) {
        return address(this).balance;
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
            require(allowed >= value, "SandboxWrappedNative: insufficient allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "SandboxWrappedNative: transfer to the zero address");
        uint256 held = balanceOf[from];
        require(held >= value, "SandboxWrappedNative: transfer amount exceeds balance");
        balanceOf[from] = held - value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
