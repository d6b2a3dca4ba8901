/**
 * A service a test needs (PostgreSQL, Redis), named by its setting. Under CI=true a missing one fails the test file:
 * CI provides every service (.ci/run), so a skip there would hide a test that never ran. Elsewhere the tests that
 * need it skip, and say so.
 */
export function requiredService(setting: string, what: string): string | undefined {
  const value = process.env[setting];
  if (value) return value;
  if (process.env.CI === 'true') throw new Error(`${setting} is not set: CI runs ${what} (.ci/run sets it).`);
  console.warn(`Skipping ${what}: ${setting} is not set.`);
  return undefined;
}
