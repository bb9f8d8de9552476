/** Types of prerequisites.mjs, for the TypeScript that imports it (playwright.config.ts, the tests). */
export const DEFAULT_CHROMIUM: string;
export function chromiumPath(env?: NodeJS.ProcessEnv): string;
export const NEEDS: Record<'typecheck' | 'lint' | 'unit' | 'e2e', Array<'chromium' | 'poppler-utils'>>;
export function preflight(options?: {
  suites?: readonly string[];
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** The Node version to hold to package.json's engines; this process's by default. */
  node?: string;
}): Promise<string | null>;
