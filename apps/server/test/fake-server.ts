// Shared by the local fakes of the provider APIs (fake-*.ts).
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Starts `server` on a free 127.0.0.1 port: its base URL and a close that drops open sockets. */
export async function listenLocally(
  server: Server,
): Promise<{ endpoint: string; close: () => Promise<void> }> {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
