import { homedir } from "node:os";

/**
 * What an audit must not carry out of the machine: absolute paths (the lake's, RADAR's state
 * folder's, the user's home) and anything shaped like an API key. Lake paths become relative, so
 * the exported SQL runs from the lake folder.
 */
export function redactor(lakeRoot: string, stateDir?: string): (text: string) => string {
  const home = homedir();
  const lake = lakeRoot.replace(/\/+$/, "");
  return (text) => {
    let out = text.split(`${lake}/`).join("").split(lake).join(".");
    if (stateDir) out = out.split(stateDir.replace(/\/+$/, "")).join("<radar-state>");
    if (home && home !== "/") out = out.split(home).join("~");
    return out
      .replace(/\b(sk|pk|rk)-[A-Za-z0-9_-]{12,}/g, "[redacted key]")
      .replace(/\b(Bearer\s+)[A-Za-z0-9._-]{12,}/g, "$1[redacted]");
  };
}
