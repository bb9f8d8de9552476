/**
 * Reading an ESC/POS job back the way a printer would, written from the Epson command reference
 * and not from the encoder: every byte must be printable ASCII, LF, or one of the commands we
 * mean to send (anything else fails the test). Answers the printed lines, with the commands in
 * order (`bold 1`, `align center`, `qr store ORD/1`, …) and the styles each line was printed in.
 */

export interface PrintedLine {
  text: string;
  align: 'left' | 'center' | 'right';
  /** Bold was on at the line's first character. */
  bold: boolean;
  doubleWidth: boolean;
  doubleHeight: boolean;
}

export interface ReadJob {
  commands: string[];
  lines: PrintedLine[];
  /** Every line's text joined by newlines. */
  text: string;
}

const ALIGN = ['left', 'center', 'right'] as const;

export function readEscPos(bytes: Uint8Array): ReadJob {
  const commands: string[] = [];
  const lines: PrintedLine[] = [];
  const state = { align: 'left' as PrintedLine['align'], bold: false, doubleWidth: false, doubleHeight: false };
  let text = '';
  let lineStyle: Omit<PrintedLine, 'text'> | null = null;
  let i = 0;
  const need = (n: number) => {
    if (i + n > bytes.length) throw new Error(`Command at ${i} cut short`);
    return Array.from(bytes.subarray(i, i + n));
  };
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b >= 0x20 && b <= 0x7e) {
      lineStyle ??= { ...state };
      text += String.fromCharCode(b);
      i += 1;
    } else if (b === 0x0a) {
      lines.push({ text, ...(lineStyle ?? state) });
      text = '';
      lineStyle = null;
      i += 1;
    } else if (b === 0x1b) {
      const [, c] = need(2);
      if (c === 0x40) {
        commands.push('init');
        Object.assign(state, { align: 'left', bold: false, doubleWidth: false, doubleHeight: false });
        i += 2;
      } else if (c === 0x70) {
        const [, , m, t1, t2] = need(5);
        commands.push(`drawer ${m} ${t1} ${t2}`);
        i += 5;
      } else if (c === 0x74 || c === 0x52 || c === 0x45 || c === 0x61 || c === 0x64) {
        const [, , n] = need(3);
        if (c === 0x74) commands.push(`codepage ${n}`);
        if (c === 0x52) commands.push(`charset ${n}`);
        if (c === 0x45) {
          state.bold = (n! & 1) === 1;
          commands.push(`bold ${n! & 1}`);
        }
        if (c === 0x61) {
          const to = ALIGN[n! % 48];
          if (!to) throw new Error(`ESC a ${n}`);
          state.align = to;
          commands.push(`align ${to}`);
        }
        if (c === 0x64) commands.push(`feed ${n}`);
        i += 3;
      } else {
        throw new Error(`Unexpected ESC 0x${c!.toString(16)} at ${i}`);
      }
    } else if (b === 0x1d) {
      const [, c] = need(2);
      if (c === 0x21) {
        const [, , n] = need(3);
        state.doubleWidth = (n! & 0x70) !== 0;
        state.doubleHeight = (n! & 0x07) !== 0;
        commands.push(`size ${n}`);
        i += 3;
      } else if (c === 0x56) {
        const [, , m] = need(3);
        if (m === 0 || m === 48) commands.push('cut full');
        else if (m === 1 || m === 49) commands.push('cut partial');
        else throw new Error(`GS V ${m}`);
        i += 3;
      } else if (c === 0x28) {
        const [, , k, pL, pH] = need(5);
        if (k !== 0x6b) throw new Error(`GS ( ${k}`);
        const length = pL! + pH! * 256;
        const [cn, fn, ...params] = need(5 + length).slice(5);
        if (cn !== 49) throw new Error(`GS ( k symbol ${cn}`);
        if (fn === 65) commands.push(`qr model ${params[0]! - 48}`);
        else if (fn === 67) commands.push(`qr size ${params[0]}`);
        else if (fn === 69) commands.push(`qr level ${'LMQH'[params[0]! - 48]}`);
        else if (fn === 80) commands.push(`qr store ${String.fromCharCode(...params.slice(1))}`);
        else if (fn === 81) commands.push('qr print');
        else throw new Error(`GS ( k fn ${fn}`);
        i += 5 + length;
      } else {
        throw new Error(`Unexpected GS 0x${c!.toString(16)} at ${i}`);
      }
    } else {
      throw new Error(`Byte 0x${b.toString(16)} at ${i} is neither printable ASCII nor a command we send`);
    }
  }
  if (text) lines.push({ text, ...(lineStyle ?? state) });
  return { commands, lines, text: lines.map((l) => l.text).join('\n') };
}
