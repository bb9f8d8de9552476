/**
 * better-sqlite3 for Electron's ABI, next to (not instead of) the Node build in node_modules:
 * scripts/native-electron.mjs compiles it into .native/electron-<version>/ the first time
 * `npm start` finds an Electron binary, and the service opens SQLite with it through
 * better-sqlite3's `nativeBinding` option. Tests keep using the Node build. A packaged app has
 * node_modules rebuilt for Electron by electron-builder, so it needs no override.
 */
import { app } from 'electron';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { appRoot } from '../app-root.js';

export function electronNativeBinding(): string | undefined {
  if (app.isPackaged) return undefined;
  const file = path.join(appRoot(), '.native', `electron-${process.versions.electron}`, 'better_sqlite3.node');
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: start the app with \`npm start\`, which builds it.`);
  }
  return file;
}
