/**
 * A node:test reporter that writes, at the end of the run, how long each test file took (seconds,
 * from its process's start to its end, longest first) as JSON: `scripts/test.mjs` runs it beside
 * the spec reporter into test-results/unit-durations.json. Copied over scripts/unit-durations.json,
 * it is the order the next runs start the files in (longest first, see scripts/test.mjs). Files are
 * named by their sources' paths, also when the run ran their bundles (scripts/test-build.mjs).
 */
import path from 'node:path';
import { sourceOfBuilt } from './test-build.mjs';

export default async function* fileDurations(source) {
  const seconds = {};
  for await (const event of source) {
    // Each file is a test of the run named by its path; its `test:complete` comes when it ends.
    if (event.type !== 'test:complete' || !event.data.file || event.data.name !== event.data.file) continue;
    // By the test file's own path, not its bundle's (scripts/test-build.mjs).
    seconds[sourceOfBuilt(path.relative(process.cwd(), event.data.file))] = Math.round(event.data.details.duration_ms / 100) / 10;
  }
  const sorted = Object.fromEntries(Object.entries(seconds).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
  yield `${JSON.stringify(sorted, null, 1)}\n`;
}
