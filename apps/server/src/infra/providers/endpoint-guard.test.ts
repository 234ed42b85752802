import { createServer, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally } from "../../../test/fake-server";
import {
  classifyAddress,
  createEndpointGuard,
  EndpointRefusedError,
  type Resolver,
} from "./endpoint-guard";
import { PROVIDER_HOSTS } from "./registry";

/** Names the tests resolve themselves: no DNS leaves the machine. */
const names: Record<string, string[]> = {
  "api.openai.com": ["104.18.7.192"],
  "poisoned.test": ["93.184.216.34", "127.0.0.1"],
  "ten.test": ["10.1.2.3"],
  "meta.test": ["169.254.169.254"],
  "v6meta.test": ["fd00:ec2::254"],
  "cgnat.test": ["100.64.0.7"],
  "proxy.internal": ["10.9.9.9"],
  "evil-proxy.internal": ["169.254.169.254"],
  "loop.test": ["127.0.0.1"],
};
const resolve: Resolver = (host) => {
  const list = names[host];
  if (!list) return Promise.reject(Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" }));
  return Promise.resolve(
    list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
  );
};

const prod = createEndpointGuard({
  production: true,
  providerHosts: PROVIDER_HOSTS,
  listedHosts: ["proxy.internal", "evil-proxy.internal", "gateway.example.com"],
  resolve,
});
const dev = createEndpointGuard({
  production: false,
  providerHosts: PROVIDER_HOSTS,
  listedHosts: [],
  resolve,
});

/** Every spelling of a loopback, private, link-local, unspecified or metadata address. */
const LOOPBACK_FORMS = [
  "http://127.0.0.1:8080",
  "http://127.1:8080",
  "http://2130706433:8080",
  "http://0x7f000001:8080",
  "http://0177.0.0.1:8080",
  "http://0x7f.0.0.1:8080",
  "http://[::1]:8080",
  "http://[::ffff:127.0.0.1]:8080",
  "http://[::ffff:7f00:1]:8080",
  "http://[0:0:0:0:0:ffff:127.0.0.1]:8080",
];
const NEVER_FORMS: [string, string][] = [
  ["http://169.254.169.254/latest/meta-data/", "metadata_address"],
  ["http://2852039166/", "metadata_address"],
  ["http://[::ffff:169.254.169.254]/", "metadata_address"],
  ["http://[::ffff:a9fe:a9fe]/", "metadata_address"],
  ["http://metadata.google.internal/computeMetadata/v1/", "metadata_address"],
  ["http://METADATA.google.internal./computeMetadata/v1/", "metadata_address"],
  ["http://[fd00:ec2::254]/", "metadata_address"],
  ["http://169.254.1.1/", "private_address"],
  ["http://[fe80::1]/", "private_address"],
  ["http://10.0.0.1/", "private_address"],
  ["http://172.16.5.4/", "private_address"],
  ["http://172.31.255.255/", "private_address"],
  ["http://192.168.1.1/", "private_address"],
  ["http://100.64.0.1/", "private_address"],
  ["http://100.127.255.254/", "private_address"],
  ["http://[fc00::1]/", "private_address"],
  ["http://[fdab:cdef::1]/", "private_address"],
  ["http://0.0.0.0/", "private_address"],
  ["http://0/", "private_address"],
  ["http://[::]/", "private_address"],
  ["http://[::ffff:10.0.0.1]/", "private_address"],
  ["http://[64:ff9b::a00:1]/", "private_address"],
  ["http://[2002:a00:1::]/", "private_address"],
  ["http://224.0.0.1/", "private_address"],
];

describe("classifyAddress", () => {
  it("sorts every form of address into its kind", () => {
    const cases: [string, string | null][] = [
      ["8.8.8.8", "public"],
      ["172.15.0.1", "public"],
      ["172.32.0.1", "public"],
      ["100.63.255.255", "public"],
      ["100.128.0.0", "public"],
      ["2606:4700::6810:7c0", "public"],
      ["127.0.0.1", "loopback"],
      ["127.255.255.254", "loopback"],
      ["::1", "loopback"],
      ["[::1]", "loopback"],
      ["::ffff:127.0.0.1", "loopback"],
      ["::ffff:7f00:1", "loopback"],
      ["10.0.0.1", "private"],
      ["172.16.0.1", "private"],
      ["192.168.0.1", "private"],
      ["100.64.0.1", "private"],
      ["fc00::1", "private"],
      ["fd12:3456::1", "private"],
      ["169.254.0.1", "link_local"],
      ["fe80::1", "link_local"],
      ["fe80::1%eth0", "link_local"],
      ["febf::1", "link_local"],
      ["0.0.0.0", "unspecified"],
      ["::", "unspecified"],
      ["169.254.169.254", "metadata"],
      ["::ffff:169.254.169.254", "metadata"],
      ["fd00:ec2::254", "metadata"],
      ["fd00:0ec2:0000::0254", "metadata"],
      ["224.0.0.1", "reserved"],
      ["255.255.255.255", "reserved"],
      ["ff02::1", "reserved"],
      ["api.openai.com", null],
      ["2130706433", null],
    ];
    for (const [ip, kind] of cases) expect(classifyAddress(ip), ip).toBe(kind);
  });
});

describe("endpoint guard in production", () => {
  it("takes the provider's own https hosts and the listed ones", async () => {
    for (const [provider, url] of [
      ["replicate", "https://api.replicate.com"],
      ["openai", "https://api.openai.com/v1"],
      ["huggingface", "https://router.huggingface.co"],
      ["kie_ai", "https://api.kie.ai"],
      ["kie_ai", "https://kieai.redpandaai.co"],
      ["openai", "https://API.OPENAI.COM./v1"],
      ["openai", "https://gateway.example.com"],
      ["replicate", "https://proxy.internal/replicate"],
    ] as const) {
      expect(prod.staticRefusal(provider, url), url).toBeNull();
    }
    expect(await prod.refusal("openai", "https://api.openai.com")).toBeNull();
    // A listed host may live on a private network: the operator said so.
    expect(await prod.refusal("replicate", "https://proxy.internal")).toBeNull();
  });

  it("refuses http, other providers' hosts and hosts nobody listed", () => {
    for (const [provider, url, reason] of [
      ["openai", "http://api.openai.com", "not_https"],
      ["openai", "http://gateway.example.com", "not_https"],
      ["openai", "https://api.replicate.com", "host_not_listed"],
      ["replicate", "https://api.replicate.com.evil.example", "host_not_listed"],
      ["replicate", "https://evil.example/api.replicate.com", "host_not_listed"],
      ["kie_ai", "https://localhost", "host_not_listed"],
      ["kie_ai", "ftp://api.kie.ai", "invalid_url"],
      ["kie_ai", "not a url", "invalid_url"],
    ] as const) {
      expect(prod.staticRefusal(provider, url)?.reason, url).toBe(reason);
    }
    // Plain http only to a listed loopback address: a proxy on the same machine.
    const sidecar = createEndpointGuard({
      production: true,
      providerHosts: PROVIDER_HOSTS,
      listedHosts: ["127.0.0.1"],
      resolve,
    });
    expect(sidecar.staticRefusal("openai", "http://127.0.0.1:8080")).toBeNull();
    expect(sidecar.staticRefusal("openai", "http://localhost:8080")?.reason).toBe("not_https");
    expect(sidecar.staticRefusal("openai", "http://[::1]:8080")?.reason).toBe("not_https");
  });

  it("refuses every loopback, private and metadata form, http or https", async () => {
    for (const form of [...LOOPBACK_FORMS, ...NEVER_FORMS.map(([u]) => u)]) {
      for (const url of [form, form.replace("http:", "https:")]) {
        const refused = await prod.refusal("replicate", url);
        expect(refused, url).toBeInstanceOf(EndpointRefusedError);
      }
    }
  });

  it("checks every address a name resolves to, listed hosts aside, metadata never", async () => {
    names["api.openai.com"] = ["104.18.7.192", "10.0.0.5"];
    try {
      expect((await prod.refusal("openai", "https://api.openai.com"))?.reason).toBe(
        "private_address",
      );
    } finally {
      names["api.openai.com"] = ["104.18.7.192"];
    }
    expect((await prod.refusal("openai", "https://evil-proxy.internal"))?.reason).toBe(
      "metadata_address",
    );
  });
});

describe("endpoint guard outside production", () => {
  it("allows loopback in every form (local fakes) and http", async () => {
    for (const url of [...LOOPBACK_FORMS, "http://localhost:3000", "http://loop.test"]) {
      expect(await dev.refusal("openai", url), url).toBeNull();
    }
    expect(await dev.refusal("openai", "https://api.openai.com")).toBeNull();
  });

  it("still refuses metadata, link-local, private and unspecified addresses", async () => {
    for (const [url, reason] of NEVER_FORMS) {
      expect((await dev.refusal("openai", url))?.reason, url).toBe(reason);
    }
    for (const [url, reason] of [
      ["http://meta.test", "metadata_address"],
      ["http://v6meta.test", "metadata_address"],
      ["http://ten.test", "private_address"],
      ["http://cgnat.test", "private_address"],
      ["http://poisoned.test", null],
    ] as const) {
      expect((await dev.refusal("openai", url))?.reason ?? null, url).toBe(reason);
    }
  });

  it("does not refuse a name that does not resolve (the call fails as unreachable)", async () => {
    expect(await dev.refusal("openai", "http://nowhere.test")).toBeNull();
  });
});

describe("endpoint guard on the wire", () => {
  const seen: { listener: string; url: string; auth?: string }[] = [];
  const record = (listener: string) => (req: IncomingMessage) =>
    seen.push({ listener, url: req.url ?? "", auth: req.headers.authorization });
  let target: Awaited<ReturnType<typeof listenLocally>>;
  let redirector: Awaited<ReturnType<typeof listenLocally>>;
  beforeAll(async () => {
    target = await listenLocally(
      createServer((req, res) => {
        record("target")(req);
        req.resume();
        res.end("ok");
      }),
    );
    redirector = await listenLocally(
      createServer((req, res) => {
        record("redirector")(req);
        req.resume();
        const to = req.url === "/to-metadata" ? "http://169.254.169.254/" : target.endpoint;
        res.writeHead(302, { location: `${to}/stolen` }).end();
      }),
    );
  });
  afterAll(async () => {
    await target.close();
    await redirector.close();
  });
  const key = { authorization: "Bearer sk-secret" };

  it("refuses a redirect, with or without a body: the redirect's target receives nothing", async () => {
    seen.length = 0;
    const get = dev.fetchWithKey("openai", `${redirector.endpoint}/v1/models`, { headers: key });
    await expect(get).rejects.toMatchObject({ reason: "redirect" });
    const post = dev.fetchWithKey("openai", `${redirector.endpoint}/v1/images/edits`, {
      method: "POST",
      headers: key,
      body: JSON.stringify({ prompt: "x" }),
    });
    await expect(post).rejects.toMatchObject({ reason: "redirect" });
    expect(seen.filter((s) => s.listener === "target")).toEqual([]);
    expect(seen.filter((s) => s.listener === "redirector")).toHaveLength(2);
  });

  it("checks the address when connecting: a name that changes its answer meets the same rules", async () => {
    seen.length = 0;
    // The first answer passes the check, the one at connect time is a metadata address.
    const answers = [["127.0.0.1"], ["169.254.169.254"]];
    const rebinding = createEndpointGuard({
      production: false,
      providerHosts: PROVIDER_HOSTS,
      listedHosts: [],
      resolve: () =>
        Promise.resolve(
          (answers.shift() ?? ["169.254.169.254"]).map((a) => ({ address: a, family: 4 })),
        ),
    });
    const port = new URL(target.endpoint).port;
    expect(await rebinding.refusal("openai", `http://rebind.test:${port}`)).toBeNull();
    await expect(
      rebinding.fetchWithKey("openai", `http://rebind.test:${port}/v1/models`, { headers: key }),
    ).rejects.toMatchObject({ reason: "metadata_address" });
    expect(seen).toEqual([]);
    await rebinding.close();
  });

  it("refuses an address literal before connecting, and lets a good one through", async () => {
    seen.length = 0;
    await expect(
      dev.fetchWithKey("openai", "http://[::ffff:a9fe:a9fe]/", { headers: key }),
    ).rejects.toBeInstanceOf(EndpointRefusedError);
    const res = await dev.fetchWithKey("openai", `${target.endpoint}/v1/models`, { headers: key });
    expect(await res.text()).toBe("ok");
    expect(seen).toEqual([{ listener: "target", url: "/v1/models", auth: "Bearer sk-secret" }]);
  });

  it("follows an output link's redirect (no key) only to an address the rules allow", async () => {
    seen.length = 0;
    const res = await dev.fetchOutput(`${redirector.endpoint}/out.png`, {});
    expect(await res.text()).toBe("ok");
    await expect(dev.fetchOutput(`${redirector.endpoint}/to-metadata`, {})).rejects.toMatchObject({
      reason: "metadata_address",
    });
    expect(seen.map((s) => s.url)).toEqual(["/out.png", "/stolen", "/to-metadata"]);
  });
});
