/**
 * An amount in words as an Indian tax invoice writes it: "One Lakh Twenty Three Thousand Four
 * Hundred Fifty Six Rupees And Fifty Paise Only" (to-words, en-IN: lakh and crore).
 */
import { createRequire } from 'node:module';
import type { ToWords } from 'to-words';

/** to-words (every locale) takes about 80 ms to load: loaded at the first amount in words, not at start-up. */
let converter: ToWords | undefined;
function toWords(): ToWords {
  if (!converter) {
    const { ToWords: Converter } = createRequire(import.meta.url)('to-words') as { ToWords: typeof ToWords };
    converter = new Converter({
      localeCode: 'en-IN',
      converterOptions: { currency: true, ignoreDecimal: false, ignoreZeroCurrency: true, doNotAddOnly: false },
    });
  }
  return converter;
}

export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new Error(`Not an amount of paise: ${paise}`);
  // ignoreZeroCurrency drops "Zero Rupees And" before paise alone, and so says nothing for 0.
  if (paise === 0) return 'Zero Rupees Only';
  // Whole rupees and paise are handed over as a decimal the library reads back exactly
  // (two places), so no binary fraction can turn 0.29 into "Twenty Eight Paise".
  const value = Number(`${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`);
  return toWords().convert(value);
}
