// Prints every user table of a Jet file as JSON: {"TABLE": [{"column": value, ...}, ...], ...}.
// Usage: node dump.mjs FILE.papi   (dates as ISO strings, binary data as hex)
import { readFileSync } from "node:fs";
import MDBReader from "mdb-reader";

const reader = new MDBReader(readFileSync(process.argv[2]));
const out = {};
for (const name of reader.getTableNames()) {
  out[name] = reader.getTable(name).getData().map((row) => {
    const clean = {};
    for (const [key, value] of Object.entries(row)) {
      if (value instanceof Date) clean[key] = value.toISOString();
      else if (value instanceof Uint8Array) clean[key] = Buffer.from(value).toString("hex");
      else clean[key] = value;
    }
    return clean;
  });
}
process.stdout.write(JSON.stringify(out));
