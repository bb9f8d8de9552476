import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface SpecFields {
  statedCounts: Record<string, number>;
  models: Record<string, string[]>;
}

/** Field lists copied by hand from the spec, independent of the schemas under test. */
export const specFields = JSON.parse(readFileSync(path.join(repoRoot, 'test/fixtures/spec-fields.json'), 'utf8')) as SpecFields;

export function specModel(name: string): string[] {
  const keys = specFields.models[name];
  if (!keys) throw new Error(`No spec field list for ${name} in test/fixtures/spec-fields.json`);
  return keys;
}

/**
 * The spec's endpoint list: group, method, path per line, from the repository's own copy of the
 * spec's endpoints.tsv (test/fixtures/spec/), so a clone with nothing beside it runs every test.
 * When the spec changes, the copy is refreshed by hand (README, "Tests").
 */
export const SPEC_ENDPOINTS_COPY = path.join(repoRoot, 'test/fixtures/spec/endpoints.tsv');

export function specEndpoints(): { group: string; method: string; path: string }[] {
  const text = readFileSync(SPEC_ENDPOINTS_COPY, 'utf8');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [group = '', method = '', p = ''] = line.split('\t');
      return { group, method, path: p };
    });
}
