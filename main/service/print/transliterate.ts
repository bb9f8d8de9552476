/**
 * Text for a printer that has only ASCII in text mode (an ESC/POS receipt printer): the rupee
 * sign as `Rs.`, accents dropped, typographic quotes and dashes made plain, and names in Indian
 * scripts written phonetically in Latin letters, the way Indians spell them in English
 * (राजेश → Rajesh, कृष्ण → Krishna, ગીતા → Gita, சுரேஷ் → Suresh). A name that prints at all,
 * close to how its owner writes it in English, beats a row of question marks.
 *
 * The nine main Indic blocks share one layout (they were all encoded from ISCII), so one table
 * of offsets serves Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada and
 * Malayalam. The result is approximate by design: no long vowels, no retroflex marks.
 */

/** Letters by their offset in an Indic block (Devanagari names in the comments). */
const INDEPENDENT_VOWELS: Record<number, string> = {
  0x04: 'a', 0x05: 'a', 0x06: 'a', 0x07: 'i', 0x08: 'i', 0x09: 'u', 0x0a: 'u', 0x0b: 'ri', 0x0c: 'li', 0x0d: 'e', 0x0e: 'e',
  0x0f: 'e', 0x10: 'ai', 0x11: 'o', 0x12: 'o', 0x13: 'o', 0x14: 'au', 0x60: 'ri', 0x61: 'li', 0x72: 'a',
};

// क ख ग घ ङ च छ ज झ ञ ट ठ ड ढ ण त थ द ध न ऩ प फ ब भ म य र ऱ ल ळ ऴ व श ष स ह
const CONSONANT_LIST = [
  'k', 'kh', 'g', 'gh', 'n', 'ch', 'chh', 'j', 'jh', 'n', 't', 'th', 'd', 'dh', 'n', 't', 'th', 'd', 'dh', 'n', 'n', 'p', 'ph', 'b', 'bh',
  'm', 'y', 'r', 'r', 'l', 'l', 'l', 'v', 'sh', 'sh', 's', 'h',
];
const CONSONANTS: Record<number, string> = Object.assign(Object.fromEntries(CONSONANT_LIST.map((c, i) => [0x15 + i, c])), {
  // Nukta forms written as one character: क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़.
  0x58: 'q', 0x59: 'kh', 0x5a: 'g', 0x5b: 'z', 0x5c: 'r', 0x5d: 'rh', 0x5e: 'f', 0x5f: 'y',
});

const VOWEL_SIGNS: Record<number, string> = {
  0x3a: 'e', 0x3b: 'e', 0x3e: 'a', 0x3f: 'i', 0x40: 'i', 0x41: 'u', 0x42: 'u', 0x43: 'ri', 0x44: 'ri', 0x45: 'e', 0x46: 'e', 0x47: 'e',
  0x48: 'ai', 0x49: 'o', 0x4a: 'o', 0x4b: 'o', 0x4c: 'au', 0x4e: 'e', 0x4f: 'aw', 0x62: 'li', 0x63: 'li',
};

/** A consonant with nukta (़) as the sound it stands for in Urdu and Punjabi names. */
const NUKTA: Record<string, string> = { k: 'q', g: 'g', j: 'z', d: 'r', dh: 'rh', ph: 'f' };

const VIRAMA = 0x4d;
const NUKTA_SIGN = 0x3c;
/** Anusvara and candrabindu are a nasal; visarga a breath. */
const MARKS: Record<number, string> = { 0x01: 'n', 0x02: 'n', 0x03: 'h' };
const SIGNS: Record<number, string> = { 0x50: 'om', 0x64: '.', 0x65: '.', 0x70: '.' };

interface IndicBlock {
  start: number;
  /**
   * Hindi, Bengali, Punjabi and Gujarati do not say every inherent `a`: not at the end of a word
   * (राम is Ram) and not between a vowel and a consonant that has one (परमार is Parmar).
   */
  dropsSchwa: boolean;
  /** Consonants this block says otherwise (Tamil ச is an `s` in most names). */
  consonants?: Record<number, string>;
  /** Other letters of this block that the shared table does not describe. */
  own?: Record<number, string>;
}

const BLOCKS: readonly IndicBlock[] = [
  { start: 0x0900, dropsSchwa: true },
  { start: 0x0980, dropsSchwa: true, own: { 0x4e: 't', 0x70: 'r', 0x71: 'w' } },
  { start: 0x0a00, dropsSchwa: true, own: { 0x70: 'n', 0x71: '' } },
  { start: 0x0a80, dropsSchwa: true },
  { start: 0x0b00, dropsSchwa: false },
  { start: 0x0b80, dropsSchwa: false, consonants: { 0x1a: 's', 0x34: 'zh' } },
  { start: 0x0c00, dropsSchwa: false },
  { start: 0x0c80, dropsSchwa: false },
  { start: 0x0d00, dropsSchwa: false, consonants: { 0x34: 'zh' }, own: { 0x7a: 'n', 0x7b: 'n', 0x7c: 'r', 0x7d: 'l', 0x7e: 'l', 0x7f: 'k' } },
];

function blockOf(code: number): IndicBlock | undefined {
  if (code < 0x0900 || code >= 0x0d80) return undefined;
  return BLOCKS.find((b) => code >= b.start && code < b.start + 0x80);
}

/**
 * A consonant and what follows it: a vowel sign, the virama (`''`: it joins the next consonant),
 * or null for the inherent `a`. Anything else is a sound of its own (`text`).
 */
type Letter = { consonant: string; vowel: string | null } | { text: string };

function letters(chars: readonly number[], block: IndicBlock): Letter[] {
  const out: Letter[] = [];
  for (const code of chars) {
    const at = code - block.start;
    const last = out[out.length - 1];
    const open = last && 'consonant' in last && last.vowel === null ? last : undefined;
    const consonant = block.consonants?.[at] ?? CONSONANTS[at];
    const own = block.own?.[at];
    if (own !== undefined) out.push({ text: own });
    else if (consonant !== undefined) out.push({ consonant, vowel: null });
    else if (at === NUKTA_SIGN) {
      if (open) open.consonant = NUKTA[open.consonant] ?? open.consonant;
    } else if (VOWEL_SIGNS[at] !== undefined) {
      if (open) open.vowel = VOWEL_SIGNS[at];
      else out.push({ text: VOWEL_SIGNS[at] });
    } else if (at === VIRAMA) {
      if (open) open.vowel = '';
    } else if (INDEPENDENT_VOWELS[at] !== undefined) out.push({ text: INDEPENDENT_VOWELS[at] });
    else if (MARKS[at] !== undefined) out.push({ text: MARKS[at] });
    else if (at >= 0x66 && at <= 0x6f) out.push({ text: String(at - 0x66) });
    else if (SIGNS[at] !== undefined) out.push({ text: SIGNS[at] });
    // Anything else (accents, length marks, avagraha) has no sound of its own in Latin letters.
  }
  return out;
}

const VOWEL_END = /[aeiou]$/;

/** One word of Indic letters in Latin: each consonant says its vowel sign, else `a`, unless dropped. */
function indicWord(chars: readonly number[], block: IndicBlock): string {
  const word = letters(chars, block);
  const sound = (l: Letter | undefined): string => (!l ? '' : 'text' in l ? l.text : l.consonant + (l.vowel ?? 'a'));
  if (block.dropsSchwa) {
    const last = word[word.length - 1];
    const before = word[word.length - 2];
    // The final `a` stays after a conjunct (Krishna, Mishra, Aditya) and in a one-letter word.
    const conjunct = before && 'consonant' in before && before.vowel === '';
    if (last && 'consonant' in last && last.vowel === null && !conjunct && word.length > 1) last.vowel = '';
    // V C(a) C V → V C C V: the `a` of a consonant between a vowel and a consonant that has one.
    for (let i = 1; i < word.length - 1; i++) {
      const l = word[i]!;
      if (!('consonant' in l) || l.vowel !== null) continue;
      if (!VOWEL_END.test(sound(word[i - 1]))) continue;
      let j = i + 1;
      while (j < word.length && 'consonant' in word[j]! && (word[j] as { vowel: string | null }).vowel === '') j++;
      const next = word[j];
      if ('consonant' in word[i + 1]! && next && 'consonant' in next && VOWEL_END.test(sound(next))) l.vowel = '';
    }
  }
  const out = word.map(sound).join('');
  return out ? out[0]!.toUpperCase() + out.slice(1) : out;
}

const PUNCTUATION: Record<string, string> = {
  '₹': 'Rs.',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '′': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '″': '"',
  '–': '-',
  '—': '-',
  '‐': '-',
  '‑': '-',
  '−': '-',
  '…': '...',
  '•': '*',
  '·': '-',
  '×': 'x',
  '°': 'o',
  '€': 'EUR',
  '£': 'GBP',
  '©': '(c)',
  '®': '(R)',
  '™': 'TM',
  'ß': 'ss',
  'æ': 'ae',
  'Æ': 'AE',
  'ø': 'o',
  'Ø': 'O',
  'ł': 'l',
  'Ł': 'L',
};

/** Printable ASCII for an ESC/POS printer's text mode; what has no spelling becomes `?`. */
export function printableAscii(text: string): string {
  let out = '';
  let word: number[] = [];
  let wordBlock: IndicBlock | undefined;
  const flush = () => {
    if (wordBlock && word.length) out += indicWord(word, wordBlock);
    word = [];
    wordBlock = undefined;
  };
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    const block = blockOf(code);
    // Zero-width joiners shape conjuncts on screen; they have no sound.
    if (code === 0x200c || code === 0x200d) continue;
    if (block) {
      if (wordBlock !== block) flush();
      wordBlock = block;
      word.push(code);
      continue;
    }
    flush();
    if (code >= 0x20 && code <= 0x7e) out += ch;
    else if (/\s/u.test(ch)) out += ' ';
    else if (PUNCTUATION[ch] !== undefined) out += PUNCTUATION[ch];
    else {
      // é → e: the letter without its accents, when it has a plain one.
      const bare = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += /^[\x20-\x7e]+$/.test(bare) ? bare : '?';
    }
  }
  flush();
  return out;
}
