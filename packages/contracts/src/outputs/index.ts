import { z } from 'zod';
import type { JsonSchema } from '../json-schema.js';
import type { ToolDefinition } from '../types.js';
import { ACCOUNT_OUTPUTS } from './account.js';
import { BALANCES_OUTPUTS } from './balances.js';
import { BITCOIN_OUTPUTS } from './bitcoin.js';
import { COLLECTION_MARKET_OUTPUTS } from './collection-market.js';
import { CROSS_CHAIN_OUTPUTS } from './cross-chain.js';
import { EVM_OUTPUTS } from './evm.js';
import { HEDERA_OUTPUTS } from './hedera.js';
import { LAUNCHPADS_EVM_HEDERA_OUTPUTS } from './launchpads-evm-hedera.js';
import { LAUNCHPADS_SOLANA_OUTPUTS } from './launchpads-solana.js';
import { MARKET_OUTPUTS } from './market.js';
import { MIGRATION_OUTPUTS } from './migration.js';
import { NFT_MARKETPLACE_OUTPUTS } from './nft-marketplace.js';
import { ORDINALS_OUTPUTS } from './ordinals.js';
import { PERPDEX_OUTPUTS } from './perpdex.js';
import { PREDICT_OUTPUTS } from './predict.js';
import { RECOMMENDED_TOKENS_OUTPUTS } from './recommended-tokens.js';
import { RUNE_MARKET_OUTPUTS } from './rune-market.js';
import { SOLANA_OUTPUTS } from './solana.js';
import { STAMPS_OUTPUTS } from './stamps.js';
import { VAULTS_OUTPUTS } from './vaults.js';
import type { ToolOutputs } from './tool-outputs.js';

/**
 * The answers (200 bodies) of tools, as zod schemas: published in OpenAPI as each operation's 200 schema and checked
 * against every 200 the gateway's tests see (apps/http-gateway/test/published-output.ts). Objects are open (a field
 * added later does not break a client), the fields listed are required with their types. A tool without an entry
 * is published with the generic result object. One file per family of tools.
 */
const TOOL_OUTPUTS: ToolOutputs = {
  ...ACCOUNT_OUTPUTS,
  ...EVM_OUTPUTS,
  ...BALANCES_OUTPUTS,
  ...SOLANA_OUTPUTS,
  ...RECOMMENDED_TOKENS_OUTPUTS,
  ...BITCOIN_OUTPUTS,
  ...HEDERA_OUTPUTS,
  ...MIGRATION_OUTPUTS,
  ...VAULTS_OUTPUTS,
  ...MARKET_OUTPUTS,
  ...ORDINALS_OUTPUTS,
  ...STAMPS_OUTPUTS,
  ...RUNE_MARKET_OUTPUTS,
  ...COLLECTION_MARKET_OUTPUTS,
  ...PREDICT_OUTPUTS,
  ...CROSS_CHAIN_OUTPUTS,
  ...LAUNCHPADS_EVM_HEDERA_OUTPUTS,
  ...NFT_MARKETPLACE_OUTPUTS,
  ...LAUNCHPADS_SOLANA_OUTPUTS,
  ...PERPDEX_OUTPUTS,
};

/** The zod schema of a tool's answer, if the catalog publishes one. */
export function outputOf(tool: ToolDefinition): z.ZodType | undefined {
  return (TOOL_OUTPUTS as Readonly<Record<string, z.ZodType>>)[tool.name];
}

/** The JSON Schema (draft 2020-12) of a tool's answer, if the catalog publishes one (OpenAPI's 200, Bazaar). */
export function outputJsonSchema(tool: ToolDefinition): JsonSchema | undefined {
  const output = outputOf(tool);
  if (!output) return undefined;
  // The input side of the schema: output objects would be closed (additionalProperties false), answers stay open.
  const { $schema: _dialect, ...schema } = z.toJSONSchema(output, { target: 'draft-2020-12', io: 'input' });
  return schema;
}
