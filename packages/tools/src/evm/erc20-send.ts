import { invalidField } from '@svc/contracts';
import { formatUnits } from '@svc/payments';
import { encodeFunctionData, erc20Abi, getAddress } from 'viem';
import { callerOf, type HandlerContext, withCommitPoint } from '../handler.js';
import { vaultEvmAddress } from './balances.js';
import { evmNetworkOf } from './evm-networks.js';
import { atomicAmount, balanceOf, insufficientFunds, requiredToSend } from './evm-tokens.js';
import { signAndSend, vaultEvmSigner } from './vault-signer.js';
import { isNative, resolveToken } from '@svc/providers';

/**
 * ERC-20 send: `amount` in whole-token units or 'max' (the full token balance read from the chain). Output:
 * {chainId, txHash, from, to, token, symbol, amount}.
 */
export const sendErc20 = (chainId: number) =>
  withCommitPoint(
    async (input: { to?: string | undefined; amount: string; token?: string | undefined }, context: HandlerContext) => {
      const to = getAddress(requiredToSend(input.to, 'to'));
      const tokenAddress = requiredToSend(input.token, 'token');
      if (isNative(tokenAddress))
        throw invalidField('token', 'native', 'is the native coin; send it with the native send tool');
      const network = await evmNetworkOf(context, chainId);
      const token = await resolveToken(network, tokenAddress, 'token');
      const from = await vaultEvmAddress(context);
      const balance = await balanceOf(network, token, from);
      const atomic = input.amount === 'max' ? balance : atomicAmount(input.amount, token.decimals, 'amount');
      if (atomic === 0n || atomic > balance) {
        throw insufficientFunds(
          'amount',
          token,
          input.amount === 'max' ? 'more than 0' : input.amount,
          formatUnits(balance, token.decimals),
        );
      }
      const signer = await vaultEvmSigner(context, callerOf(context).accountId);
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, atomic] });
      const sent = await signAndSend(network, signer, { to: token.address!, data }, context.commit);
      return {
        chainId,
        txHash: sent.hash,
        from,
        to,
        token: token.address,
        symbol: token.symbol,
        amount: formatUnits(atomic, token.decimals),
      };
    },
  );
