import { catalog, inputJsonSchema, type JsonSchema } from '@svc/contracts';
import fc from 'fast-check';
import { type Answer } from './fuzz-transports.js';
import { hostileVariants, MUTATIONS } from './hostile-inputs.js';
import { arbitraryOf } from './schema-arbitrary.js';

/** Fixed, so a failure names inputs anyone can regenerate. */
export const FUZZ_SEED = 16;

export interface ToolInputs {
  readonly tool: string;
  readonly schema: JsonSchema;
  /** Inputs generated from the tool's JSON Schema (each an object: tool inputs are JSON objects). */
  readonly generated: readonly Record<string, unknown>[];
  /** Hostile variants of the first generated input, as raw JSON texts, with the mutation that made each. */
  readonly hostile: readonly { readonly mutation: string; readonly rawInput: string }[];
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** `perTool` generated inputs and every hostile variant, for each catalog tool (or the ones named). */
export function toolInputs(perTool: number, tools: readonly string[] = catalog.map((tool) => tool.name)): ToolInputs[] {
  return tools.map((name, index) => {
    const tool = catalog.find((candidate) => candidate.name === name)!;
    const schema = inputJsonSchema(tool);
    const generated = fc.sample(arbitraryOf(schema), { seed: FUZZ_SEED + index, numRuns: perTool }).map(asObject);
    const hostile = MUTATIONS.flatMap((mutation) =>
      hostileVariants(schema, generated[0] ?? {}, mutation).map((rawInput) => ({ mutation, rawInput })),
    );
    return { tool: name, schema, generated, hostile };
  });
}

/** One call of the fuzz run: what it sent (for the report) and how to make it. */
export interface FuzzCall {
  readonly transport: 'rest' | 'mcp' | 'a2a' | 'faucet';
  readonly tool: string;
  readonly kind: string;
  readonly input: string;
  readonly send: () => Promise<Answer>;
}

export interface FuzzFailure extends Omit<FuzzCall, 'send'> {
  readonly answer: Answer;
}

/** Run `calls` `concurrency` at a time; returns the calls whose answer was a server fault. */
export async function runCalls(calls: readonly FuzzCall[], concurrency: number): Promise<FuzzFailure[]> {
  const faults: FuzzFailure[] = [];
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const { send, ...call } = calls[next++]!;
      const answer = await send();
      if (answer.fault) faults.push({ ...call, answer });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return faults;
}

/**
 * Failures grouped by transport, input kind and tool (`rest nul createMemory: 2x 500 ...`), so a failing run reads as
 * the list of defects it found, with one example answer and input each.
 */
export function failureReport(failures: readonly FuzzFailure[]): string[] {
  const groups = new Map<string, FuzzFailure[]>();
  for (const failure of failures) {
    const key = `${failure.transport} ${failure.kind} ${failure.tool}`;
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  return [...groups].map(([key, [first, ...rest]]) => {
    const example = `${first!.answer.summary} <- ${first!.input.slice(0, 120)}`;
    return `${key}: ${rest.length + 1}x ${example}`;
  });
}
