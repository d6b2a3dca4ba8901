// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data) external returns (bytes4);
}

/// @title SandboxERC721
/// @notice A plain ERC-721 collection for the offline sandbox chains ("Sandbox Punks", SBXNFT). The faucet mints new
///         tokens (ids 1, 2, 3, ... in order) to any address; the NFT send tools move them.
/// @dev Placed with `anvil_setCode` (no constructor); nothing needs initialising (name and symbol are constants).
///      Storage layout (do not reorder): 0 lastTokenId, 1 owners, 2 balances, 3 tokenApprovals, 4 operatorApprovals.
contract SandboxERC721 {
    /// @notice anvil dev account #7, the sandbox market maker.
    address public constant MINTER = 0x14dC79964da2C08b23698B3D3cc7Ca32193d9955;
    string public constant name = "Sandbox Punks";
    string public constant symbol = "SBXNFT";

    uint256 public lastTokenId;
    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x80ac58cd || interfaceId == 0x5b5e139f;
    }

    function balanceOf(address owner) external view returns (uint256) {
        require(owner != address(0), "SandboxERC721: zero address");
        return _balances[owner];
    }

    function ownerOf(uint256 tokenId) public view returns (address owner) {
        owner = _owners[tokenId];
        require(owner != address(0), "SandboxERC721: nonexistent token");
    }

    /// @notice Mints the next `count` token ids to `to`; returns the first. Only {MINTER} may call it.
    function mint(address to, uint256 count) external returns (uint256 firstTokenId) {
        require(msg.sender == MINTER, "SandboxERC721: caller is not the minter");
        require(to != address(0), "SandboxERC721: mint to the zero address");
        firstTokenId = lastTokenId + 1;
        for (uint256 i; i < count; i++) {
            uint256 tokenId = firstTokenId + i;
            _owners[tokenId] = to;
            emit Transfer(address(0), to, tokenId);
        }
        _balances[to] += count;
        lastTokenId += count;
    }

    function approve(address approved, uint256 tokenId) external {
        address owner = ownerOf(tokenId);
        require(msg.sender == owner || isApprovedForAll[owner][msg.sender], "SandboxERC721: not owner nor operator");
        getApproved[tokenId] = approved;
        emit Approval(owner, approved, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address owner = ownerOf(tokenId);
        require(owner == from, "SandboxERC721: from is not the owner");
        require(to != address(0), "SandboxERC721: transfer to the zero address");
        require(
            msg.sender == owner || getApproved[tokenId] == msg.sender || isApprovedForAll[owner][msg.sender],
            "SandboxERC721: caller is not owner nor approved"
        );
        delete getApproved[tokenId];
        _balances[from] -= 1;
        _balances[to] += 1;
        _owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        if (to.code.length > 0) {
            require(
                IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data) == IERC721Receiver.onERC721Received.selector,
                "SandboxERC721: receiver rejected the token"
            );
        }
    }
}
