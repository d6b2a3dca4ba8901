// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title SandboxUSDC
/// @notice A small USDC look-alike for the offline sandbox chain: ERC-20 with 6 decimals, name "USD Coin", symbol "USDC",
///         version "2", and EIP-3009 transfers by signed authorization (what x402's `exact` scheme settles with).
/// @dev Written for this project; it is not Circle's FiatToken and has no admin, pause, blacklist or proxy.
///
///      The runtime bytecode is meant to be placed with `anvil_setCode` at any address (the canonical Base USDC address
///      0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 on chain 8453). Therefore there is no constructor and no immutable:
///      everything that depends on where the code runs (the EIP-712 domain: chain id and verifying contract) is computed
///      on every call, and all storage starts at zero.
///
///      Storage layout (slot order, do not reorder, persisted sandbox states depend on it):
///        0 totalSupply, 1 balanceOf, 2 allowance, 3 authorization states.
contract SandboxUSDC {
    /// @notice The only account allowed to mint: anvil's / Hardhat's default dev account #0
    ///         (mnemonic "test test test test test test test test test test test junk", index 0). The sandbox faucet
    ///         sends its mint transactions from it.
    address public constant MINTER = 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266;

    string public constant name = "USD Coin";
    string public constant symbol = "USDC";
    uint8 public constant decimals = 6;
    string private constant VERSION = "2";

    bytes32 private constant EIP712_DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );
    bytes32 public constant RECEIVE_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );
    bytes32 public constant CANCEL_AUTHORIZATION_TYPEHASH = keccak256("CancelAuthorization(address authorizer,bytes32 nonce)");

    /// @dev bytes4(keccak256("isValidSignature(bytes32,bytes)")), the ERC-1271 success value.
    bytes4 private constant ERC1271_SUCCESS = 0x1626ba7e;
    /// @dev secp256k1 order / 2: signatures with a larger s are malleable copies and are refused (EIP-2).
    uint256 private constant SECP256K1_HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => mapping(bytes32 => bool)) private _authorizationUsed;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce);
    event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce);

    // ------------------------------------------------------------------------------------------------ metadata

    function version() external pure returns (string memory) {
        return VERSION;
    }

    /// @notice EIP-712 domain separator for {name "USD Coin", version "2", chainId, verifyingContract = this}.
    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(
            abi.encode(EIP712_DOMAIN_TYPEHASH, keccak256(bytes(name)), keccak256(bytes(VERSION)), block.chainid, address(this))
        );
    }

    // ------------------------------------------------------------------------------------------------ ERC-20

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        require(spender != address(0), "SandboxUSDC: approve to the zero address");
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "SandboxUSDC: transfer amount exceeds allowance");
            unchecked {
                allowance[from][msg.sender] = allowed - value;
            }
        }
        _transfer(from, to, value);
        return true;
    }

    /// @notice Creates `amount` new tokens for `to`. Only {MINTER} may call it.
    function mint(address to, uint256 amount) external {
        require(msg.sender == MINTER, "SandboxUSDC: caller is not the minter");
        require(to != address(0), "SandboxUSDC: mint to the zero address");
        totalSupply += amount;
        unchecked {
            balanceOf[to] += amount; // cannot overflow: bounded by totalSupply
        }
        emit Transfer(address(0), to, amount);
    }

    // ------------------------------------------------------------------------------------------------ EIP-3009

    /// @notice True once `nonce` of `authorizer` has been used or canceled.
    function authorizationState(address authorizer, bytes32 nonce) external view returns (bool) {
        return _authorizationUsed[authorizer][nonce];
    }

    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        _useAuthorization(
            TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce, abi.encodePacked(r, s, v)
        );
    }

    /// @notice Same as the (v, r, s) form; `signature` is a 65-byte ECDSA signature or, when `from` is a contract, any
    ///         signature its ERC-1271 `isValidSignature` accepts.
    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) external {
        _useAuthorization(TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce, signature);
    }

    /// @notice Like transferWithAuthorization, but only the payee may submit it (front-running protection).
    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        require(to == msg.sender, "SandboxUSDC: caller must be the payee");
        _useAuthorization(
            RECEIVE_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce, abi.encodePacked(r, s, v)
        );
    }

    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) external {
        require(to == msg.sender, "SandboxUSDC: caller must be the payee");
        _useAuthorization(RECEIVE_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce, signature);
    }

    /// @notice Marks an unused nonce as used without moving funds.
    function cancelAuthorization(address authorizer, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) external {
        _cancelAuthorization(authorizer, nonce, abi.encodePacked(r, s, v));
    }

    function cancelAuthorization(address authorizer, bytes32 nonce, bytes calldata signature) external {
        _cancelAuthorization(authorizer, nonce, signature);
    }

    // ------------------------------------------------------------------------------------------------ internals

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "SandboxUSDC: transfer to the zero address");
        uint256 fromBalance = balanceOf[from];
        require(fromBalance >= value, "SandboxUSDC: transfer amount exceeds balance");
        unchecked {
            balanceOf[from] = fromBalance - value;
            balanceOf[to] += value; // cannot overflow: bounded by totalSupply
        }
        emit Transfer(from, to, value);
    }

    function _useAuthorization(
        bytes32 typeHash,
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) private {
        require(block.timestamp > validAfter, "SandboxUSDC: authorization is not yet valid");
        require(block.timestamp < validBefore, "SandboxUSDC: authorization is expired");
        _requireUnused(from, nonce);
        bytes32 structHash = keccak256(abi.encode(typeHash, from, to, value, validAfter, validBefore, nonce));
        require(_isValidSignature(from, _digest(structHash), signature), "SandboxUSDC: invalid signature");
        _authorizationUsed[from][nonce] = true;
        emit AuthorizationUsed(from, nonce);
        _transfer(from, to, value);
    }

    function _cancelAuthorization(address authorizer, bytes32 nonce, bytes memory signature) private {
        _requireUnused(authorizer, nonce);
        bytes32 structHash = keccak256(abi.encode(CANCEL_AUTHORIZATION_TYPEHASH, authorizer, nonce));
        require(_isValidSignature(authorizer, _digest(structHash), signature), "SandboxUSDC: invalid signature");
        _authorizationUsed[authorizer][nonce] = true;
        emit AuthorizationCanceled(authorizer, nonce);
    }

    function _requireUnused(address authorizer, bytes32 nonce) private view {
        require(!_authorizationUsed[authorizer][nonce], "SandboxUSDC: authorization is used or canceled");
    }

    function _digest(bytes32 structHash) private view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash));
    }

    /// @dev A 65-byte ECDSA signature by `signer` (v may be 27/28 or 0/1, s must be in the lower half), or, when `signer`
    ///      has code, whatever its ERC-1271 `isValidSignature(digest, signature)` accepts.
    function _isValidSignature(address signer, bytes32 digest, bytes memory signature) private view returns (bool) {
        if (signer == address(0)) return false;
        if (signature.length == 65) {
            bytes32 r;
            bytes32 s;
            uint8 v;
            assembly {
                r := mload(add(signature, 0x20))
                s := mload(add(signature, 0x40))
                v := byte(0, mload(add(signature, 0x60)))
            }
            if (v < 27) v += 27;
            if ((v == 27 || v == 28) && uint256(s) <= SECP256K1_HALF_ORDER && ecrecover(digest, v, r, s) == signer) {
                return true;
            }
        }
        if (signer.code.length == 0) return false;
        (bool ok, bytes memory answer) =
            signer.staticcall(abi.encodeWithSelector(ERC1271_SUCCESS, digest, signature));
        return ok && answer.length >= 32 && bytes4(bytes32(answer)) == ERC1271_SUCCESS;
    }
}
