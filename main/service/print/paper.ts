/**
 * The sheets documents are printed on. A thermal roll has no fixed height: its page is as long
 * as what is printed on it (the PDF measures itself first; the HTML is given that length).
 */
export type PaperName = '80mm' | 'A5' | 'A4';

export interface Paper {
  name: PaperName;
  widthMm: number;
  /** Null for a roll: the page ends where the content does. */
  heightMm: number | null;
  marginMm: number;
  /** Body text size; headings and small print scale from it. */
  fontPt: number;
}

export const PAPERS: Record<PaperName, Paper> = {
  // 72 mm is what an 80 mm thermal head actually prints; 4 mm either side keeps text on it.
  '80mm': { name: '80mm', widthMm: 80, heightMm: null, marginMm: 4, fontPt: 8 },
  A5: { name: 'A5', widthMm: 148, heightMm: 210, marginMm: 10, fontPt: 9 },
  A4: { name: 'A4', widthMm: 210, heightMm: 297, marginMm: 12, fontPt: 9 },
};

export const PT_PER_MM = 72 / 25.4;
export const mmToPt = (mm: number): number => mm * PT_PER_MM;
export const ptToMm = (pt: number): number => pt / PT_PER_MM;
