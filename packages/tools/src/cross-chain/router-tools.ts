import { invalidField, ServiceError, type ToolByName, type ToolInput } from '@svc/contracts';
import { decodeAbiParameters, type Hex } from 'viem';
import { callerOf, type Handler, type HandlerContext, withCommitPoint } from '../handler.js';
import { vaultEvmAddress } from '../evm/balances.js';
import { evmNetworkOf } from '../evm/evm-networks.js';
import { signAndSend, vaultEvmSigner } from '../evm/vault-signer.js';
import type { RouterCurrency, RouterProvider, RouterQuote } from '../ports/cross-chain.js';
import { isEvmNetworkCode } from './networks.js';
import { routerOf } from './providers.js';
import { atomicOf, requireVaultHolds, vaultAddressOn, vaultAsset, type VaultAsset } from './vault-funds.js';

type RouterSwapInput = ToolInput<ToolByName<'getRouterSwapQuote'>>;

const DESCRIPTOR_FIELDS = ['ticker', 'name', 'network', 'chainId', 'address', 'decimals', 'tokenContract'] as const;

/** The listed currency `descriptor` is, field for field (the spec: copied unchanged from the currencies tool). */
export async function listed(
  router: RouterProvider,
  descriptor: RouterCurrency,
  field: string,
): Promise<RouterCurrency> {
  const found = (await router.currencies()).find((currency) =>
    DESCRIPTOR_FIELDS.every((key) => currency[key] === descriptor[key]),
  );
  if (!found)
    throw invalidField(
      field,
      'unknown_currency',
      'is not a descriptor of getRouterSupportedCurrencies (copy one unchanged)',
    );
  return found;
}

/** Quotes need a user and a recipient; before a caller is known, a well-formed address stands in for each. */
const STAND_IN_ADDRESS: Readonly<Record<string, string>> = {
  sol: '11111111111111111111111111111111',
  btc: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
};
const standIn = (network: string) => STAND_IN_ADDRESS[network] ?? '0x000000000000000000000000000000000000dEaD';

/** The currency a router swap sends, as the vault's chain knows it: the steps are EVM transactions. */
export async function routerSentAsset(context: HandlerContext, from: RouterCurrency): Promise<VaultAsset> {
  if (!isEvmNetworkCode(from.network))
    throw invalidField(
      'fromCurrency',
      'unsupported_network',
      `the vault sends router swaps from EVM chains only, not ${from.network}`,
    );
  return vaultAsset(context, from.network, from.tokenContract, 'fromCurrency');
}

/** Both descriptors checked against the list, the sent currency as the vault's chain knows it, the amount in atomic units. */
async function planned(router: RouterProvider, input: RouterSwapInput, context: HandlerContext) {
  const [from, to] = await Promise.all([
    listed(router, input.fromCurrency, 'fromCurrency'),
    listed(router, input.toCurrency, 'toCurrency'),
  ]);
  const asset = await routerSentAsset(context, from);
  return { from, to, asset, atomic: atomicOf(asset, input.fromAmount, 'fromAmount') };
}

const quoteFacts = (quote: RouterQuote) => ({
  fromAmount: quote.fromAmount,
  toAmount: quote.toAmount,
  minimumToAmount: quote.minimumToAmount,
  fees: quote.fees,
  estimatedSeconds: quote.estimatedSeconds,
});

const APPROVE_SELECTOR = '0x095ea7b3';
const TRANSFER_SELECTOR = '0xa9059cbb';

/**
 * The vault signs the provider's transactions as given, so each is checked against the swap first (an upstream fault,
 * before anything is signed or charged): all on the origin chain; native value at most the amount swapped (none for an
 * ERC-20); each sent to a deposit target the provider names, except a call of the swapped ERC-20 itself, which may
 * only approve or transfer at most the amount to such a target. Nothing else the vault holds can move.
 */
export function checkQuotedTransactions(quote: RouterQuote, from: RouterCurrency, atomic: bigint): void {
  const refuse = (why: string): never => {
    throw new ServiceError('upstream_error', `the router's quote ${why}; nothing was signed`);
  };
  const targets = new Set(quote.depositTargets.map((target) => target.toLowerCase()));
  const token = from.tokenContract?.toLowerCase() ?? null;
  let native = 0n;
  for (const step of quote.steps) {
    for (const transaction of step.transactions) {
      if (transaction.chainId !== from.chainId)
        refuse(`asks in step ${step.id} for a transaction on chain ${transaction.chainId}, not the origin chain`);
      if (!/^\d+$/.test(transaction.value)) refuse(`gives step ${step.id} a value that is no amount`);
      if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(transaction.data)) refuse(`gives step ${step.id} calldata that is no hex`);
      native += BigInt(transaction.value);
      const to = transaction.to.toLowerCase();
      if (token !== null && to === token) {
        const selector = transaction.data.slice(0, 10).toLowerCase();
        const args = `0x${transaction.data.slice(10, 10 + 128)}` as Hex;
        if ((selector !== APPROVE_SELECTOR && selector !== TRANSFER_SELECTOR) || args.length !== 2 + 128)
          refuse(`calls the token in step ${step.id} for other than an approval or a transfer`);
        const [counterparty, amount] = decodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], args);
        if (!targets.has(counterparty.toLowerCase()))
          refuse(`approves or transfers the token in step ${step.id} to ${counterparty}, not a deposit target`);
        if (amount > atomic)
          refuse(`approves or transfers ${amount} in step ${step.id}, more than the ${atomic} swapped`);
      } else if (!targets.has(to)) refuse(`sends step ${step.id} to ${transaction.to}, not a deposit target`);
    }
  }
  const allowed = token === null ? atomic : 0n;
  if (native > allowed) refuse(`asks for a native value of ${native}, more than the ${allowed} swapped`);
}

export const getRouterSupportedCurrencies: Handler<'getRouterSupportedCurrencies'> = async (input, context) => {
  const router = routerOf(context);
  const query = input.query?.trim().toLowerCase();
  const networks = input.networks ?? [];
  const currencies = (await router.currencies()).filter(
    (currency) =>
      (networks.length === 0 || networks.includes(currency.network as never)) &&
      (!query || [currency.ticker, currency.name].some((text) => text.toLowerCase().includes(query))),
  );
  return { source: router.source, count: currencies.length, currencies };
};

export const getRouterSwapQuote: Handler<'getRouterSwapQuote'> = async (input, context) => {
  const router = routerOf(context);
  const { from, to, atomic } = await planned(router, input, context);
  const known = context.caller !== undefined;
  const quote = await router.quote({
    user: known ? await vaultEvmAddress(context) : standIn(from.network),
    recipient: (known && (await vaultAddressOn(context, to.network))) || standIn(to.network),
    from,
    to,
    amount: atomic.toString(),
  });
  return {
    source: router.source,
    fromCurrency: from,
    toCurrency: to,
    ...quoteFacts(quote),
    steps: quote.steps.map((step) => ({
      id: step.id,
      action: step.action,
      description: step.description,
      transactions: step.transactions.length,
    })),
  };
};

/**
 * Quotes for the vault, then signs and sends each step's transactions from the vault on the origin chain (an approval
 * where the provider asks for one, then the deposit), reporting each to the provider. Checked first, each a 400 that
 * moves nothing: both descriptors, an EVM origin, the amount and its minimum, the vault's balance (and gas, when the
 * first transaction is prepared), and the quote's transactions against the swap (checkQuotedTransactions, a 502). The
 * call settles when the first transaction is signed, before it is broadcast.
 */
export const swapUsingRouter: Handler<'swapUsingRouter'> = withCommitPoint(async (input, context) => {
  const router = routerOf(context);
  const { from, to, asset, atomic } = await planned(router, input, context);
  await requireVaultHolds(context, asset, atomic, 'fromAmount');
  const user = await vaultEvmAddress(context);
  const recipient = await vaultAddressOn(context, to.network);
  if (!recipient) throw invalidField('toCurrency', 'unsupported_network', `the vault has no address on ${to.network}`);
  const quote = await router.quote({ user, recipient, from, to, amount: atomic.toString() });
  const { requestId } = quote;
  if (!requestId)
    throw new ServiceError('upstream_error', 'the router quote carries no request id to track the swap by');
  checkQuotedTransactions(quote, from, atomic);
  const signer = await vaultEvmSigner(context, callerOf(context).accountId);
  const sent: { step: string; chainId: number; txHash: string }[] = [];
  for (const step of quote.steps) {
    for (const transaction of step.transactions) {
      const network = await evmNetworkOf(context, transaction.chainId);
      const { hash } = await signAndSend(
        network,
        signer,
        {
          to: transaction.to as `0x${string}`,
          data: transaction.data as `0x${string}`,
          value: BigInt(transaction.value),
        },
        context.commit,
      );
      sent.push({ step: step.id, chainId: transaction.chainId, txHash: hash });
      await router.indexTransaction(requestId, transaction.chainId, hash);
    }
  }
  return {
    source: router.source,
    requestId,
    status: 'waiting',
    fromCurrency: from,
    toCurrency: to,
    ...quoteFacts(quote),
    recipient,
    transactions: sent,
  };
});

export const getRouterTransactionStatus: Handler<'getRouterTransactionStatus'> = async (input, context) => {
  const router = routerOf(context);
  const state = await router.status(input.requestId.trim());
  if (!state)
    throw new ServiceError('not_found', `no router request ${input.requestId}`, {
      extra: { requestId: input.requestId },
    });
  return { source: router.source, ...state };
};
