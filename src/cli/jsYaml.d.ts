// js-yaml ships no types of its own; these are the parts the batch reader uses.
declare module "js-yaml" {
  export interface LoadOptions {
    filename?: string;
    listener?: (event: "open" | "close", state: { line: number; position: number }) => void;
  }
  export function load(text: string, options?: LoadOptions): unknown;
  export class YAMLException extends Error {
    reason: string;
    mark?: { line: number; column: number };
  }
}
