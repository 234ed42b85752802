// Writes packages/shared/src/route-table.ts and routes/<group>.ts from the route contracts
// (npm run contracts).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { renderRouteTable } from "../packages/shared/src/api";

const dir = fileURLToPath(new URL("../packages/shared/src/", import.meta.url));
fs.rmSync(path.join(dir, "routes"), { recursive: true, force: true });
for (const [file, source] of Object.entries(renderRouteTable())) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), source);
  process.stdout.write(`wrote ${file}\n`);
}
