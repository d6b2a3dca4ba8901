// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Multicall3 (sandbox)
/// @notice A small implementation of the Multicall3 interface, written for this project, for the sandbox chain where it
///         is placed with `anvil_setCode` at the usual address 0xcA11bde05977b3631167028862bE2a173976CA11.
///         viem's `multicall` uses `aggregate3`; x402's EVM facilitator (2.27) uses `tryAggregate` for its diagnostics.
/// @dev No constructor, no storage: the runtime bytecode works at any address.
contract Multicall3 {
    struct Call {
        address target;
        bytes callData;
    }

    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice Calls each target in order; reverts if any call fails.
    function aggregate(Call[] calldata calls) external payable returns (uint256 blockNumber, bytes[] memory returnData) {
        blockNumber = block.number;
        returnData = new bytes[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(success, "Multicall3: call failed");
            returnData[i] = data;
        }
    }

    /// @notice Calls each target in order; a failed call reverts everything only when `requireSuccess` is true.
    function tryAggregate(bool requireSuccess, Call[] calldata calls) public payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            if (requireSuccess) require(success, "Multicall3: call failed");
            returnData[i] = Result(success, data);
        }
    }

    /// @notice Calls each target in order; a failed call reverts everything unless that call allows failure.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; ++i) {
            Call3 calldata item = calls[i];
            (bool success, bytes memory data) = item.target.call(item.callData);
            require(success || item.allowFailure, "Multicall3: call failed");
            returnData[i] = Result(success, data);
        }
    }

    function getEthBalance(address addr) external view returns (uint256 balance) {
        balance = addr.balance;
    }

    function getBlockNumber() external view returns (uint256 blockNumber) {
        blockNumber = block.number;
    }

    function getCurrentBlockTimestamp() external view returns (uint256 timestamp) {
        timestamp = block.timestamp;
    }

    function getChainId() external view returns (uint256 chainid) {
        chainid = block.chainid;
    }

    function getBasefee() external view returns (uint256 basefee) {
        basefee = block.basefee;
    }
}
