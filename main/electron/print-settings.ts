/**
 * The printer, paper and copies for each document kind, kept as JSON in the app's per-user
 * folder (print-settings.json in userData): a till's printers are this PC's business, not the
 * store's database, which may be shared by several tills. No Electron here; tested in Node.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentKind, DocumentPrintSetting, PrintSettings } from '../../shared/desktop.js';
import { documentPrintSetting, settingsFromJson } from './bridge-requests.js';

export const PRINT_SETTINGS_FILE = 'print-settings.json';

export interface PrintSettingsStore {
  read(): PrintSettings;
  save(kind: DocumentKind, setting: DocumentPrintSetting): PrintSettings;
}

export function printSettingsStore(folder: string): PrintSettingsStore {
  const file = path.join(folder, PRINT_SETTINGS_FILE);
  function read(): PrintSettings {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return settingsFromJson(undefined);
    }
    try {
      return settingsFromJson(JSON.parse(text));
    } catch {
      // A file cut short by a crash or edited by hand: defaults, rather than no printing at all.
      return settingsFromJson(undefined);
    }
  }
  return {
    read,
    save(kind, setting) {
      const settings = { ...read(), [kind]: documentPrintSetting.parse(setting) };
      mkdirSync(folder, { recursive: true });
      // Write then rename: a crash mid-write leaves the old settings, never half a file.
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify(settings, null, 2) + '\n');
      renameSync(temp, file);
      return settings;
    },
  };
}
