/**
 * A doctor's name as typed at the counter (SaveSale's eyeInfoModel.doctorName), linked to a doctor
 * of the company when it names exactly one, else kept as the text typed.
 */
import type { RequestContext } from '../context.js';
import { invalid } from '../errors.js';
import { doctors } from '../store/doctor.js';
import { atMost, TEXT_MAX } from '../../../shared/contract/lengths.js';

export interface TypedDoctor {
  /** The company's active doctor the name matched, or null. */
  doctorId: number | null;
  /** The name as typed (spaces tidied) when no single doctor matched; null when linked or empty. */
  typedName: string | null;
}

const MAX_LENGTH = TEXT_MAX.longName;

/** Runs of spaces collapsed and trimmed: what is kept of a typed name. */
const tidy = (name: string) => name.replace(/\s+/g, ' ').trim();

/**
 * What two spellings of one name share: case, spaces and dots ignored, and the "Dr"/"Dr." title
 * too, since a counter types "dr anjali parikh" for the doctor saved as "Dr. Anjali Parikh".
 */
export const doctorNameKey = (name: string) =>
  tidy(name.toLowerCase().replace(/\./g, ' ')).replace(/^dr (?=\S)/, '');

/**
 * Matches among the company's active doctors only (the ones the doctors dropdown offers); two
 * active doctors of one name leave it ambiguous, so the text is kept rather than guessed.
 */
export function typedDoctor(ctx: RequestContext, typed: string | null | undefined, field: string): TypedDoctor {
  const name = tidy(typed ?? '');
  if (!name) return { doctorId: null, typedName: null };
  if (name.length > MAX_LENGTH) throw invalid('The doctor’s name is too long', { [field]: [atMost(MAX_LENGTH)] });
  const key = doctorNameKey(name);
  const matches = doctors(ctx.db)
    .activeNames(ctx.user.companyId)
    .filter((d) => doctorNameKey(d.name) === key);
  return matches.length === 1 ? { doctorId: matches[0]!.id, typedName: null } : { doctorId: null, typedName: name };
}
