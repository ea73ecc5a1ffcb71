import { execFileSync } from "node:child_process";

/**
 * bzip2 bytes made by the reference compressor (libbzip2, through python3's bz2 module; python3 is
 * on every test machine), so RADAR's own decoder is tested against files it did not write.
 * `streams` > 1 writes the content as that many concatenated streams (what pbzip2 writes).
 */
export function pythonBzip2(data: string | Buffer, level = 9, streams = 1): Buffer {
  const script = [
    "import bz2, sys",
    "data = sys.stdin.buffer.read()",
    "level, streams = int(sys.argv[1]), int(sys.argv[2])",
    "step = -(-len(data) // streams) if data else 1",
    "parts = [data[i:i + step] for i in range(0, max(len(data), 1), step)] if streams > 1 else [data]",
    "sys.stdout.buffer.write(b''.join(bz2.compress(p, level) for p in parts))",
  ].join("\n");
  return execFileSync("python3", ["-c", script, String(level), String(streams)], {
    input: typeof data === "string" ? Buffer.from(data) : data,
    maxBuffer: 1 << 28,
  });
}
