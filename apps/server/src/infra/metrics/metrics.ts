import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type RegistryContentType,
} from "prom-client";

/** Figures read from the database when the metrics are scraped (every process sees them all). */
export interface MetricsSources {
  /** Background jobs by queue and state (pg-boss's table). */
  queueDepth(): Promise<{ queue: string; state: string; jobs: number }[]>;
  /** Payment orders by state and method (a method is unknown until the gateway says it). */
  paymentOrders(): Promise<{ state: string; method: string; orders: number }[]>;
}

/** How a generation ended, for the counters: its provider and model and how long it took. */
export interface GenerationEnd {
  provider: string;
  model: string;
  outcome: "succeeded" | "failed";
  seconds: number;
}

/**
 * What the server counts for an operator (docs/production.md, Metrics). Off (every call does
 * nothing, nothing is collected) unless METRICS_TOKEN is set; each process counts its own.
 */
export interface Metrics {
  readonly enabled: boolean;
  /** One answered HTTP request: its route pattern (never the raw path), method and status. */
  httpRequest(route: string, method: string, status: number, seconds: number): void;
  generationEnded(end: GenerationEnd): void;
  /** A Garansi Mirip verdict written with a result (ADR 038). */
  likenessVerdict(verdict: string): void;
  /** A refund of a payment order, by its reason (gateway, manual, gateway notification). */
  refund(reason: string): void;
  /** The Prometheus text exposition of this process's metrics. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

const DURATION_BUCKETS_HTTP = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DURATION_BUCKETS_GENERATION = [1, 2, 5, 10, 20, 30, 45, 60, 90, 120, 180, 300];

/**
 * A counter of some events and a histogram of how long each took, with the same labels: the
 * returned function counts one event and observes its duration together.
 */
function countedDuration<L extends string>(o: {
  total: { name: string; help: string };
  duration: { name: string; help: string };
  labelNames: readonly L[];
  buckets: number[];
  registers: Registry<RegistryContentType>[];
}): (labels: Record<L, string>, seconds: number) => void {
  const counter = new Counter({ ...o.total, labelNames: o.labelNames, registers: o.registers });
  const histogram = new Histogram({
    ...o.duration,
    labelNames: o.labelNames,
    buckets: o.buckets,
    registers: o.registers,
  });
  return (labels, seconds) => {
    counter.inc(labels);
    histogram.observe(labels, seconds);
  };
}

const OFF: Metrics = {
  enabled: false,
  httpRequest() {},
  generationEnded() {},
  likenessVerdict() {},
  refund() {},
  scrape: () => Promise.resolve({ contentType: "text/plain", body: "" }),
};

/**
 * prom-client with a registry of this process's own (never the module's global one: tests build
 * several servers in one process), the default process metrics (event-loop delay included) and
 * Rupa's counters. Gauges read from the database only when scraped.
 */
export function createMetrics(opts: { enabled: boolean; sources: MetricsSources }): Metrics {
  if (!opts.enabled) return OFF;
  const registry = new Registry<RegistryContentType>();
  collectDefaultMetrics({ register: registry, prefix: "rupa_" });
  const registers = [registry];

  const countHttpRequest = countedDuration({
    total: {
      name: "rupa_http_requests_total",
      help: "HTTP requests answered, by route pattern, method and status",
    },
    duration: {
      name: "rupa_http_request_duration_seconds",
      help: "Time to answer an HTTP request (until the handler returned its response)",
    },
    labelNames: ["route", "method", "status"] as const,
    buckets: DURATION_BUCKETS_HTTP,
    registers,
  });
  const countGeneration = countedDuration({
    total: {
      name: "rupa_generations_total",
      help: "Avatar generations ended in this process, by provider, model and outcome",
    },
    duration: {
      name: "rupa_generation_duration_seconds",
      help: "From a generation's first start to its end, by provider, model and outcome",
    },
    labelNames: ["provider", "model", "outcome"] as const,
    buckets: DURATION_BUCKETS_GENERATION,
    registers,
  });
  const likeness = new Counter({
    name: "rupa_likeness_verdicts_total",
    help: "Garansi Mirip verdicts written with results, by verdict",
    labelNames: ["verdict"] as const,
    registers,
  });
  const refunds = new Counter({
    name: "rupa_refunds_total",
    help: "Payment orders refunded, by reason",
    labelNames: ["reason"] as const,
    registers,
  });
  new Gauge({
    name: "rupa_queue_jobs",
    help: "Background jobs in the queue by job name and state (all processes)",
    labelNames: ["queue", "state"] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of await opts.sources.queueDepth())
        this.set({ queue: row.queue, state: row.state }, row.jobs);
    },
  });
  new Gauge({
    name: "rupa_payment_orders",
    help: "Payment orders by state and method (all processes)",
    labelNames: ["state", "method"] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of await opts.sources.paymentOrders())
        this.set({ state: row.state, method: row.method }, row.orders);
    },
  });

  return {
    enabled: true,
    httpRequest(route, method, status, seconds) {
      countHttpRequest({ route, method, status: String(status) }, seconds);
    },
    generationEnded(end) {
      countGeneration(
        { provider: end.provider, model: end.model, outcome: end.outcome },
        Math.max(0, end.seconds),
      );
    },
    likenessVerdict(verdict) {
      likeness.inc({ verdict });
    },
    refund(reason) {
      refunds.inc({ reason });
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
