// `npm run admin -- grant <email>`: make an existing user an admin. With the embedded database,
// stop the server first (PGlite allows one process per data folder).
import { runBuiltCli } from "./lib.mjs";

runBuiltCli("cli.js");
