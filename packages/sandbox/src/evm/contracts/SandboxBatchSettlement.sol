// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice What SandboxBatchSettlement needs of a token.
interface IBatchSettlementToken {
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
}

/// @notice A deposit collector moves `amount` of `token` from `payer` to the caller (the batch settlement contract),
///         by whatever authorization `collectorData` carries, bound to `channelId`.
interface IBatchSettlementDepositCollector {
    function collect(address payer, address token, uint256 amount, bytes32 channelId, bytes calldata collectorData)
        external;
}

/// @title SandboxBatchSettlement
/// @notice The x402 `batch-settlement` (EVM) payment-channel contract for the offline sandbox chain, written for this
///         project from the scheme's published description and the ABI the official x402 EVM SDK (2.27.0) calls
///         (function names, argument structs, the `Settled` event and the EIP-712 types of domain
///         "x402 Batch Settlement" version "1"), so the SDK's client, server and facilitator work against it unchanged.
///
///         A channel is identified by its immutable config (payer, payer authorizer, receiver, receiver authorizer,
///         token, withdraw delay, salt): the channel id is the EIP-712 digest of that config. The payer funds it with
///         `deposit` (through a collector), signs cumulative vouchers off chain, and the receiver side claims the latest
///         voucher of many channels in one transaction (`claimWithSignature`), then sweeps with `settle`. Unclaimed
///         funds go back to the payer by a cooperative refund (`refundWithSignature`) or, without the receiver, by
///         the timed withdrawal (`initiateWithdraw`, then `finalizeWithdraw` after the channel's withdraw delay).
///
///         Channel accounting: `balance` is what the payer has put in and not taken back; `totalClaimed` is the
///         cumulative amount the receiver has claimed (never above `balance`). The unclaimed part, `balance -
///         totalClaimed`, is what a refund or withdrawal can return. Claimed amounts are owed to the receiver
///         (`receivers[receiver][token]`) until `settle` transfers them.
/// @dev The runtime bytecode is placed with `anvil_setCode` at the SDK's published address, so there is no constructor
///      and no immutable: the EIP-712 domain (chain id, verifying contract) is computed on every call and all storage
///      starts at zero. The reentrancy lock lives in transient storage (EIP-1153), so it needs no initialisation either.
///
///      Storage layout (slot order, do not reorder, persisted sandbox states depend on it):
///        0 channels, 1 pendingWithdrawals, 2 receivers, 3 refundNonce.
contract SandboxBatchSettlement {
    struct ChannelConfig {
        address payer;
        address payerAuthorizer;
        address receiver;
        address receiverAuthorizer;
        address token;
        uint40 withdrawDelay;
        bytes32 salt;
    }

    struct Voucher {
        ChannelConfig channel;
        uint128 maxClaimableAmount;
    }

    struct VoucherClaim {
        Voucher voucher;
        bytes signature;
        uint128 totalClaimed;
    }

    struct ChannelState {
        uint128 balance;
        uint128 totalClaimed;
    }

    struct PendingWithdrawal {
        uint128 amount;
        uint40 initiatedAt;
    }

    struct ReceiverState {
        uint128 totalClaimed;
        uint128 totalSettled;
    }

    bytes32 public constant CHANNEL_CONFIG_TYPEHASH = keccak256(
        "ChannelConfig(address payer,address payerAuthorizer,address receiver,address receiverAuthorizer,address token,uint40 withdrawDelay,bytes32 salt)"
    );
    bytes32 public constant VOUCHER_TYPEHASH = keccak256("Voucher(bytes32 channelId,uint128 maxClaimableAmount)");
    bytes32 public constant REFUND_TYPEHASH = keccak256("Refund(bytes32 channelId,uint256 nonce,uint128 amount)");
    bytes32 public constant CLAIM_ENTRY_TYPEHASH =
        keccak256("ClaimEntry(bytes32 channelId,uint128 maxClaimableAmount,uint128 totalClaimed)");
    bytes32 public constant CLAIM_BATCH_TYPEHASH = keccak256(
        "ClaimBatch(ClaimEntry[] claims)ClaimEntry(bytes32 channelId,uint128 maxClaimableAmount,uint128 totalClaimed)"
    );

    /// @notice Bounds of a channel's withdraw delay: 15 minutes to 30 days.
    uint40 public constant MIN_WITHDRAW_DELAY = 900;
    uint40 public constant MAX_WITHDRAW_DELAY = 2_592_000;

    bytes32 private constant EIP712_DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant DOMAIN_NAME_HASH = keccak256("x402 Batch Settlement");
    bytes32 private constant DOMAIN_VERSION_HASH = keccak256("1");
    uint256 private constant SECP256K1_HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;
    bytes4 private constant ERC1271_MAGIC_VALUE = 0x1626ba7e;
    /// @dev Transient-storage slot of the reentrancy lock: keccak256("svc.sandbox.SandboxBatchSettlement.lock").
    bytes32 private constant LOCK_SLOT = 0x0007d3e8f02cd412c785a3d272d5f6885fbbfc4dcd355096b039ec3acd71d822;

    mapping(bytes32 channelId => ChannelState) public channels;
    mapping(bytes32 channelId => PendingWithdrawal) public pendingWithdrawals;
    mapping(address receiver => mapping(address token => ReceiverState)) public receivers;
    mapping(bytes32 channelId => uint256) public refundNonce;

    event Deposited(
        bytes32 indexed channelId, address indexed payer, address indexed collector, uint128 amount, uint128 balance
    );
    event Claimed(
        bytes32 indexed channelId, address indexed receiver, address indexed token, uint128 amount, uint128 totalClaimed
    );
    event Settled(address indexed receiver, address indexed token, address indexed sender, uint128 amount);
    event Refunded(bytes32 indexed channelId, address indexed payer, uint128 amount, uint256 nonce);
    event WithdrawInitiated(bytes32 indexed channelId, address indexed payer, uint128 amount, uint40 initiatedAt);
    event WithdrawFinalized(bytes32 indexed channelId, address indexed payer, uint128 amount);

    error ZeroAmount();
    error InvalidChannelConfig();
    error WithdrawDelayOutOfRange(uint40 withdrawDelay);
    error DepositNotReceived(uint256 expected, uint256 received);
    error NoClaims();
    error UnauthorizedClaimer(bytes32 channelId);
    error MixedReceiverAuthorizers();
    error InvalidAuthorizerSignature();
    error InvalidVoucherSignature(bytes32 channelId);
    error ClaimAboveVoucher(bytes32 channelId, uint128 totalClaimed, uint128 maxClaimableAmount);
    error ClaimNotAboveClaimed(bytes32 channelId, uint128 totalClaimed, uint128 alreadyClaimed);
    error ClaimAboveBalance(bytes32 channelId, uint128 totalClaimed, uint128 balance);
    error NothingToSettle();
    error NotPayer();
    error NotReceiver();
    error WithdrawAboveUnclaimed(uint128 amount, uint128 unclaimed);
    error NoPendingWithdrawal();
    error WithdrawNotReady(uint256 availableAt);
    error InvalidRefundNonce(uint256 expected, uint256 given);
    error InvalidRefundSignature();
    error NothingToRefund();
    error TransferFailed();
    error Reentrancy();

    modifier nonReentrant() {
        bytes32 slot = LOCK_SLOT;
        uint256 locked;
        assembly {
            locked := tload(slot)
        }
        if (locked != 0) revert Reentrancy();
        assembly {
            tstore(slot, 1)
        }
        _;
        assembly {
            tstore(slot, 0)
        }
    }

    // ------------------------------------------------------------------------------------------------ deposit

    /// @notice Funds the channel of `config` with `amount`, pulled from the payer by `collector` (which checks the
    ///         payer's authorization in `collectorData`). Anyone may submit it (a facilitator pays the gas); the
    ///         channel is credited with exactly what arrived, so a collector cannot credit more than it moved.
    function deposit(ChannelConfig calldata config, uint128 amount, address collector, bytes calldata collectorData)
        external
        nonReentrant
    {
        if (amount == 0) revert ZeroAmount();
        _requireValidConfig(config);
        bytes32 channelId = getChannelId(config);
        IBatchSettlementToken token = IBatchSettlementToken(config.token);
        uint256 before = token.balanceOf(address(this));
        IBatchSettlementDepositCollector(collector).collect(config.payer, config.token, amount, channelId, collectorData);
        uint256 received = token.balanceOf(address(this)) - before;
        if (received != amount) revert DepositNotReceived(amount, received);
        ChannelState storage channel = channels[channelId];
        channel.balance += amount;
        emit Deposited(channelId, config.payer, collector, amount, channel.balance);
    }

    // ------------------------------------------------------------------------------------------------ claims

    /// @notice Claims the given vouchers, called by each channel's receiver or receiver authorizer.
    function claim(VoucherClaim[] calldata voucherClaims) external nonReentrant {
        bytes32[] memory channelIds = _channelIds(voucherClaims);
        for (uint256 i = 0; i < voucherClaims.length; ++i) {
            ChannelConfig calldata config = voucherClaims[i].voucher.channel;
            if (msg.sender != config.receiver && msg.sender != config.receiverAuthorizer) {
                revert UnauthorizedClaimer(channelIds[i]);
            }
        }
        _applyClaims(voucherClaims, channelIds);
    }

    /// @notice Claims the given vouchers, authorized by the receiver authorizer's EIP-712 `ClaimBatch` signature over
    ///         (channel id, voucher ceiling, new cumulative claimed) of every entry. Anyone may submit it. All entries
    ///         must name the same receiver authorizer (one signature speaks for one key).
    function claimWithSignature(VoucherClaim[] calldata voucherClaims, bytes calldata authorizerSignature)
        external
        nonReentrant
    {
        bytes32[] memory channelIds = _channelIds(voucherClaims);
        address authorizer = voucherClaims[0].voucher.channel.receiverAuthorizer;
        for (uint256 i = 1; i < voucherClaims.length; ++i) {
            if (voucherClaims[i].voucher.channel.receiverAuthorizer != authorizer) revert MixedReceiverAuthorizers();
        }
        bytes32 digest = _hashTypedData(_claimBatchStructHash(voucherClaims, channelIds));
        if (!_isValidSignature(authorizer, digest, authorizerSignature)) revert InvalidAuthorizerSignature();
        _applyClaims(voucherClaims, channelIds);
    }

    /// @notice Transfers everything claimed for `receiver` in `token` and not yet settled to `receiver`. Anyone may
    ///         call it; the funds can only go to the receiver.
    function settle(address receiver, address token) external nonReentrant {
        ReceiverState storage state = receivers[receiver][token];
        uint128 amount = state.totalClaimed - state.totalSettled;
        if (amount == 0) revert NothingToSettle();
        state.totalSettled = state.totalClaimed;
        _transfer(token, receiver, amount);
        emit Settled(receiver, token, msg.sender, amount);
    }

    // ------------------------------------------------------------------------------------------------ payer exits

    /// @notice The payer (or its payer authorizer) announces taking back `amount` of the unclaimed balance; it can be
    ///         finalized after the channel's withdraw delay, which leaves the receiver time to claim the vouchers it
    ///         holds. A new request replaces an earlier one and restarts the delay.
    function initiateWithdraw(ChannelConfig calldata config, uint128 amount) external {
        if (msg.sender != config.payer && msg.sender != config.payerAuthorizer) revert NotPayer();
        if (amount == 0) revert ZeroAmount();
        bytes32 channelId = getChannelId(config);
        uint128 unclaimed = _unclaimed(channels[channelId]);
        if (amount > unclaimed) revert WithdrawAboveUnclaimed(amount, unclaimed);
        uint40 now40 = uint40(block.timestamp);
        pendingWithdrawals[channelId] = PendingWithdrawal({amount: amount, initiatedAt: now40});
        emit WithdrawInitiated(channelId, config.payer, amount, now40);
    }

    /// @notice Pays the pending withdrawal out to the payer once its delay has passed, capped at what is still
    ///         unclaimed then (the receiver may have claimed meanwhile). Anyone may call it.
    function finalizeWithdraw(ChannelConfig calldata config) external nonReentrant {
        bytes32 channelId = getChannelId(config);
        PendingWithdrawal memory pending = pendingWithdrawals[channelId];
        if (pending.initiatedAt == 0) revert NoPendingWithdrawal();
        uint256 availableAt = uint256(pending.initiatedAt) + config.withdrawDelay;
        if (block.timestamp < availableAt) revert WithdrawNotReady(availableAt);
        delete pendingWithdrawals[channelId];
        ChannelState storage channel = channels[channelId];
        uint128 unclaimed = _unclaimed(channel);
        uint128 amount = pending.amount < unclaimed ? pending.amount : unclaimed;
        channel.balance -= amount;
        if (amount > 0) _transfer(config.token, config.payer, amount);
        emit WithdrawFinalized(channelId, config.payer, amount);
    }

    // ------------------------------------------------------------------------------------------------ refunds

    /// @notice The receiver side returns up to `amount` of the unclaimed balance to the payer.
    function refund(ChannelConfig calldata config, uint128 amount) external nonReentrant {
        if (msg.sender != config.receiver && msg.sender != config.receiverAuthorizer) revert NotReceiver();
        bytes32 channelId = getChannelId(config);
        _refund(config, channelId, amount);
    }

    /// @notice Cooperative refund: returns up to `amount` of the unclaimed balance to the payer, authorized by the
    ///         receiver authorizer's EIP-712 `Refund(channelId, nonce, amount)` signature. `nonce` must be the
    ///         channel's current `refundNonce`, so each signature works once. Anyone may submit it.
    function refundWithSignature(
        ChannelConfig calldata config,
        uint128 amount,
        uint256 nonce,
        bytes calldata receiverAuthorizerSignature
    ) external nonReentrant {
        bytes32 channelId = getChannelId(config);
        uint256 expected = refundNonce[channelId];
        if (nonce != expected) revert InvalidRefundNonce(expected, nonce);
        bytes32 digest = getRefundDigest(channelId, nonce, amount);
        if (!_isValidSignature(config.receiverAuthorizer, digest, receiverAuthorizerSignature)) {
            revert InvalidRefundSignature();
        }
        _refund(config, channelId, amount);
    }

    // ------------------------------------------------------------------------------------------------ batching

    /// @notice Runs several calls to this contract in one transaction (e.g. a claim and a refund); any failure
    ///         reverts them all with the failing call's reason.
    function multicall(bytes[] calldata data) external returns (bytes[] memory results) {
        results = new bytes[](data.length);
        for (uint256 i = 0; i < data.length; ++i) {
            (bool ok, bytes memory result) = address(this).delegatecall(data[i]);
            if (!ok) {
                assembly {
                    revert(add(result, 0x20), mload(result))
                }
            }
            results[i] = result;
        }
    }

    // ------------------------------------------------------------------------------------------------ views

    /// @notice The channel id: the EIP-712 digest of the channel config under this contract's domain.
    function getChannelId(ChannelConfig calldata config) public view returns (bytes32) {
        return _hashTypedData(
            keccak256(
                abi.encode(
                    CHANNEL_CONFIG_TYPEHASH,
                    config.payer,
                    config.payerAuthorizer,
                    config.receiver,
                    config.receiverAuthorizer,
                    config.token,
                    config.withdrawDelay,
                    config.salt
                )
            )
        );
    }

    function getVoucherDigest(bytes32 channelId, uint128 maxClaimableAmount) public view returns (bytes32) {
        return _hashTypedData(keccak256(abi.encode(VOUCHER_TYPEHASH, channelId, maxClaimableAmount)));
    }

    function getRefundDigest(bytes32 channelId, uint256 nonce, uint128 amount) public view returns (bytes32) {
        return _hashTypedData(keccak256(abi.encode(REFUND_TYPEHASH, channelId, nonce, amount)));
    }

    function getClaimBatchDigest(VoucherClaim[] calldata voucherClaims) external view returns (bytes32) {
        return _hashTypedData(_claimBatchStructHash(voucherClaims, _channelIds(voucherClaims)));
    }

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(
            abi.encode(EIP712_DOMAIN_TYPEHASH, DOMAIN_NAME_HASH, DOMAIN_VERSION_HASH, block.chainid, address(this))
        );
    }

    // ------------------------------------------------------------------------------------------------ internals

    function _requireValidConfig(ChannelConfig calldata config) private pure {
        if (
            config.payer == address(0) || config.receiver == address(0) || config.receiverAuthorizer == address(0)
                || config.token == address(0)
        ) revert InvalidChannelConfig();
        if (config.withdrawDelay < MIN_WITHDRAW_DELAY || config.withdrawDelay > MAX_WITHDRAW_DELAY) {
            revert WithdrawDelayOutOfRange(config.withdrawDelay);
        }
    }

    function _channelIds(VoucherClaim[] calldata voucherClaims) private view returns (bytes32[] memory ids) {
        if (voucherClaims.length == 0) revert NoClaims();
        ids = new bytes32[](voucherClaims.length);
        for (uint256 i = 0; i < voucherClaims.length; ++i) {
            ids[i] = getChannelId(voucherClaims[i].voucher.channel);
        }
    }

    function _claimBatchStructHash(VoucherClaim[] calldata voucherClaims, bytes32[] memory channelIds)
        private
        pure
        returns (bytes32)
    {
        bytes32[] memory entryHashes = new bytes32[](voucherClaims.length);
        for (uint256 i = 0; i < voucherClaims.length; ++i) {
            entryHashes[i] = keccak256(
                abi.encode(
                    CLAIM_ENTRY_TYPEHASH,
                    channelIds[i],
                    voucherClaims[i].voucher.maxClaimableAmount,
                    voucherClaims[i].totalClaimed
                )
            );
        }
        return keccak256(abi.encode(CLAIM_BATCH_TYPEHASH, keccak256(abi.encodePacked(entryHashes))));
    }

    /// @dev Checks every voucher and moves each channel's newly claimed amount to its receiver's account. Reverts the
    ///      whole batch on the first bad entry, so a claim never half-applies.
    function _applyClaims(VoucherClaim[] calldata voucherClaims, bytes32[] memory channelIds) private {
        for (uint256 i = 0; i < voucherClaims.length; ++i) {
            VoucherClaim calldata entry = voucherClaims[i];
            ChannelConfig calldata config = entry.voucher.channel;
            bytes32 channelId = channelIds[i];
            uint128 ceiling = entry.voucher.maxClaimableAmount;
            if (!_isValidVoucherSignature(config, getVoucherDigest(channelId, ceiling), entry.signature)) {
                revert InvalidVoucherSignature(channelId);
            }
            ChannelState storage channel = channels[channelId];
            uint128 newTotal = entry.totalClaimed;
            if (newTotal > ceiling) revert ClaimAboveVoucher(channelId, newTotal, ceiling);
            if (newTotal <= channel.totalClaimed) revert ClaimNotAboveClaimed(channelId, newTotal, channel.totalClaimed);
            if (newTotal > channel.balance) revert ClaimAboveBalance(channelId, newTotal, channel.balance);
            uint128 amount = newTotal - channel.totalClaimed;
            channel.totalClaimed = newTotal;
            receivers[config.receiver][config.token].totalClaimed += amount;
            emit Claimed(channelId, config.receiver, config.token, amount, newTotal);
        }
    }

    /// @dev A voucher is signed by the payer authorizer (an ECDSA key) when the config names one, else by the payer
    ///      (ECDSA, or ERC-1271 when the payer is a contract).
    function _isValidVoucherSignature(ChannelConfig calldata config, bytes32 digest, bytes calldata signature)
        private
        view
        returns (bool)
    {
        if (config.payerAuthorizer != address(0)) return _recover(digest, signature) == config.payerAuthorizer;
        return _isValidSignature(config.payer, digest, signature);
    }

    function _refund(ChannelConfig calldata config, bytes32 channelId, uint128 amount) private {
        if (amount == 0) revert ZeroAmount();
        ChannelState storage channel = channels[channelId];
        uint128 unclaimed = _unclaimed(channel);
        if (unclaimed == 0) revert NothingToRefund();
        uint128 refunded = amount < unclaimed ? amount : unclaimed;
        uint256 nonce = refundNonce[channelId]++;
        channel.balance -= refunded;
        // A refund settles the payer's exit cooperatively, so a pending timed withdrawal is void.
        delete pendingWithdrawals[channelId];
        _transfer(config.token, config.payer, refunded);
        emit Refunded(channelId, config.payer, refunded, nonce);
    }

    function _unclaimed(ChannelState storage channel) private view returns (uint128) {
        return channel.balance - channel.totalClaimed;
    }

    function _transfer(address token, address to, uint128 amount) private {
        (bool ok, bytes memory answer) =
            token.call(abi.encodeWithSelector(IBatchSettlementToken.transfer.selector, to, uint256(amount)));
        if (!ok || (answer.length != 0 && !abi.decode(answer, (bool)))) revert TransferFailed();
    }

    function _hashTypedData(bytes32 structHash) private view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash));
    }

    /// @dev The signer of a 65-byte ECDSA signature (v 27/28 or 0/1, s in the lower half), or address(0).
    function _recover(bytes32 digest, bytes calldata signature) private pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        if ((v != 27 && v != 28) || uint256(s) > SECP256K1_HALF_ORDER) return address(0);
        return ecrecover(digest, v, r, s);
    }

    /// @dev An ECDSA signature by `signer`, or, when `signer` has code, one its ERC-1271 `isValidSignature` accepts.
    function _isValidSignature(address signer, bytes32 digest, bytes calldata signature) private view returns (bool) {
        if (signer == address(0)) return false;
        if (_recover(digest, signature) == signer) return true;
        if (signer.code.length == 0) return false;
        (bool ok, bytes memory answer) =
            signer.staticcall(abi.encodeWithSelector(ERC1271_MAGIC_VALUE, digest, signature));
        return ok && answer.length >= 32 && bytes4(bytes32(answer)) == ERC1271_MAGIC_VALUE;
    }
}
