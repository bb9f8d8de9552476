/** Contract validation at the edge: zod issues become the spec's `{message, errors}` 400. */
import type { z } from 'zod';
import { invalid } from '../errors.js';

export function fieldErrors(error: z.ZodError, root: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : root;
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** Parses one part of a request (path, query or body) with its contract schema. */
export function parsePart<T extends z.ZodType>(schema: T | undefined, value: unknown, root: string): z.output<T> | undefined {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error, root);
  throw invalid(`Invalid request: ${Object.keys(errors).join(', ')}`, errors);
}
