import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { blankComments, commentBlanker } from "../../src/core/sourceMap/readers/commentFreeCopy.ts";

/** The streaming transform's output for `text` fed in chunks of `size` bytes. */
async function streamed(
  text: string,
  prefix: string,
  quote: string | undefined,
  size: number,
): Promise<string> {
  const blanker = commentBlanker(Buffer.from(prefix), quote ? quote.charCodeAt(0) : undefined);
  const out: Buffer[] = [];
  blanker.on("data", (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => blanker.on("end", resolve));
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) blanker.write(bytes.subarray(i, i + size));
  blanker.end();
  await done;
  return Buffer.concat(out).toString();
}

const CASES: { text: string; prefix: string; quote?: string; expected: string }[] = [
  {
    text: "# title\na;b\n# note\n1;x#y\n  # indented\n2;z\n",
    prefix: "#",
    quote: '"',
    expected: "\na;b\n\n1;x#y\n\n2;z\n",
  },
  {
    // A quoted field spanning lines: its second line starts with the prefix but is data.
    text: 'id,text\r\n1,"first\r\n# still the cell"\r\n// comment\r\n2,b\r\n',
    prefix: "#",
    quote: '"',
    expected: 'id,text\r\n1,"first\r\n# still the cell"\r\n// comment\r\n2,b\r\n',
  },
  {
    text: "// generated\n  //x\n/ not\n2024 1 2\n",
    prefix: "//",
    expected: "\n\n/ not\n2024 1 2\n",
  },
];

describe("comment lines emptied, line breaks kept", () => {
  test("the in-memory and the streaming blanking agree, whatever the chunk size", async () => {
    for (const c of CASES) {
      assert.equal(blankComments(c.text, c.prefix, c.quote), c.expected, c.text);
      for (const size of [1, 2, 3, 7, 1024])
        assert.equal(await streamed(c.text, c.prefix, c.quote, size), c.expected, `${c.text} @${size}`);
    }
  });
});
