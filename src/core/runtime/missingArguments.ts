import type { z } from "zod";

/**
 * zod's issues with a required argument that was not given said in words: "output: Invalid input:
 * expected string, received undefined" reads as if a value were wrong, while the caller left the
 * argument out — so name it as missing and say what it is, from the schema's own description.
 */
export function missingNamed<I extends { code: string; path: readonly PropertyKey[]; message: string }>(
  schema: z.ZodType,
  issues: readonly I[],
): I[] {
  const shape = (schema as { shape?: Record<string, { description?: string } | undefined> }).shape;
  return issues.map((issue) => {
    if (
      issue.code !== "invalid_type" ||
      issue.path.length !== 1 ||
      !/received undefined$/.test(issue.message)
    )
      return issue;
    const what = shape?.[String(issue.path[0])]?.description;
    return { ...issue, message: `required and not given${what ? ` (${what.replace(/\.$/, "")})` : ""}` };
  });
}
