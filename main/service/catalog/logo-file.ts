/**
 * Branch logo files: `<dataDir>/logos/<branchId>/<fileName>`. A request names the file, so the
 * name must be a bare, ordinary file name and the resolved path (symlinks followed) must still
 * lie inside that branch's folder; anything else is simply not found. The content type comes
 * from the file's first bytes, not its name, so a renamed file is never served as an image.
 */
import { existsSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,127}$/;

export function logoFolder(dataDir: string, branchId: number): string {
  return path.join(dataDir, 'logos', String(branchId));
}

/** True when `fileName` could be a logo file at all (used to answer 400 before touching the disk). */
export const isBareFileName = (fileName: string): boolean => SAFE_NAME.test(fileName) && !fileName.includes('..');

export function imageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** The image, or null when there is no such file in the folder or it is not a PNG or JPEG. */
export function readLogo(dataDir: string, branchId: number, fileName: string): { bytes: Buffer; contentType: 'image/png' | 'image/jpeg' } | null {
  if (!isBareFileName(fileName)) return null;
  const folder = logoFolder(dataDir, branchId);
  const file = path.join(folder, fileName);
  if (!existsSync(file)) return null;
  const real = realpathSync(file);
  if (path.dirname(real) !== realpathSync(folder) || !statSync(real).isFile()) return null;
  const bytes = readFileSync(real);
  const contentType = imageType(bytes);
  return contentType ? { bytes, contentType } : null;
}

export function writeLogo(dataDir: string, branchId: number, fileName: string, bytes: Uint8Array): void {
  if (!isBareFileName(fileName)) throw new Error(`Not a bare file name: ${fileName}`);
  const folder = logoFolder(dataDir, branchId);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, fileName), bytes);
}
