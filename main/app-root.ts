/**
 * The folder holding package.json, found from this file whether it runs as TypeScript source
 * (tsx) or compiled into dist/.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function appRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = up;
  }
  return dir;
}

export function appVersion(): string {
  return (JSON.parse(readFileSync(path.join(appRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
