import { randomBytes, scrypt } from "node:crypto";

/**
 * Password hashing as better-auth does it (`@better-auth/utils/password`: scrypt, "salt:key" in
 * hex, r 16, p 1, 64-byte key, the password NFKC-normalised), with its cost chosen here: N 16384
 * (32 MB and 50-100 ms a hash) everywhere but under NODE_ENV=test, where it is 1024 (ADR 039).
 * The test suite and the journeys' server sign up and sign in hundreds of accounts on 2 cores:
 * the full cost made about a third of the auth tests' time. The cost is not a setting: no
 * configuration can weaken a running server's hashes.
 */
export function passwordHashing(nodeEnv: string) {
  const N = nodeEnv === "test" ? 1024 : 16384;
  const r = 16;
  const key = (password: string, salt: string) =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(
        password.normalize("NFKC"),
        salt,
        64,
        { N, r, p: 1, maxmem: 128 * N * r * 2 },
        (err, derived) => (err ? reject(err) : resolve(derived)),
      ),
    );
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16).toString("hex");
      return `${salt}:${(await key(password, salt)).toString("hex")}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const [salt, stored] = hash.split(":");
      if (!salt || !stored) throw new Error("Invalid password hash");
      return (await key(password, salt)).toString("hex") === stored;
    },
  };
}
