/** Types of build-if-changed.mjs, for the TypeScript that imports it (its unit test). */
export const FINGERPRINT_FILE: string;

export interface BuildTarget {
  /** Files or folders relative to the root; folders are walked whole, test files left out. */
  inputs: string[];
  /** The output folder; the fingerprint is kept in it. */
  out: string;
  /** Files that must exist for the output to count as built. */
  outputs: string[];
  /** The build: a binary in node_modules/.bin and its arguments. */
  command: string[];
  /** A second build step, run the same way once `command` succeeded. */
  then?: string[];
}

export const TARGETS: Record<'renderer' | 'main', BuildTarget>;

export function inputFiles(root: string, inputs: readonly string[]): string[];
export function fingerprint(root: string, inputs: readonly string[], extra?: readonly string[]): string;
export function upToDate(root: string, target: BuildTarget, print?: string): boolean;
export function buildIfChanged(
  name: string,
  options?: {
    root?: string;
    force?: boolean;
    log?: (line: string) => void;
    run?: (command: string, args: string[]) => number;
    targets?: Record<string, BuildTarget>;
  },
): 'reused' | 'built';
