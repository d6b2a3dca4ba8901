import { decodePaymentResponseHeader } from '@x402/core/http';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, useSandboxGateway } from './harness.js';

describe.each(backendsFor(import.meta.url))('migration tools through REST with SIWX + x402 ($name)', (backend) => {
  const gateway = useSandboxGateway(backend);

  it('migrationListProjects answers the newest sandbox projects, paid and signed in', async () => {
    const alice = await fundedWallet(gateway);
    const res = await alice.call('migrationListProjects', { limit: 3 });
    expect(res.status).toBe(200);
    expect(decodePaymentResponseHeader(res.headers.get('payment-response')!)).toMatchObject({
      success: true,
      payer: alice.account.address,
    });
    const body = (await res.json()) as { projects: { projectId: string; name: string }[]; total: number };
    expect(body).toMatchObject({
      page: 1,
      limit: 3,
      hasMore: true,
      sandbox: true,
      source: 'Sandbox Migrate.fun',
      asOf: '2026-11-01T00:00:00.000Z',
    });
    expect(body.projects.map((p) => p.projectId)).toEqual([
      `mig${body.total}`,
      `mig${body.total - 1}`,
      `mig${body.total - 2}`,
    ]);

    const details = await alice.call('migrationGetProjectDetails', { projectId: body.projects[0]!.projectId });
    expect(details.status).toBe(200);
    expect(await details.json()).toMatchObject({
      summary: expect.stringContaining(`(${body.projects[0]!.projectId})`),
      project: { name: body.projects[0]!.name },
    });
  });

  it('migrationGetProjectDetails answers 404 for an unknown project and charges nothing', async () => {
    const bob = await fundedWallet(gateway);
    const res = await bob.call('migrationGetProjectDetails', { projectId: 'mig999999' });
    expect(res.status).toBe(404);
    expect(res.headers.get('payment-response')).toBeNull();
    expect(await res.json()).toMatchObject({ code: 'not_found', projectId: 'mig999999' });
  });
});

describe.each(backendsFor(import.meta.url))(
  'migration tools with a live provider that is not configured ($name)',
  (backend) => {
    // Live for this provider only (PROVIDERS_LIVE) without MIGRATION_API_URL: the service starts, the tool says what is missing.
    const gateway = useSandboxGateway(backend, { PROVIDERS_LIVE: 'MIGRATION_API_URL' });

    it('answers 503 naming MIGRATION_API_URL and charges nothing', async () => {
      const carol = await fundedWallet(gateway);
      const res = await carol.call('migrationListProjects', {});
      expect(res.status).toBe(503);
      expect(res.headers.get('payment-response')).toBeNull();
      expect(await res.json()).toMatchObject({ code: 'not_configured', setting: 'MIGRATION_API_URL' });
    });
  },
);
