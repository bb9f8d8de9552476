/**
 * The guides as HTML pages: `docs/<name>.md` rendered by marked, for the app's Help
 * (`/help/…`, served by the service beside the renderer) and `npm run docs`. Links between guides
 * and to their pictures are rewritten to the help routes, and every heading gets the id GitHub
 * would give it, so `store-manager.md#backups` works on GitHub, in the app and in `npm run docs`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Marked, type Tokens } from 'marked';
import escapeHtml from 'escape-html';
import { appRoot, unpackedPath } from '../../app-root.js';
import { GUIDES, HELP_PREFIX } from '../../../shared/help.js';

/** The folder holding the guides, in the repository and in the installed app. */
export function docsDir(root = appRoot()): string {
  return unpackedPath(path.join(root, 'docs'));
}

/** Every page Help serves: the guides first, then the other documents in docs/ (layout, decisions). */
export function helpPages(dir = docsDir()): string[] {
  const guides: string[] = GUIDES.map((g) => g.name);
  const others = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .map((f) => f.slice(0, -3))
        .filter((n) => !guides.includes(n))
        .sort()
    : [];
  return [...guides, ...others];
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to dashes. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

/** A link or picture of a guide, as it must read on the help pages. */
export function helpHref(href: string): string {
  if (/^[a-z]+:/i.test(href) || href.startsWith('#') || href.startsWith('/')) return href;
  const [file = '', anchor] = href.split('#');
  const hash = anchor ? `#${anchor}` : '';
  if (file.startsWith('images/')) return `${HELP_PREFIX}/${file}`;
  const guide = /^(?:\.\/)?(?:docs\/)?([\w-]+)\.md$/.exec(file);
  if (guide) return `${HELP_PREFIX}/${guide[1]}${hash}`;
  if (/^\.\.\/README\.md$|^README\.md$/.test(file)) return `${HELP_PREFIX}/${hash}`;
  return href;
}

const marked = new Marked({
  gfm: true,
  walkTokens(token) {
    if (token.type === 'link' || token.type === 'image') (token as Tokens.Link | Tokens.Image).href = helpHref((token as Tokens.Link).href);
  },
  renderer: {
    heading({ tokens, depth }) {
      const html = this.parser.parseInline(tokens);
      return `<h${depth} id="${headingId(html)}">${html}</h${depth}>\n`;
    },
  },
});

const STYLE = `
body{font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1d2733;margin:0;background:#f6f8fa}
header{background:#1f4e79;color:#fff;padding:.6rem 1.2rem;display:flex;gap:1.2rem;align-items:center;flex-wrap:wrap}
header a{color:#fff}
main{max-width:60rem;margin:0 auto;padding:1rem 1.5rem 4rem;background:#fff}
img{max-width:100%;border:1px solid #ccd;border-radius:4px}
table{border-collapse:collapse;margin:1rem 0}
td,th{border:1px solid #ccd;padding:.3rem .5rem;vertical-align:top;text-align:left}
code{background:#eef1f4;padding:0 .2rem;border-radius:3px}
pre{background:#eef1f4;padding:.7rem;overflow:auto}
pre code{padding:0}
`;

function page(title: string, body: string): string {
  const nav = GUIDES.map((g) => `<a href="${HELP_PREFIX}/${g.name}">${escapeHtml(g.title)}</a>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Optical POS help</title><link rel="stylesheet" href="${HELP_PREFIX}/help.css"></head>
<body><header><a href="/">← Back to Optical POS</a> <strong><a href="${HELP_PREFIX}/">Help</a></strong>
${nav}</header>
<main>
${body}
</main></body></html>`;
}

export const HELP_CSS = STYLE;

/** The list of guides. */
export function helpIndex(): string {
  const items = GUIDES.map((g) => `<li><a href="${HELP_PREFIX}/${g.name}"><strong>${escapeHtml(g.title)}</strong></a>: ${escapeHtml(g.reader)}</li>`).join('\n');
  return page('Help', `<h1>Optical POS help</h1>\n<p>One guide for each reader:</p>\n<ul>\n${items}\n</ul>\n<p>Also: <a href="${HELP_PREFIX}/layout">how the code is laid out</a> and <a href="${HELP_PREFIX}/decisions">the decisions</a>.</p>`);
}

/** One page, or null when there is no such document. */
export function helpPage(name: string, dir = docsDir()): string | null {
  if (!/^[\w-]+$/.test(name) || !helpPages(dir).includes(name)) return null;
  const file = path.join(dir, `${name}.md`);
  if (!existsSync(file)) return null;
  const markdown = readFileSync(file, 'utf8');
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1] ?? name;
  return page(title, marked.parse(markdown, { async: false }));
}

/** A picture of the guides (`docs/images/<file>.png`), or null. */
export function helpImage(file: string, dir = docsDir()): Buffer | null {
  if (!/^[\w-]+\.png$/.test(file)) return null;
  const full = path.join(dir, 'images', file);
  return existsSync(full) ? readFileSync(full) : null;
}
