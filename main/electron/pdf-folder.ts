/**
 * Saving a PDF into a folder without a dialog (POS_PDF_DIR: a kiosk's or a test's output
 * folder): the suggested name made safe, never overwriting a PDF saved before. No Electron.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freeFileName, safePdfName } from './bridge-requests.js';

export async function savePdfInFolder(folder: string, suggestedName: string, pdf: Uint8Array): Promise<string> {
  await mkdir(folder, { recursive: true });
  const name = freeFileName(safePdfName(suggestedName), (candidate) => existsSync(path.join(folder, candidate)));
  const file = path.join(folder, name);
  // 'wx': should another save take the name between the check and the write, fail rather than overwrite.
  await writeFile(file, pdf, { flag: 'wx' });
  return file;
}
