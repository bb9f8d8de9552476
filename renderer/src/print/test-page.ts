/**
 * The page a "Test print" sends: which document kind, printer and paper it stands for, and a
 * full-width rule, so one look at the paper shows whether the width and the printer are right.
 * Built through the DOM, so a printer name is always text, never markup.
 */
import type { DocumentKind, DocumentPrintSetting } from '../../../shared/desktop.js';
import { DOCUMENT_TITLES } from './documents.js';

export function testPageHtml(kind: DocumentKind, setting: DocumentPrintSetting, printerName: string, at: Date): string {
  const page = document.implementation.createHTMLDocument(`Test print: ${DOCUMENT_TITLES[kind]}`);
  const meta = page.createElement('meta');
  meta.setAttribute('charset', 'utf-8');
  page.head.prepend(meta);
  const style = page.createElement('style');
  style.textContent = [
    'body { font-family: sans-serif; font-size: 10pt; margin: 0; }',
    'h1 { font-size: 13pt; margin: 0 0 4pt; }',
    'p { margin: 2pt 0; }',
    '.rule { border-top: 2pt solid #000; margin: 6pt 0; }',
  ].join('\n');
  page.head.append(style);

  const add = (tag: string, text: string, className?: string) => {
    const el = page.createElement(tag);
    el.textContent = text;
    if (className) el.className = className;
    page.body.append(el);
  };
  add('h1', `Test print: ${DOCUMENT_TITLES[kind]}`);
  add('p', `Printer: ${printerName}`);
  add('p', `Paper: ${setting.paper} · ${setting.copies} ${setting.copies === 1 ? 'copy' : 'copies'}`);
  add('p', `Sent ${at.toLocaleString('en-IN')}`);
  add('div', '', 'rule');
  add('p', 'The line above should run from edge to edge of the printable width.');
  add('p', '₹ 1,23,456.50 · राम · ரா · ৳ — the rupee sign and Indian scripts.');
  return `<!doctype html>\n${page.documentElement.outerHTML}`;
}
