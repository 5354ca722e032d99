// Printed once per run, so a run without PostgreSQL says plainly what it did not test.
export default function setup(): void {
  if (!process.env.WARMLINE_TEST_PG_URL) {
    process.stdout.write(
      '\n*** PostgreSQL tests SKIPPED: WARMLINE_TEST_PG_URL is not set. Run `npm run test:pg` (or .ci/run) to test on PostgreSQL. ***\n\n',
    );
  }
}
