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
  const wanted = safePdfName(suggestedName);
  const tried = new Set<string>();
  // 'wx' creates the file or fails: two saves of the same name in the same second (two clicks,
  // two windows) both pass the existence check, and the one that loses takes the next free name
  // instead of failing or overwriting (issue 16).
  for (;;) {
    const name = freeFileName(wanted, (candidate) => tried.has(candidate) || existsSync(path.join(folder, candidate)));
    const file = path.join(folder, name);
    try {
      await writeFile(file, pdf, { flag: 'wx' });
      return file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      tried.add(name);
    }
  }
}
