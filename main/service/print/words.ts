/**
 * An amount in words as an Indian tax invoice writes it: "One Lakh Twenty Three Thousand Four
 * Hundred Fifty Six Rupees And Fifty Paise Only" (to-words, en-IN: lakh and crore).
 */
import { ToWords } from 'to-words';

const toWords = new ToWords({
  localeCode: 'en-IN',
  converterOptions: { currency: true, ignoreDecimal: false, ignoreZeroCurrency: true, doNotAddOnly: false },
});

export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new Error(`Not an amount of paise: ${paise}`);
  // ignoreZeroCurrency drops "Zero Rupees And" before paise alone, and so says nothing for 0.
  if (paise === 0) return 'Zero Rupees Only';
  // Whole rupees and paise are handed over as a decimal the library reads back exactly
  // (two places), so no binary fraction can turn 0.29 into "Twenty Eight Paise".
  const value = Number(`${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`);
  return toWords.convert(value);
}
