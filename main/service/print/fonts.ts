/**
 * The faces every printed document uses, shipped in assets/fonts (SIL OFL, see OFL.txt there):
 * Noto Sans has the rupee sign and Latin; Noto Sans Devanagari has the Hindi and Marathi names
 * customers give. Found through appRoot(), so the same code finds them from sources, from dist/
 * and in a packaged app (where electron-builder unpacks them beside app.asar).
 */
import path from 'node:path';
import { appRoot, unpackedPath } from '../../app-root.js';

export type Script = 'latin' | 'devanagari';
export type Weight = 'regular' | 'bold';

/** The only files the font route serves, by the name in its URL. */
export const FONT_FILES = {
  'NotoSans-Regular.ttf': { family: 'Noto Sans', script: 'latin', weight: 'regular' },
  'NotoSans-Bold.ttf': { family: 'Noto Sans', script: 'latin', weight: 'bold' },
  'NotoSansDevanagari-Regular.ttf': { family: 'Noto Sans Devanagari', script: 'devanagari', weight: 'regular' },
  'NotoSansDevanagari-Bold.ttf': { family: 'Noto Sans Devanagari', script: 'devanagari', weight: 'bold' },
} as const satisfies Record<string, { family: string; script: Script; weight: Weight }>;

export type FontFile = keyof typeof FONT_FILES;

/** assets/fonts; in a packaged app the unpacked copy beside app.asar (plain files for fontkit and the font route). */
export const fontFolder = (): string => unpackedPath(path.join(appRoot(), 'assets', 'fonts'));

export function isFontFile(name: string): name is FontFile {
  return Object.hasOwn(FONT_FILES, name);
}

export function fontFile(script: Script, weight: Weight): FontFile {
  const found = (Object.keys(FONT_FILES) as FontFile[]).find((f) => FONT_FILES[f].script === script && FONT_FILES[f].weight === weight);
  return found!;
}

/** Devanagari, Vedic extensions and Devanagari Extended, plus the joiners that shape conjuncts. */
const DEVANAGARI = /[\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF\u200C\u200D]/u;
/** Characters both faces have, which never start a change of face. */
const NEUTRAL = /[\s.,:;()\-/#&'"0-9₹%]/u;

export interface Run {
  script: Script;
  text: string;
}

/**
 * Splits text where the script changes, so each run is set in a face that has its glyphs.
 * Spaces, digits and punctuation stay in the run they follow, so a name like "राजेश Kumar"
 * breaks into two runs, not four.
 */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const last = runs[runs.length - 1];
    const script: Script = DEVANAGARI.test(ch) ? 'devanagari' : 'latin';
    if (last && (last.script === script || NEUTRAL.test(ch))) last.text += ch;
    else runs.push({ script, text: ch });
  }
  return runs;
}
