/**
 * The scrypt cost the service derives keys at, for passwords (auth/password.ts) and sealed backups
 * (backup/sealed.ts): N = 2^15, r = 8 (32 MiB, a fraction of a second on a till PC). The test runs
 * only (scripts/test.mjs sets POS_TEST_LOW_KDF=1 for the unit and e2e suites) derive at N = 2^10:
 * each test service's demo seed hashes four passwords, each sign-in checks one, the backup tests
 * derive a key some twenty times, a few hundred in all on CI's two cores. Never in the desktop app
 * (Electron ignores it). A stored hash and a backup's header carry their cost, so what was made
 * either way is read either way.
 */
export const lowKdfForTests = process.env.POS_TEST_LOW_KDF === '1' && !process.versions.electron;

/** scrypt's N as a power of two. */
export const KDF_LOG_N = lowKdfForTests ? 10 : 15;
