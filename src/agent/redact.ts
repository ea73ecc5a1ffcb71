/**
 * Removes secrets from text bound for traces, logs and the model: the configured key itself and
 * anything shaped like a bearer token or an OpenAI-style key, since endpoints echo keys (masked or
 * not) in their error messages.
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 6) out = out.split(secret).join("[redacted]");
  return out
    .replace(/\bBearer\s+[^\s"',]+/gi, "Bearer [redacted]")
    .replace(/\bsk-[A-Za-z0-9_*-]{6,}/g, "[redacted]");
}
