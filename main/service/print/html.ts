/**
 * HTML that is escaped unless it says otherwise. `html` is a tagged template: every
 * interpolated value is escaped (escape-html) unless it is already SafeHtml, which only `html`
 * itself and `trusted` make. A customer named `<script>` is printed as text, and forgetting to
 * escape takes an explicit `trusted(...)` that a review can see.
 */
import escapeHtml from 'escape-html';

export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.text;
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Markup this service generated itself (CSS, SVG from numbers); never request or database text. */
export const trusted = (markup: string): SafeHtml => new SafeHtml(markup);
