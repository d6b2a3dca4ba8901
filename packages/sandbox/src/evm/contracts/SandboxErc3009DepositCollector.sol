// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The EIP-3009 and ERC-20 functions the collector uses.
interface IErc3009Token {
    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) external;

    function transfer(address to, uint256 value) external returns (bool);
}

/// @title SandboxErc3009DepositCollector
/// @notice The x402 `batch-settlement` deposit collector for EIP-3009 tokens (USDC), written for this project: the
///         payer signs a `ReceiveWithAuthorization` to this collector whose nonce is keccak256(abi.encode(channelId,
///         salt)), so the authorization can fund that one channel only; the batch settlement contract calls `collect`,
///         which redeems the authorization and forwards the funds to it.
///
///         `collectorData` is abi.encode(uint256 validAfter, uint256 validBefore, uint256 salt, bytes signature), as
///         the official x402 EVM facilitator (SDK 2.27.0) builds it.
/// @dev Placed with `anvil_setCode` at the published address; it has no storage and no constructor. Only the batch
///      settlement contract may call `collect`: otherwise anyone holding a payer's authorization could redeem it and
///      take the funds.
contract SandboxErc3009DepositCollector {
    /// @notice The batch settlement contract (the SDK's published address, the same on every chain).
    address public constant BATCH_SETTLEMENT = 0x4020074e9dF2ce1deE5A9C1b5c3f541D02a10003;

    error OnlyBatchSettlement();
    error ForwardFailed();

    function collect(address payer, address token, uint256 amount, bytes32 channelId, bytes calldata collectorData)
        external
    {
        if (msg.sender != BATCH_SETTLEMENT) revert OnlyBatchSettlement();
        (uint256 validAfter, uint256 validBefore, uint256 salt, bytes memory signature) =
            abi.decode(collectorData, (uint256, uint256, uint256, bytes));
        bytes32 nonce = keccak256(abi.encode(channelId, salt));
        IErc3009Token(token).receiveWithAuthorization(
            payer, address(this), amount, validAfter, validBefore, nonce, signature
        );
        (bool ok, bytes memory answer) =
            token.call(abi.encodeWithSelector(IErc3009Token.transfer.selector, msg.sender, amount));
        if (!ok || (answer.length != 0 && !abi.decode(answer, (bool)))) revert ForwardFailed();
    }
}
