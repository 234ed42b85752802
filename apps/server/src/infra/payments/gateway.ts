import { createHmac } from "node:crypto";
import { createMidtransClient, type MidtransClient } from "./midtrans";

export type GatewayKind = "midtrans" | "simulator";

/** A payment gateway Rupa can sell through: a Midtrans client and the key that signs for it. */
export interface PaymentGateway {
  kind: GatewayKind;
  client: MidtransClient;
  /** Signs notifications (SHA512 with order id, status code and amount). */
  serverKey: string;
}

export interface GatewayOptions {
  midtrans?: {
    serverKey: string;
    isProduction: boolean;
    snapBaseUrl?: string;
    coreBaseUrl?: string;
  };
  /** Where the payment simulator answers (`${PUBLIC_URL}/pay`) and how to reach it. */
  simulator: {
    baseUrl: string;
    serverKey: string;
    fetch: (input: string, init: RequestInit) => Promise<Response>;
    /** Whether the simulator may stand in right now (outside production, or an operator's setting). */
    allowed: () => Promise<boolean>;
  };
}

/** The simulator's server key: derived from the app secret, so nobody configures it. */
export function simulatorServerKey(appSecret: string): string {
  return `SIM-${createHmac("sha256", appSecret).update("rupa-payment-simulator").digest("hex")}`;
}

/**
 * Which gateway sells: Midtrans when its server key is set, otherwise the payment simulator where
 * it is allowed, otherwise none ("payments are not configured"). An order remembers its gateway,
 * so its notifications are verified with the key that sold it.
 */
export function createPaymentGateways(opts: GatewayOptions) {
  const midtrans: PaymentGateway | null = opts.midtrans
    ? {
        kind: "midtrans",
        serverKey: opts.midtrans.serverKey,
        client: createMidtransClient(opts.midtrans),
      }
    : null;
  const simulator: PaymentGateway = {
    kind: "simulator",
    serverKey: opts.simulator.serverKey,
    client: createMidtransClient({
      serverKey: opts.simulator.serverKey,
      isProduction: false,
      snapBaseUrl: opts.simulator.baseUrl,
      coreBaseUrl: opts.simulator.baseUrl,
      fetch: opts.simulator.fetch,
    }),
  };

  async function byKind(kind: GatewayKind): Promise<PaymentGateway | null> {
    if (kind === "midtrans") return midtrans;
    return (await opts.simulator.allowed()) ? simulator : null;
  }

  return {
    /** The gateway new orders go to, or null when payments are not configured. */
    async active(): Promise<PaymentGateway | null> {
      return midtrans ?? (await byKind("simulator"));
    },
    byKind,
  };
}
export type PaymentGateways = ReturnType<typeof createPaymentGateways>;
