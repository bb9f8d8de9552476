/**
 * The unit suite's test files as plain JavaScript, for `npm test` (scripts/test.mjs): each test
 * file bundled by esbuild with what it imports from the sources (node_modules left to Node), the
 * code shared between them split into common chunks, under test-results/build/ mirroring test/.
 *
 * Why: through tsx every import of a test process goes to tsx's loader thread and back, about
 * 1.2 s of the 1.7 s a test file spends loading the service before its first test, in each of the
 * 150 files. The bundles load in about 0.5 s. A single file is still run as the developers' guide
 * says (`node --import tsx --test test/x.test.ts`), from the sources.
 *
 * Every source keeps its own place: `import.meta.url`, `import.meta.dirname` and
 * `import.meta.filename` are written into each module as its source file's, so what a module
 * finds beside itself (the app root, a fixture, a script it starts) is found as when it runs from
 * the sources. Except the worker threads: as in the service's own bundle (dist/main/bundle), their
 * entries are bundled too, at the top of TEST_BUILD, and the modules that start them are given
 * that place, where db/threads.ts besideModule() then looks (so a worker does not load the
 * sources through tsx either).
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

/** Where the bundles go, below the checkout so that Node finds node_modules from them. */
export const TEST_BUILD = path.join('test-results', 'build');

/** The worker threads' entries, bundled under their own names at the top of TEST_BUILD with the shared chunks. */
const WORKERS = ['main/service/reads/read-worker.ts', 'main/service/db/checkpoint-worker.ts', 'main/service/backup/check-worker.ts'];

/**
 * A module that finds its worker beside itself is placed at the top of TEST_BUILD, with the
 * workers, whichever bundle or chunk its code lands in.
 */
const FINDS_WORKER = 'besideModule(import.meta.url';

const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.tsx': 'tsx', '.mjs': 'js', '.js': 'js' };

/** `import.meta.url` and its kin written into each module as its source's (or, for FINDS_WORKER, beside the workers). */
const sourcePlace = (outdir) => ({
  name: 'source-place',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts|mjs|js)$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.')) return { contents: text, loader: LOADERS[path.extname(args.path)] };
      const place = text.includes(FINDS_WORKER) ? path.join(outdir, `${path.basename(args.path, path.extname(args.path))}.js`) : args.path;
      const contents = text
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(place).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(place)))
        .replaceAll('import.meta.filename', JSON.stringify(place));
      return { contents, loader: LOADERS[path.extname(args.path)] };
    });
  },
});

/**
 * Bundles the test files (paths relative to `root`) into `root`/TEST_BUILD; answers each test
 * file's bundle, by its source path.
 */
export async function buildTests(root, files) {
  const outdir = path.join(root, TEST_BUILD);
  // The chunks are named by their content's hash: last run's would only pile up.
  await rm(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [...files, ...WORKERS.map((w) => ({ in: w, out: path.basename(w, '.ts') }))],
    outbase: root,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'error',
    plugins: [sourcePlace(outdir)],
  });
  return new Map(files.map((f) => [f, path.join(TEST_BUILD, f.replace(/\.tsx?$/, '.js'))]));
}

/** A bundle's path back to its test file's (the durations and the order are kept by source path). */
export function sourceOfBuilt(file) {
  const rel = file.split(path.sep).join('/');
  const at = rel.indexOf(`${TEST_BUILD.split(path.sep).join('/')}/`);
  return at < 0 ? file : rel.slice(at + TEST_BUILD.length + 1).replace(/\.js$/, '.ts');
}
