/**
 * Translates LiteSVM's transaction errors into the JSON shape a Solana JSON-RPC node returns (`TransactionError` as
 * serialized by the validator: `"BlockhashNotFound"`, `{"InstructionError":[2,{"Custom":1}]}`, …), so clients that
 * inspect `err` (kit, @x402/svm) see what a real cluster would send.
 */
import type { FailedTransactionMetadata } from 'litesvm';

/** Solana's `TransactionError` in its JSON-RPC form. */
export type RpcTransactionError = string | Readonly<Record<string, unknown>>;

// LiteSVM exposes these as TypeScript `const enum`s (numbers at run time, no name table), in declaration order.
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const;

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const;

/** Numeric value of LiteSVM's `TransactionErrorFieldless.AlreadyProcessed`. */
export const ALREADY_PROCESSED = TRANSACTION_ERRORS.indexOf('AlreadyProcessed');
/** Numeric value of LiteSVM's `TransactionErrorFieldless.SignatureFailure`. */
export const SIGNATURE_FAILURE = TRANSACTION_ERRORS.indexOf('SignatureFailure');

function instructionError(error: unknown): unknown {
  if (typeof error === 'number') return INSTRUCTION_ERRORS[error] ?? `InstructionError${error}`;
  if (error && typeof error === 'object') {
    if ('code' in error) return { Custom: (error as { code: number }).code };
    if ('msg' in error) return { BorshIoError: (error as { msg: string }).msg };
  }
  return String(error);
}

/** The JSON-RPC form of a LiteSVM transaction error. */
export function rpcTransactionError(error: ReturnType<FailedTransactionMetadata['err']>): RpcTransactionError {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error] ?? `TransactionError${error}`;
  if ('err' in error && typeof error.err === 'function')
    return { InstructionError: [error.index, instructionError(error.err())] };
  const name = error.constructor.name;
  if (name === 'TransactionErrorDuplicateInstruction' && 'index' in error) return { DuplicateInstruction: error.index };
  if ('accountIndex' in error) {
    const variant =
      name === 'TransactionErrorInsufficientFundsForRent'
        ? 'InsufficientFundsForRent'
        : 'ProgramExecutionTemporarilyRestricted';
    return { [variant]: { account_index: error.accountIndex } };
  }
  return String(error);
}

/** The error number, when it is a field-less transaction error (AlreadyProcessed, BlockhashNotFound, …). */
export function fieldlessCode(error: ReturnType<FailedTransactionMetadata['err']>): number | undefined {
  return typeof error === 'number' ? error : undefined;
}
