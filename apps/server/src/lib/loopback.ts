/**
 * Requests from the server to itself (the payment simulator's notifications and status checks),
 * answered in-process by the app once it is bound, over the network before that. They pass
 * through the same middleware and routes as a request from outside.
 */
export function createLoopback() {
  let handler: ((request: Request) => Response | Promise<Response>) | null = null;
  return {
    bind: (h: (request: Request) => Response | Promise<Response>): void => {
      handler = h;
    },
    fetch: (input: string, init: RequestInit = {}): Promise<Response> => {
      if (!handler) return fetch(input, init);
      return Promise.resolve(handler(new Request(input, init)));
    },
  };
}
export type Loopback = ReturnType<typeof createLoopback>;
