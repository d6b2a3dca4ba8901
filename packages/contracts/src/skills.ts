import { TOOL_GROUPS, type ToolDefinition, type ToolGroup } from './types.js';

/** One agent skill per tool group (A2A agent cards, MCP/registry descriptions). */
export interface GroupSkill {
  readonly id: string;
  readonly name: ToolGroup;
  readonly description: string;
  readonly tags: readonly string[];
  readonly examples: readonly string[];
  readonly tools: readonly string[];
}

const slug = (group: string) =>
  group
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function groupSkills(tools: readonly ToolDefinition[]): GroupSkill[] {
  return TOOL_GROUPS.map((group) => {
    const members = tools.filter((tool) => tool.group === group);
    const reads = members.filter((tool) => tool.effect === 'read');
    const example = reads[0] ?? members[0];
    return {
      id: slug(group),
      name: group,
      description: `${members.length} tools: ${members.map((tool) => tool.name).join(', ')}.`,
      tags: [slug(group), ...new Set(members.map((tool) => tool.effect))],
      examples: example ? [`/${example.name} {}`, `{"tool":"${example.name}","input":{}}`, example.summary] : [],
      tools: members.map((tool) => tool.name),
    };
  }).filter((skill) => skill.tools.length > 0);
}
