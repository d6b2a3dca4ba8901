// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC1155Receiver {
    function onERC1155Received(address operator, address from, uint256 id, uint256 value, bytes calldata data) external returns (bytes4);
}

/// @title SandboxERC1155
/// @notice A plain ERC-1155 collection for the offline sandbox chains ("Sandbox Items", SBXITEM). The faucet mints
///         copies of item id 1 to any address; the NFT send tools move them with a quantity.
/// @dev Placed with `anvil_setCode` (no constructor); nothing needs initialising.
///      Storage layout (do not reorder): 0 balances, 1 operatorApprovals.
contract SandboxERC1155 {
    /// @notice anvil dev account #7, the sandbox market maker.
    address public constant MINTER = 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955;
    string public constant name = "Sandbox Items";
    string public constant symbol = "SBXITEM";

    mapping(uint256 => mapping(address => uint256)) private _balances;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value);
    event ApprovalForAll(address indexed account, address indexed operator, bool approved);

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0xd9b67a26;
    }

    function balanceOf(address account, uint256 id) external view returns (uint256) {
        return _balances[id][account];
    }

    function uri(uint256) external pure returns (string memory) {
        return "";
    }

    function mint(address to, uint256 id, uint256 value) external {
        require(msg.sender == MINTER, "SandboxERC1155: caller is not the minter");
        require(to != address(0), "SandboxERC1155: mint to the zero address");
        _balances[id][to] += value;
        emit TransferSingle(msg.sender, address(0), to, id, value);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes calldata data) external {
        require(from == msg.sender || isApprovedForAll[from][msg.sender], "SandboxERC1155: caller is not owner nor approved");
        require(to != address(0), "SandboxERC1155: transfer to the zero address");
        uint256 held = _balances[id][from];
        require(held >= value, "SandboxERC1155: insufficient balance for transfer");
        _balances[id][from] = held - value;
        _balances[id][to] += value;
        emit TransferSingle(msg.sender, from, to, id, value);
        if (to.code.length > 0) {
            require(
                IERC1155Receiver(to).onERC1155Received(msg.sender, from, id, value, data) == IERC1155Receiver.onERC1155Received.selector,
                "SandboxERC1155: receiver rejected the tokens"
            );
        }
    }
}
