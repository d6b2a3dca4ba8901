import { findTool, outputJsonSchema } from '@svc/contracts';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validators = new Map<string, ValidateFunction | undefined>();

function validatorOf(toolName: string): ValidateFunction | undefined {
  if (!validators.has(toolName)) {
    const tool = findTool(toolName);
    const schema = tool && outputJsonSchema(tool);
    validators.set(toolName, schema ? ajv.compile(schema) : undefined);
  }
  return validators.get(toolName);
}

/**
 * Throws unless a 200 answer of a tool matches the response schema its OpenAPI operation publishes. The shared
 * test helpers (`post`, `useSandboxGateway().call`, `fundedWallet().call`) run it on every answer they return, so
 * every test that gets a 200 from a tool checks the published schema against the real answer. Tools whose schema
 * the catalog does not publish yet (only the generic result object) are not checked.
 */
export function expectPublishedOutput(toolName: string, status: number, body: string): void {
  if (status !== 200) return;
  const validate = validatorOf(toolName);
  if (!validate) return;
  const answer: unknown = JSON.parse(body);
  if (!validate(answer))
    throw new Error(
      `${toolName} answered 200 with a body its published response schema refuses: ${ajv.errorsText(validate.errors)}\n${body.slice(0, 2000)}`,
    );
}

/** A fetch answer, after checking it against the published schema if it is a tool's 200 (the body stays readable). */
export async function checkedAnswer(toolName: string, response: Response): Promise<Response> {
  if (response.status === 200) expectPublishedOutput(toolName, response.status, await response.clone().text());
  return response;
}

/** The JSON messages of an MCP or A2A answer body: the body itself (a batch is its items), or an event stream's data lines. */
export function answeredJsonMessages(text: string, contentType: string | undefined): unknown[] {
  const lines = contentType?.includes('text/event-stream')
    ? text.split('\n').flatMap((line) => (line.startsWith('data:') && line.slice(5).trim() ? [line.slice(5)] : []))
    : text
      ? [text]
      : [];
  return lines.flatMap((line) => {
    const parsed: unknown = JSON.parse(line);
    return Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
  });
}
