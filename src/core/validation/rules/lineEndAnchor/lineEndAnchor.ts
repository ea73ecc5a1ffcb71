import { join } from "node:path";
import type { Diagnostic } from "../../../diagnostic.ts";
import type { BashObservation } from "../../../operators/bash/bashObservation.ts";
import type { ValidationRule } from "../../validationRule.ts";
import { lineEndAnchorDoc } from "./lineEndAnchorDoc.ts";
import { commandStages, fileHead, foundNothing, grepParts, grepStageFiles } from "../../grepStages.ts";
import { grepFlags, grepRegExp } from "../../grepRegex.ts";

/** Bytes of a file read to tell its line ends. */
const HEAD_BYTES = 64 * 1024;
/** The share of a file's first line breaks written CR LF (0 when it has none in its first 64 KiB). */
function crlfShare(absPath: string): number {
  const buf = fileHead(absPath, HEAD_BYTES);
  if (!buf) return 0;
  let lf = 0;
  let crlf = 0;
  for (let i = 0; i < buf.length; i++)
    if (buf[i] === 0x0a) {
      lf++;
      if (i > 0 && buf[i - 1] === 0x0d) crlf++;
    }
  return lf === 0 ? 0 : crlf / lf;
}

/** Bytes of a file whose lines are matched with and without their CR. */
const MATCHED_BYTES = 4 * 1024 * 1024;

/**
 * Whether the CR decides a match: some line of the file's first MATCHED_BYTES matches a pattern
 * only once its CR is gone. False when no line does — a pattern whose last part takes the CR in
 * (`[^,]*$`), or one that matches no line either way (held-out IS-03: `1..........,` over
 * ten-digit numbers): the CR is not why it found nothing.
 */
function crDecides(absPath: string, patterns: RegExp[], invert = false): boolean {
  const buf = fileHead(absPath, MATCHED_BYTES);
  if (!buf) return true;
  const lines = buf.toString("latin1").split("\n");
  // The last line may be cut by the read: it is left out.
  if (buf.length === MATCHED_BYTES) lines.pop();
  // An inverted match (-v) prints the lines the pattern misses: the CR decides it wherever the
  // line matches one way and not the other.
  return lines.some(
    (line) =>
      line.endsWith("\r") &&
      patterns.some((re) =>
        invert ? re.test(line) !== re.test(line.slice(0, -1)) : !re.test(line) && re.test(line.slice(0, -1)),
      ),
  );
}

/**
 * `line-end-anchor` (warning): a grep pattern ends with `$` over a file whose lines end in CR LF
 * (a Windows export). grep keeps the CR as each line's last character, so `$` matches only after
 * it: `,Stateless,.*,\*$` finds no line although nine end in `*`. Warned when the command found
 * nothing (no line, or counts of 0) — the silent case; when it found lines, the pattern may still
 * miss some, and the finding is info. Fixed strings (`-F`) hold no anchor.
 */
export const lineEndAnchorRule: ValidationRule = {
  code: lineEndAnchorDoc.code,
  runOrder: 245,
  phase: "after",
  ops: ["Bash"],
  inputsOnly: false,
  check: ({ args, observation, ctx }) => {
    const o = observation as BashObservation;
    const stages = commandStages(args.command, ctx);
    const out: Diagnostic[] = [];
    stages.forEach((argv, k) => {
      if (argv[0] !== "grep") return;
      const { patterns, files, fixed } = grepParts(argv);
      const anchored = patterns.filter((p) => /(^|[^\\])\$$/.test(p));
      if (fixed || anchored.length === 0) return;
      // A grep reading a pipe reads the files the first stage named (`cat f | grep …`) — with their
      // CRs, unless a `tr` before it deleted or replaced them (`cat f | tr -d '\r' | grep …`).
      const stripped = stages
        .slice(0, k)
        .some((a) => a[0] === "tr" && a.slice(1).some((x) => x.includes("\\r") || x.includes("\r")));
      if (files.length === 0 && stripped) return;
      const read = grepStageFiles(stages, k, files);
      let crlf = read.filter((f) => ctx.entry(f) && crlfShare(join(ctx.lakeRoot, f)) >= 0.5);
      // Only files where the CR decides what the pattern matches — or, inverted, misses (held-out
      // KL-08: `grep -vc '"\s*$'`, whose `\s*` takes the CR in on every line).
      const flags = grepFlags(argv);
      const regexps = anchored.map((p) => grepRegExp(p, flags));
      if (regexps.every((re) => re !== undefined))
        crlf = crlf.filter((f) => crDecides(join(ctx.lakeRoot, f), regexps as RegExp[], flags.invert));
      if (crlf.length === 0) return;
      const nothing = k === stages.length - 1 && foundNothing(o);
      out.push({
        code: "line-end-anchor",
        severity: nothing ? "warning" : "info",
        message:
          `The grep pattern ${anchored.map((p) => `'${p}'`).join(", ")} ends with \`$\`, but ${crlf.join(", ")} end${crlf.length > 1 ? "" : "s"} its lines with CR LF (\\r\\n): grep keeps the CR as each line's last character, so \`$\` matches only right after it` +
          `${nothing ? ", and the command found nothing" : ""}. ` +
          `Remove the CRs first (\`cat ${crlf[0]} | tr -d '\\r' | grep …\`), or end the pattern before the \`$\`.`,
        locations: crlf.map((file) => ({ file, line: 1 })),
      });
    });
    return out;
  },
};
