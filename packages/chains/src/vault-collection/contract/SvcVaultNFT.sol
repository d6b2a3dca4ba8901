// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title SvcVaultNFT
/// @notice The service's vault collection: one ERC-721 token per minted vault, its token id being the vault id.
///         Holding the token is what entitles its holder to have the vault's keys revealed; the reveal burns the token
///         so the vault can never be sold again. Live deployments are made by `npm run deploy-vault-collection`.
/// @dev Written for this project. The minter is an immutable, so the storage starts at zero: the sandbox places the
///      runtime code its constructor returns (minter: dev account #6) with `anvil_setCode` at a fixed address.
///
///      Storage layout (slot order, do not reorder, persisted sandbox states depend on it):
///        0 owners, 1 balanceOf, 2 getApproved, 3 isApprovedForAll.
contract SvcVaultNFT {
    /// @notice The only account allowed to mint, and allowed to burn on the owner's behalf (the reveal flow): the
    ///         service's minter key (VAULT_MINTER_PRIVATE_KEY), or dev account #6 in the sandbox.
    address public immutable MINTER;

    string public constant name = "Service Vaults";
    string public constant symbol = "VAULT";

    mapping(uint256 => address) private _owners;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    constructor(address minter) {
        require(minter != address(0), "SvcVaultNFT: minter is the zero address");
        MINTER = minter;
    }

    // ------------------------------------------------------------------------------------------------ ERC-165

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // ERC-165
            || interfaceId == 0x80ac58cd // ERC-721
            || interfaceId == 0x5b5e139f; // ERC-721 metadata
    }

    // ------------------------------------------------------------------------------------------------ ERC-721 reads

    function ownerOf(uint256 tokenId) public view returns (address owner) {
        owner = _owners[tokenId];
        require(owner != address(0), "SvcVaultNFT: token does not exist");
    }

    /// @notice "svc-vault://<vaultId>": the service resolves it (svcResolveAsset); no off-chain metadata host is needed.
    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        return string.concat("svc-vault://", _decimal(tokenId));
    }

    // ------------------------------------------------------------------------------------------------ mint and burn

    /// @notice Creates token `tokenId` (a vault id) for `to`. Only {MINTER} may call it.
    function mint(address to, uint256 tokenId) external {
        require(msg.sender == MINTER, "SvcVaultNFT: caller is not the minter");
        require(to != address(0), "SvcVaultNFT: mint to the zero address");
        require(_owners[tokenId] == address(0), "SvcVaultNFT: token already minted");
        _owners[tokenId] = to;
        unchecked {
            balanceOf[to] += 1;
        }
        emit Transfer(address(0), to, tokenId);
    }

    /// @notice Destroys `tokenId`. Its owner may burn it, and {MINTER} does so when the service reveals the vault keys
    ///         to the holder (the service checks the holder first).
    function burn(uint256 tokenId) external {
        address owner = ownerOf(tokenId);
        require(msg.sender == owner || msg.sender == MINTER, "SvcVaultNFT: caller is neither owner nor minter");
        delete getApproved[tokenId];
        delete _owners[tokenId];
        unchecked {
            balanceOf[owner] -= 1;
        }
        emit Transfer(owner, address(0), tokenId);
    }

    // ------------------------------------------------------------------------------------------------ ERC-721 transfers

    function approve(address approved, uint256 tokenId) external {
        address owner = ownerOf(tokenId);
        require(msg.sender == owner || isApprovedForAll[owner][msg.sender], "SvcVaultNFT: caller may not approve");
        getApproved[tokenId] = approved;
        emit Approval(owner, approved, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address owner = ownerOf(tokenId);
        require(owner == from, "SvcVaultNFT: from is not the owner");
        require(to != address(0), "SvcVaultNFT: transfer to the zero address");
        require(
            msg.sender == owner || getApproved[tokenId] == msg.sender || isApprovedForAll[owner][msg.sender],
            "SvcVaultNFT: caller is not owner nor approved"
        );
        delete getApproved[tokenId];
        unchecked {
            balanceOf[from] -= 1;
            balanceOf[to] += 1;
        }
        _owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        if (to.code.length > 0) {
            // bytes4(keccak256("onERC721Received(address,address,uint256,bytes)"))
            bytes4 accepted = 0x150b7a02;
            require(
                IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data) == accepted,
                "SvcVaultNFT: receiver refused the token"
            );
        }
    }

    // ------------------------------------------------------------------------------------------------ internals

    function _decimal(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 rest = value; rest != 0; rest /= 10) ++digits;
        bytes memory text = new bytes(digits);
        for (; value != 0; value /= 10) text[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(text);
    }
}

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data) external returns (bytes4);
}
