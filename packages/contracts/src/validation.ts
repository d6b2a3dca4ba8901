import type { z } from 'zod';
import { type FieldIssue, ServiceError } from './errors.js';

type Issue = z.core.$ZodIssue;

function ruleOf(issue: Issue): Pick<FieldIssue, 'rule' | 'limit'> {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? { rule: 'required' } : { rule: 'type', limit: issue.expected };
    case 'too_small':
      return { rule: 'too_small', limit: Number(issue.minimum) };
    case 'too_big':
      return { rule: 'too_big', limit: Number(issue.maximum) };
    case 'invalid_format':
      return { rule: 'format', limit: 'pattern' in issue && issue.pattern ? String(issue.pattern) : issue.format };
    case 'invalid_value':
      return { rule: 'enum', limit: issue.values };
    case 'unrecognized_keys':
      return { rule: 'unknown_key', limit: issue.keys };
    case 'not_multiple_of':
      return { rule: 'multiple_of', limit: Number(issue.divisor) };
    default:
      return { rule: issue.code === 'custom' ? 'custom' : issue.code };
  }
}

/** Flatten zod issues into field / rule / limit records (union branches are expanded to their own issues). */
export function toFieldIssues(issues: readonly Issue[], prefix: readonly PropertyKey[] = []): FieldIssue[] {
  return issues.flatMap((issue): FieldIssue[] => {
    const path = [...prefix, ...issue.path];
    if (
      issue.code === 'invalid_union' &&
      issue.errors.length > 0 &&
      issue.errors.every((branch) => branch.length > 0)
    ) {
      const branchIssues = issue.errors.flatMap((branch) => toFieldIssues(branch, path));
      const field = path.map(String).join('.');
      return [
        {
          field,
          rule: 'union',
          message: `${field || 'body'}: no accepted form matched (${branchIssues.map((b) => b.message).join('; ')})`,
        },
      ];
    }
    const field = path.map(String).join('.');
    const { rule, limit } = ruleOf(issue);
    const message = rule === 'required' ? `${field} is required` : `${field || 'body'}: ${issue.message}`;
    return [{ field, rule, message, ...(limit === undefined ? {} : { limit }) }];
  });
}

/**
 * A body its schema refuses (`invalid_body`, `invalid_input`), as `parseInput` throws it: told apart from the same
 * codes a tool raises once its input was valid (too little funds, say), which MCP answers as a tool result.
 */
export class InputSchemaError extends ServiceError {}

/** Parse a tool body with its schema; throws `invalid_input` listing every field issue. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown, toolName: string): z.output<S> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new InputSchemaError(
      'invalid_body',
      `The body of ${toolName} must be a JSON object; send {} for tools without fields.`,
      { extra: { tool: toolName } },
    );
  }
  // With the input on each issue, a value of the wrong type is told apart from a missing one.
  const result = schema.safeParse(raw, { reportInput: true });
  if (result.success) return result.data;
  const issues = toFieldIssues(result.error.issues);
  throw new InputSchemaError('invalid_input', `${toolName}: ${issues.map((i) => i.message).join('; ')}`, {
    issues,
    extra: { tool: toolName },
  });
}
