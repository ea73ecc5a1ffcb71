import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Runtime } from "../../src/core/runtime.ts";
import { radarMcpServer } from "../../src/mcp/radarMcpServer.ts";
import { tempLake } from "../helpers/tempLake.ts";

// Issue 27: MCP resources list a family of files once (its members as a range), not one resource
// per member file; each member stays readable by its own URI.

const files: Record<string, string> = { "stations.csv": "station,latitude\nA,52.1\nB,52.3\n" };
for (let d = 1; d <= 12; d++) {
  const day = `2019-03-${String(d).padStart(2, "0")}`;
  if (d !== 7) files[`daily/${day}.csv`] = `time,level\n${day} 00:00,${d}\n${day} 12:00,${d + 1}\n`;
}
const { lake, stateDir } = tempLake(files);

describe("MCP resources of a lake with a family of dated files", () => {
  let runtime: Runtime;
  let client: Client;
  let close: () => Promise<void>;
  before(async () => {
    runtime = await Runtime.open(lake, { radarDir: stateDir, validate: false });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = radarMcpServer(Promise.resolve(runtime), { lakeRoot: lake });
    await server.connect(serverSide);
    client = new Client({ name: "test", version: "0" });
    await client.connect(clientSide);
    close = async () => {
      await client.close();
      await server.close();
    };
  });
  after(async () => {
    await close?.();
    runtime?.close();
  });

  test("one resource for the family, with its range and gap; none per member", async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    assert.ok(uris.includes("radar://sourcemap/stations.csv"));
    assert.ok(!uris.some((u) => u.startsWith("radar://sourcemap/daily")), uris.join("\n"));
    const family = resources.filter((r) => r.uri.startsWith("radar://family/"));
    assert.equal(family.length, 1, uris.join("\n"));
    assert.match(
      family[0]!.description ?? "",
      /family of 11 files daily\/\{date\}\.csv, date 2019-03-01…2019-03-12, missing 2019-03-07/,
    );

    const read = await client.readResource({ uri: family[0]!.uri });
    const content = JSON.parse((read.contents[0] as { text: string }).text) as {
      members: { path: string; rows?: number }[];
    };
    assert.equal(content.members.length, 11);
    assert.equal(content.members[0]?.path, "daily/2019-03-01.csv");
    assert.equal(content.members[0]?.rows, 2);
    const member = await client.readResource({ uri: "radar://sourcemap/daily%2F2019-03-01.csv" });
    assert.equal(
      (JSON.parse((member.contents[0] as { text: string }).text) as { path: string }).path,
      "daily/2019-03-01.csv",
    );
  });
});
