/**
 * The folder holding package.json, found from this file whether it runs as TypeScript source
 * (tsx), compiled into dist/, or packaged (resources/app.asar, which Electron's fs reads like a
 * folder), and the files electron-builder unpacks beside the archive.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder at or above `start` holding a package.json. */
export function findAppRoot(start: string, exists: (file: string) => boolean = existsSync): string {
  let dir = start;
  while (!exists(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`package.json not found above ${start}`);
    dir = up;
  }
  return dir;
}

export function appRoot(): string {
  return findAppRoot(path.dirname(fileURLToPath(import.meta.url)));
}

/**
 * Where electron-builder's asarUnpack put a packaged file (app.asar.unpacked/ beside
 * app.asar/), for code that must read plain files, such as the static file server streaming
 * the renderer. Outside a package the path is returned as it is.
 */
export function unpackedPath(file: string): string {
  return file.replace(/([\\/])app\.asar(?=[\\/]|$)/, '$1app.asar.unpacked');
}

export function appVersion(): string {
  return (JSON.parse(readFileSync(path.join(appRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
