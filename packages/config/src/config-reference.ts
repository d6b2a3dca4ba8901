import { EVM_CHAINS, type EvmChain } from '@svc/chains';
import {
  concurrencySetting,
  DEFAULT_UPSTREAM_POLICY,
  rpsSetting,
  SOLANA_RPC_SETTING,
  UPSTREAM_PROVIDERS,
} from '@svc/providers';
import { z } from 'zod';
import { LIVE_REQUIRED_SETTINGS, LIVE_SETTLEMENT_SETTINGS, settingsSchema } from './config.js';
import { type SettingDoc, settingDocs } from './setting-docs.js';

/** Where the generated reference lives, relative to the repository root. */
export const CONFIGURATION_REFERENCE_PATH = 'docs/operations/configuration.md';

/** Environment variables read outside settingsSchema: by one program, or as they are. Each names its reader. */
const SETTINGS_OUTSIDE_THE_SCHEMA: readonly {
  readonly names: readonly string[];
  readonly mode: string;
  readonly description: string;
}[] = [
  {
    names: ['ZEROX_API_KEY'],
    mode: 'live',
    description:
      '0x Swap API v2 key for swaps, quotes and conditional-order prices on ethereum, bsc, polygon and base (503 naming it when unset)',
  },
  {
    names: ['LIFI_API_KEY'],
    mode: 'live',
    description: 'optional LI.FI key for swaps on altchain (4663), sent as `x-lifi-api-key`',
  },
  {
    names: ['WORKER_ID'],
    mode: 'both',
    description:
      "the worker's name in order claims and history (gateway and standalone worker); set it to a value stable across restarts so a restarted worker reconciles its own claims at once. Default: `<host name>:<process id>:<random>`, new on every start",
  },
  {
    names: ['SANDBOX_EVM_RPC_URLS'],
    mode: 'sandbox',
    description:
      "`chainId=url` pairs, comma-separated, naming the first gateway's sandbox anvils (it logs `sandboxBaseRpc` at start), e.g. `8453=http://127.0.0.1:8545`. Required by the standalone worker in sandbox mode; a gateway given it settles and trades on those chains instead of starting its own (a second gateway beside the first, see [scaling](scaling.md))",
  },
  {
    names: ['CONDITIONAL_ORDER_INTERVAL_MS'],
    mode: 'both',
    description:
      "standalone worker only: the trigger pass's fallback poll interval in milliseconds (default 250; new and changed orders wake it at once on PostgreSQL)",
  },
  {
    names: ['SANDBOX_ANVIL_BIN'],
    mode: 'sandbox',
    description: 'path of an anvil binary to use instead of the one `@foundry-rs/anvil` ships for this platform',
  },
];

/**
 * What reads each chain's RPC setting. A chain has one setting (the registry's `rpcSetting`; SOLANA_RPC_URL), and every
 * feature on that chain reads it: this says which, for the reference's chain table.
 */
const CHAIN_RPC_READERS: Readonly<Record<EvmChain['key'] | 'solana', string>> = {
  ethereum: 'the EVM tools, live conditional orders, the tracked-wallet watcher on `eth`',
  bsc: 'the EVM tools, live conditional orders, the tracked-wallet watcher on `bsc`',
  polygon: 'the EVM tools, live conditional orders, the tracked-wallet watcher on `polygon`',
  base: 'the EVM tools, live conditional orders, the tracked-wallet watcher on `base`, smart-wallet (EIP-1271 / EIP-6492) sign-in proofs (without it only EOA proofs verify), the reconciliation of interrupted Base settlements, re-reading batch-settlement channels the chain refused to claim',
  altchain: 'the EVM tools',
  solana: 'the Solana tools, live conditional orders, the tracked-wallet watcher on `solana`',
};

/** The reference document, rendered from settingsSchema and the documentation registered with each setting. */
export function renderConfigurationReference(): string {
  const settings = Object.entries(settingsSchema.shape).map(([name, schema]) =>
    settingCells(name, schema, documentationOf(name, schema)),
  );
  const chainRpcs = [
    ...EVM_CHAINS.map((chain) => [
      `${chain.name} (\`eip155:${chain.chainId}\`)`,
      `\`${chain.rpcSetting}\``,
      CHAIN_RPC_READERS[chain.key],
    ]),
    ['Solana', `\`${SOLANA_RPC_SETTING.setting}\``, CHAIN_RPC_READERS.solana],
  ];
  const outside = SETTINGS_OUTSIDE_THE_SCHEMA.map(({ names, mode, description }) => [
    names.map((name) => `\`${name}\``).join(', '),
    mode,
    cell(description),
  ]);
  const policy = DEFAULT_UPSTREAM_POLICY;
  const seconds = (ms: number) => `${ms / 1000} s`;
  const providerCaps = Object.values(UPSTREAM_PROVIDERS).map((provider) => [
    provider.name,
    `\`${rpsSetting(provider)}\` (default ${Number(provider.rps.toFixed(3))})`,
    `\`${concurrencySetting(provider)}\` (default ${provider.concurrency})`,
  ]);
  return [
    '# Configuration reference',
    '',
    '<!-- Generated from settingsSchema in packages/config/src/config.ts by `npm run docs:config`; do not edit by hand.',
    '     packages/config/src/config-reference.test.ts fails when this file and the schema drift. -->',
    '',
    'Every setting is an environment variable. Sandbox mode (the default) needs none of them; live mode refuses to',
    'start without these:',
    `${LIVE_REQUIRED_SETTINGS.map((name) => `\`${name}\``).join(', ')}, and at least one of ` +
      `${LIVE_SETTLEMENT_SETTINGS.map((name) => `\`${name}\``).join(' or ')}.`,
    'A value that does not fit its type stops the service at start with a message naming the setting. **Mode** says',
    'where a setting has an effect: `both`, or only `live` or `sandbox` mode; see',
    '[Sandbox and live](../concepts/sandbox-and-live.md).',
    '',
    ...table(['setting', 'type', 'default', 'mode', 'description'], settings),
    '',
    '## Chain RPC settings',
    '',
    'Each chain has one JSON-RPC setting, read by every feature that works on the chain (live mode; the sandbox runs',
    'its own chains). A feature on a chain without its setting answers 503 naming it; the tracked-wallet watcher',
    'skips the chain with one warning at start naming it. The `RPC_URL_*` settings are read from the environment as',
    'they are by `loadConfig` (see [EVM chains](../families/evm.md)).',
    '',
    ...table(['chain', 'setting', 'read by'], chainRpcs),
    '',
    '## Read outside the schema',
    '',
    'These are read from the environment by the code that needs them, not by the schema above. The benchmarks read',
    'their own `BENCH_*` settings (see [benchmarks](../benchmarks.md)); the tests read `DATABASE_URL` (see',
    '[CONTRIBUTING](../../CONTRIBUTING.md#test-tiers)).',
    '',
    ...table(['setting', 'mode', 'description'], outside),
    '',
    '## Provider caps',
    '',
    'Every call to a third party (HTTP APIs, chain RPC endpoints, the Hedera network) goes through one shared client',
    `per provider: a per-attempt timeout (${seconds(policy.timeoutMs)}), ${policy.retries} retries with exponential backoff and jitter on`,
    '429, 5xx and network errors for idempotent requests only (never a transaction broadcast), honouring',
    `\`Retry-After\` up to ${seconds(policy.maxRetryAfterMs)}, a circuit breaker (open after ${policy.breakerThreshold} consecutive failures, one`,
    `probe after ${seconds(policy.halfOpenAfterMs)}; each state is in \`GET /health\` under \`upstreams\`), and a rate and concurrency`,
    "cap. The caps default to each provider's published limit; raise them for a bigger plan. Both apply per process.",
    '',
    ...table(['provider', 'requests per second', 'in flight'], providerCaps),
    '',
  ].join('\n');
}

function documentationOf(name: string, schema: z.ZodType): SettingDoc {
  const documentation = settingDocs.get(schema);
  if (!documentation)
    throw new Error(
      `Setting ${name} has no documentation: register it with settingDocs in config.ts (description and mode).`,
    );
  return documentation;
}

function settingCells(name: string, schema: z.ZodType, documentation: SettingDoc): string[] {
  const jsonSchema = z.toJSONSchema(schema, { io: 'input' }) as JsonSchemaOfSetting;
  const required = (LIVE_REQUIRED_SETTINGS as readonly string[]).includes(name);
  const settlement = (LIVE_SETTLEMENT_SETTINGS as readonly string[]).includes(name);
  const mode = required
    ? `${documentation.mode}; required in live`
    : settlement
      ? `${documentation.mode}; this or ${LIVE_SETTLEMENT_SETTINGS.filter((other) => other !== name).join(', ')} required in live`
      : documentation.mode;
  return [
    `\`${name}\``,
    typeOf(jsonSchema),
    defaultOf(jsonSchema, documentation),
    mode,
    cell(documentation.description),
  ];
}

/** A Markdown table with its columns padded as Prettier pads them, so formatting the docs leaves it as generated. */
function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((title, column) => Math.max(3, title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((text, column) => text.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

interface JsonSchemaOfSetting {
  readonly type?: string;
  readonly enum?: readonly string[];
  readonly format?: string;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly default?: unknown;
}

function typeOf(schema: JsonSchemaOfSetting): string {
  if (schema.enum) return `one of ${schema.enum.map((value) => `\`${value}\``).join(', ')}`;
  if (schema.type === 'integer' || schema.type === 'number') {
    // z.int() states the safe-integer range as its bounds; only bounds a setting chose are worth printing.
    const minimum =
      schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER ? schema.minimum : undefined;
    const maximum =
      schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER ? schema.maximum : undefined;
    if (minimum !== undefined && maximum !== undefined) return `${schema.type}, ${minimum} to ${maximum}`;
    if (minimum !== undefined) return `${schema.type}, at least ${minimum}`;
    if (maximum !== undefined) return `${schema.type}, at most ${maximum}`;
    return schema.type;
  }
  if (schema.format === 'uri') return 'URL';
  if (schema.pattern) return `string matching \`${cell(schema.pattern)}\``;
  if (schema.minLength !== undefined && schema.minLength > 1) return `string, at least ${schema.minLength} characters`;
  return 'string';
}

function defaultOf(schema: JsonSchemaOfSetting, documentation: SettingDoc): string {
  if (schema.default !== undefined) return `\`${String(schema.default)}\``;
  return documentation.defaultText ? cell(documentation.defaultText) : '—';
}

/** A table cell: a pipe would end it. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}
