import { AgentCard } from '@a2a-js/sdk';
import { isLegacyAgentCard, parseLegacyAgentCard } from '@a2a-js/sdk/compat/v0_3/client';
import { X402_A2A_EXTENSION } from '@svc/a2a';
import { catalog, groupSkills } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { backendsFor, useGateway } from './harness.js';

const skillIds = groupSkills(catalog).map((skill) => skill.id);

/** Every catalog tool is named by exactly the skill of its group. */
function expectEverySkill(skills: readonly { id: string; description: string; examples: readonly string[] }[]) {
  expect(skills.map((skill) => skill.id)).toEqual(skillIds);
  for (const tool of catalog)
    expect(skills.filter((skill) => new Set(skill.description.match(/[\w-]+/g)).has(tool.name)).length).toBe(1);
  for (const skill of skills) expect(skill.examples.length).toBeGreaterThan(0);
}

describe.each(backendsFor(import.meta.url).slice(0, 1))('A2A agent cards', (backend) => {
  const h = useGateway(backend);

  it('/.well-known/agent-card.json is an A2A 1.0 AgentCard: the SDK reads every field and writes back the same JSON', async () => {
    const wire = (await h.app.inject('/.well-known/agent-card.json')).json();
    // ProtoJSON leaves out default values (false, []), so the SDK's reading is a subset with the same fields.
    const read = AgentCard.toJSON(AgentCard.fromJSON(wire)) as Record<string, unknown>;
    expect(wire).toMatchObject(read);
    expect(Object.keys(read).sort()).toEqual(Object.keys(wire).sort());
    expect(wire.supportedInterfaces.map((i: { protocolVersion: string }) => i.protocolVersion)).toEqual(['1.0', '0.3']);
    expect(wire.capabilities.extensions).toEqual([expect.objectContaining({ uri: X402_A2A_EXTENSION })]);
    expect(Object.keys(wire.securitySchemes)).toEqual(['apiKey', 'bearer']);
    expect(wire.securitySchemes.bearer).toEqual({
      httpAuthSecurityScheme: expect.objectContaining({ scheme: 'Bearer', bearerFormat: 'JWT' }),
    });
    expectEverySkill(wire.skills);
  });

  it('/.well-known/agent.json is an A2A 0.3 AgentCard the SDK compatibility layer reads into the same agent', async () => {
    const legacy = (await h.app.inject('/.well-known/agent.json')).json();
    expect(isLegacyAgentCard(legacy)).toBe(true);
    const parsed = AgentCard.toJSON(parseLegacyAgentCard(legacy)) as {
      skills: unknown;
      capabilities: { extensions: unknown };
      securitySchemes: Record<string, unknown>;
    };
    const v1 = (await h.app.inject('/.well-known/agent-card.json')).json();
    expect(parsed.skills).toEqual(v1.skills);
    expect(v1.capabilities.extensions).toMatchObject(parsed.capabilities.extensions as object);
    expect(parsed.securitySchemes).toEqual(v1.securitySchemes);
    expect(legacy.security).toEqual([{ apiKey: [] }, { bearer: [] }]);
    expectEverySkill(legacy.skills);
  });
});
