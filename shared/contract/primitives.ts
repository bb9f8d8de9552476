/**
 * The spec's field types, as zod building blocks. Every model in shared/models is written with
 * these so that "nullable string", "int32" or "dt" mean one thing everywhere.
 *
 * Requests are lenient where the spec says nothing: an absent field and `null` are both allowed
 * for every field the spec does not mark required, and unknown fields are dropped (zod's default
 * for z.object). Where the spec states a rule (required, pattern, max length) the model says so.
 */
import { z } from 'zod';
import { bounded, textField, type TextKind } from './lengths.js';

/**
 * The spec's default type: "Unless a type is stated, a field is a nullable string." Every one has
 * a length (lengths.ts): its kind's, `text` unless said.
 */
export const str = (max: TextKind | number = 'text') => bounded(max).nullish();

/** A string the spec marks required (minLength 1). */
export const reqStr = (max: TextKind | number = 'text') => bounded(max).trim().min(1, 'Required');

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

/** int32, nullable unless wrapped otherwise. */
export const int32 = () => z.number().int().min(INT32_MIN).max(INT32_MAX);
export const nint32 = () => int32().nullish();

/**
 * int64. JSON numbers are IEEE doubles, so we accept the safe-integer range only: a larger
 * value would already have been rounded by the client's JSON parser.
 */
export const int64 = () => z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
export const nint64 = () => int64().nullish();

/** double: amounts and other decimals. Money is integer paise inside the service; see money.ts. */
export const num = () => z.number().finite();
export const nnum = () => num().nullish();

export const bool = () => z.boolean();
export const nbool = () => z.boolean().nullish();

/**
 * ISO 8601 date-time. The spec's samples come from a .NET service that writes local
 * date-times without an offset ("2025-04-01T10:30:00"), so both forms are accepted; a plain
 * date ("2025-04-01") is accepted too, because counters type dates, not instants.
 */
const ISO_DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,7})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?)?$/;
export const dt = () =>
  bounded('date')
    .regex(ISO_DATE_TIME, 'Expected an ISO 8601 date-time')
    .refine((s) => !Number.isNaN(Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s)), 'Not a real date');
export const ndt = () => dt().nullish();

/** A response date-time: the service always writes full ISO strings. */
export const outDt = () => z.string();
export const noutDt = () => z.string().nullable();

/** An opaque `ENC_` identifier as it crosses the boundary. Its type is checked by the service. */
export const ENC_PREFIX = 'ENC_';
export const encId = () => bounded('id').startsWith(ENC_PREFIX, `Expected an ${ENC_PREFIX} identifier`);

/**
 * Build a lenient object whose every field is the spec's nullable string. The spec lists most
 * models as "these fields are strings"; this keeps such lists one line long and exact.
 */
export function strings<const K extends readonly string[]>(...keys: K) {
  return Object.fromEntries(keys.map((k) => [k, textField(k)])) as { [P in K[number]]: ReturnType<typeof str> };
}

/** Same for a run of fields that share one type builder. */
export function fields<const K extends readonly string[], T extends z.ZodType>(make: () => T, ...keys: K) {
  return Object.fromEntries(keys.map((k) => [k, make()])) as { [P in K[number]]: T };
}

/*
 * Query-string values arrive as text. These parse them into the declared type, and an
 * empty value counts as absent (a browser form sends `?yearId=`).
 */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * Where the spec declares an int64 id (in a query or path), the number is taken as declared, and
 * so is the ENC id of the same record: every answer hands out ENC ids only, so a client would
 * otherwise have no way to call these endpoints (docs/decisions.md, "Numeric ids").
 */
export const int64OrEnc = () =>
  z.union([
    bounded('id').startsWith(ENC_PREFIX).regex(/^ENC_[A-Za-z0-9_-]{22}$/, 'Not an ENC id'),
    z.coerce.number().pipe(int64()),
  ]);

export const qStr = (max: TextKind | number = 'id') => bounded(max).optional();
export const qInt32 = () => z.preprocess(emptyToUndefined, z.coerce.number().pipe(int32()).optional());
export const qInt64 = () => z.preprocess(emptyToUndefined, int64OrEnc().optional());
/* The default sits inside the preprocess so that OpenAPI shows the parameter as optional. */
export const qBool = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', 'True', 'False', '1', '0'])
      .prefault(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === 'True' || v === '1'),
  );

/** A query number with the spec's stated default (page 1, pageSize 20), applied to `''` as well. */
export const qInt32Or = (fallback: number) => z.preprocess(emptyToUndefined, z.coerce.number().pipe(int32()).default(fallback));

/** Query numbers the spec does not mark optional. */
export const qReqInt32 = () => z.preprocess(emptyToUndefined, z.coerce.number().pipe(int32()));
export const qReqInt64 = () => z.preprocess(emptyToUndefined, int64OrEnc());

/** An int64 path segment (the spec's few numeric path ids): text in the URL, a number after parsing. */
export const pathInt64 = () => int64OrEnc();

/** A non-empty path segment: ENC ids, order numbers, file names. */
export const pathStr = () => bounded('id').min(1);

/*
 * Response builders. A string the service always fills is z.string(); one that may be missing is
 * nullable, so a client cannot forget to handle the null.
 */
export const noutStr = () => z.string().nullable();
export const outNum = () => z.number();
export const noutNum = () => z.number().nullable();
export const outInt = () => z.number().int();
export const noutInt = () => z.number().int().nullable();

/**
 * A text field with a stated pattern that is still optional. An empty string counts as "not
 * given", as the .NET validators behind the spec treat it, so a counter form may send ''.
 */
export const optPattern = (pattern: RegExp, message: string, max: TextKind | number = 'text') =>
  bounded(max).regex(new RegExp(`^$|${pattern.source}`), message).nullish();
