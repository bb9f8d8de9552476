/**
 * electron-builder.yml, read by electron-builder's own loader and checked against its own
 * schema (what `npm run dist` would do before downloading anything), then held to what the
 * app needs: the four installer targets, better-sqlite3 rebuilt for Electron and unpacked from
 * the asar, and every file the app reads at run time inside the package.
 *
 * The loader is electron-builder's (app-builder-lib, builder-util: installed with it); there is
 * no public entry point for "load and validate the configuration" without building.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { TARGETS } from '../scripts/build-if-changed.mjs';
import { DebugLogger } from 'builder-util';

type Configuration = Awaited<ReturnType<typeof getConfig>>;

const root = path.resolve(import.meta.dirname, '..');
let config: Configuration;

before(async () => {
  config = await getConfig(root, path.join(root, 'electron-builder.yml'), null);
});

/** The globs of a files/asarUnpack entry, whatever shape electron-builder normalised it to. */
function globs(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(globs);
  const filter = (value as { filter?: unknown }).filter;
  return globs(filter);
}

function targets(platform: unknown): string[] {
  const target = (platform as { target?: unknown } | undefined)?.target;
  return (Array.isArray(target) ? target : [target]).map((t) => (typeof t === 'string' ? t : (t as { target: string }).target));
}

test('electron-builder accepts the configuration (its schema, as `npm run dist` checks it)', async () => {
  await validateConfiguration(config, new DebugLogger(false));
});

test('installers: Linux AppImage and deb, Windows NSIS, macOS dmg', () => {
  assert.deepEqual(targets(config.linux).sort(), ['AppImage', 'deb']);
  assert.deepEqual(targets(config.win), ['nsis']);
  assert.deepEqual(targets(config.mac), ['dmg']);
});

test('better-sqlite3 is rebuilt for Electron and unpacked from the asar', () => {
  assert.equal(config.npmRebuild, true);
  assert.notEqual(config.asar, false);
  assert.ok(globs(config.asarUnpack).includes('node_modules/better-sqlite3/**/*'));
  const dependencies = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;
  assert.ok(dependencies['better-sqlite3'], 'a production dependency, so electron-builder packs and rebuilds it');
});

test('the package holds the compiled main process, the contract, the renderer, the fonts and package.json', () => {
  const files = globs(config.files);
  for (const needed of ['package.json', 'dist/main/**/*', 'dist/shared/**/*', 'dist/renderer/**/*', 'assets/fonts/**/*']) {
    assert.ok(files.includes(needed), `files has ${needed}`);
  }
  assert.ok(files.includes('!dist/**/*.map'), 'no source maps shipped');
  // electron-builder leaves its build-resources folder out of the app whatever `files` says.
  const resources = config.directories?.buildResources ?? 'build';
  assert.ok(!files.some((glob) => glob.replace(/^!/, '').startsWith(`${resources}/`)), `${resources}/ is not packed`);
  const unpacked = globs(config.asarUnpack);
  assert.ok(unpacked.includes('dist/renderer/**/*'), 'the renderer is served from plain files (app-root.ts unpackedPath)');
  assert.ok(unpacked.includes('assets/fonts/**/*'));
});

test('the entry point is the compiled main process, and what it starts exists in the sources', () => {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { main: string };
  assert.equal(config.extraMetadata?.main, 'dist/main/electron/main.js');
  assert.equal(pkg.main, config.extraMetadata?.main);
  for (const source of ['main/electron/main.ts', 'main/electron/service-process.ts', 'main/electron/preload.cts']) {
    assert.ok(existsSync(path.join(root, source)), source);
  }
  const main = readFileSync(path.join(root, 'main/electron/main.ts'), 'utf8');
  // The utility process runs the bundle of the service's entry, which the main build makes.
  assert.match(main, /'bundle', 'service-process\.mjs'/);
  assert.ok(TARGETS.main.then?.includes('dist/main/electron/service-process.js'), 'bundled by the main build');
  assert.ok(TARGETS.main.outputs.includes('dist/main/bundle/service-process.mjs'), 'and checked for by it');
  assert.match(main, /'preload\.cjs'/);
});

test('the icon is a 512×512 PNG (the size macOS asks for) and the fonts are there', () => {
  for (const platform of [config.linux, config.win, config.mac]) {
    const icon = (platform as { icon?: string }).icon;
    assert.equal(icon, 'assets/icon.png');
  }
  const png = readFileSync(path.join(root, 'assets/icon.png'));
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [512, 512]);
  const fonts = readdirSync(path.join(root, 'assets/fonts')).filter((file) => file.endsWith('.ttf'));
  assert.ok(fonts.length >= 2, `fonts: ${fonts.join(', ')}`);
});
