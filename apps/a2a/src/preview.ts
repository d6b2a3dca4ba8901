import type { ToolDefinition, UsdPrice } from '@svc/contracts';
import type { CallSigner } from './signer.js';

/** What a wallet-modifying call will do, shown before the caller approves it. */
export interface CallPreview {
  readonly tool: string;
  readonly summary: string;
  readonly chain: unknown;
  readonly from?: unknown;
  readonly to?: unknown;
  readonly amounts: Readonly<Record<string, unknown>>;
  readonly token: Readonly<Record<string, unknown>>;
  /** Fee-related input (gas, fee caps, slippage) when the call states any; the network fee itself is only known on sending. */
  readonly estimatedFees: Readonly<Record<string, unknown>> | string;
  /** The service's price of this call, in USD. */
  readonly priceUsd: UsdPrice;
  /** The account's spending policy this call is held to (the executor adds it; it passed the per-call rules). */
  readonly policy?: Readonly<Record<string, unknown>>;
  /** What the call moves out of the wallets as the policy valued it: USD, or why it has no price (the executor adds it). */
  readonly moved?: { readonly usd: string } | { readonly unpriced: string };
  /** Which of the account's vault addresses signs the transaction (the executor adds it). */
  readonly signer?: CallSigner;
}

// Write tools name these fields in a few ways across chain families; the preview shows whichever the call uses.
const CHAIN_FIELDS = ['chain', 'network', 'chainId', 'fromChain', 'toChain', 'destinationChain'];
const FROM_FIELDS = ['from', 'fromAddress', 'sender', 'vaultId', 'wallet'];
const TO_FIELDS = ['to', 'toAddress', 'recipient', 'destination', 'destinationAddress'];
const AMOUNT = /amount|quantity|value|size|price|percentage|solRaised/i;
const TOKEN = /token|mint|asset|symbol|currency|coin|inscription|rune|collection/i;
const FEE = /fee|gas|slippage|priority/i;

const NETWORK_FEE_UNKNOWN =
  'The network fee is not derivable from the input: it is paid from the vault when the transaction is sent.';

function pick(input: Readonly<Record<string, unknown>>, matches: (key: string) => boolean): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== undefined && matches(key)));
}

const first = (input: Readonly<Record<string, unknown>>, keys: readonly string[]) =>
  keys.map((key) => input[key]).find((value) => value !== undefined);

export function previewOf(
  tool: ToolDefinition,
  input: Readonly<Record<string, unknown>>,
  priceUsd: UsdPrice,
): CallPreview {
  const chainFields = pick(input, (key) => CHAIN_FIELDS.includes(key));
  const fees = pick(input, (key) => FEE.test(key));
  const from = first(input, FROM_FIELDS);
  const to = first(input, TO_FIELDS);
  return {
    tool: tool.name,
    summary: tool.summary,
    // The tool group names the chain for per-chain tools (Ethereum, Base, Solana, ...); cross-chain tools say so in their input.
    chain: Object.keys(chainFields).length > 0 ? chainFields : tool.group,
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
    amounts: pick(input, (key) => AMOUNT.test(key) && !FEE.test(key)),
    token: pick(input, (key) => TOKEN.test(key) && !AMOUNT.test(key)),
    estimatedFees: Object.keys(fees).length > 0 ? fees : NETWORK_FEE_UNKNOWN,
    priceUsd,
  };
}

/** One line a human can approve from. */
export function previewLine(preview: CallPreview): string {
  const parts = [
    `${preview.tool} on ${typeof preview.chain === 'string' ? preview.chain : JSON.stringify(preview.chain)}`,
  ];
  if (Object.keys(preview.amounts).length > 0) parts.push(`amounts ${JSON.stringify(preview.amounts)}`);
  if (Object.keys(preview.token).length > 0) parts.push(`token ${JSON.stringify(preview.token)}`);
  if (preview.from !== undefined) parts.push(`from ${String(preview.from)}`);
  if (preview.to !== undefined) parts.push(`to ${String(preview.to)}`);
  if (preview.moved)
    parts.push(
      'usd' in preview.moved
        ? `moving about $${preview.moved.usd}`
        : `moving unpriced value (${preview.moved.unpriced})`,
    );
  parts.push(`price $${preview.priceUsd}`);
  return parts.join(', ');
}
