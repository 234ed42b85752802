// Writes packages/shared/src/route-table.ts from the route contracts (npm run contracts).
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { renderRouteTable } from "../packages/shared/src/api";

const target = fileURLToPath(new URL("../packages/shared/src/route-table.ts", import.meta.url));
fs.writeFileSync(target, renderRouteTable());
process.stdout.write(`wrote ${target}\n`);
