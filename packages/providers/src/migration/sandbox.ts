import { base58 } from '@scure/base';
import { seededRandom, type SeededRandom } from '../seeded-random.js';
import { recordRead } from '../upstream/provenance.js';
import type {
  MigrationProject,
  MigrationProjectPage,
  MigrationProvider,
  MigrationStatus,
  MigrationToken,
  PageRequest,
} from './migration-provider.js';
import { newestFirstPage, projectNumber } from './newest-first.js';

const PROJECT_COUNT = 42;
/**
 * The sandbox is a frozen snapshot: windows and status are computed against this instant, not the wall clock, so
 * the same call answers the same data on any day. The newest projects' windows open after it (upcoming).
 */
export const SANDBOX_MIGRATION_SNAPSHOT_AT = Date.parse('2026-11-01T00:00:00.000Z');
const DAY_MS = 86_400_000;

const FIRST_WORDS = [
  'Pixel',
  'Lunar',
  'Turbo',
  'Solar',
  'Quantum',
  'Neon',
  'Frosty',
  'Golden',
  'Cosmic',
  'Rusty',
  'Velvet',
  'Hyper',
];
const SECOND_WORDS = [
  'Cat',
  'Frog',
  'Labs',
  'Dog',
  'Protocol',
  'Whale',
  'Otter',
  'Finance',
  'Panda',
  'Moon',
  'Bridge',
  'Gnome',
];
const EXCHANGE_RATES = ['1', '1', '0.5', '0.1', '0.01', '10', '0.001'];
const OLD_SUPPLIES = [100_000_000n, 1_000_000_000n, 1_000_000_000n, 10_000_000_000n];

const tokenName = (random: SeededRandom) => `${random.pick(FIRST_WORDS)} ${random.pick(SECOND_WORDS)}`;
const symbolOf = (name: string) =>
  name
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 6)
    .toUpperCase();
const mintOf = (random: SeededRandom) => base58.encode(random.bytes(32));
const token = (random: SeededRandom, name: string): MigrationToken => ({
  mint: mintOf(random),
  name,
  symbol: symbolOf(name),
});

function statusAt(startsAt: number, endsAt: number): MigrationStatus {
  if (SANDBOX_MIGRATION_SNAPSHOT_AT < startsAt) return 'upcoming';
  return SANDBOX_MIGRATION_SNAPSHOT_AT < endsAt ? 'active' : 'ended';
}

/** Project number n of PROJECT_COUNT: one new project about every six days, the last two still to open. */
function simulatedProject(n: number): MigrationProject {
  const random = seededRandom(`migration/mig${n}`);
  const oldName = tokenName(random);
  // Most migrations keep their name and move to a new mint; some rebrand on the way.
  const newName = random.next() < 0.3 ? tokenName(random) : oldName;
  const startsAt = SANDBOX_MIGRATION_SNAPSHOT_AT + (n - PROJECT_COUNT + 1) * 6 * DAY_MS + random.int(1, 23) * 3_600_000;
  const endsAt = startsAt + random.pick([7, 14, 30, 60]) * DAY_MS;
  const status = statusAt(startsAt, endsAt);
  const oldTokenSupply = random.pick(OLD_SUPPLIES);
  const migratedBasisPoints = status === 'upcoming' ? 0n : BigInt(random.int(status === 'ended' ? 6_000 : 500, 9_800));
  return {
    projectId: `mig${n}`,
    name: `${newName} Migration`,
    oldToken: token(random, oldName),
    newToken: token(random, newName),
    migration: {
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
      status,
      exchangeRate: random.pick(EXCHANGE_RATES),
      oldTokenSupply: oldTokenSupply.toString(),
      oldTokensMigrated: ((oldTokenSupply * migratedBasisPoints) / 10_000n).toString(),
    },
    // RFC 2606 reserved names: simulated projects must never send an agent to a real site.
    website: `https://${symbolOf(newName).toLowerCase()}-${n}.example`,
  };
}

/** The simulation is a fixed snapshot, so its answers are dated by the snapshot, not by the clock. */
const recordSnapshotRead = () =>
  recordRead('Sandbox Migrate.fun', new Date(SANDBOX_MIGRATION_SNAPSHOT_AT).toISOString());

/** Deterministic simulated Migrate.fun projects (seeded per project number); never touches the network. */
export class SandboxMigrationProvider implements MigrationProvider {
  readonly #projects = Array.from({ length: PROJECT_COUNT }, (_, i) => simulatedProject(i + 1));
  readonly #listings = this.#projects.map(({ projectId, name }) => ({ projectId, name }));

  async listProjects(request: PageRequest): Promise<MigrationProjectPage> {
    recordSnapshotRead();
    return newestFirstPage(this.#listings, request);
  }

  async projectDetails(projectId: string): Promise<MigrationProject | undefined> {
    recordSnapshotRead();
    return this.#projects[projectNumber(projectId) - 1];
  }
}
