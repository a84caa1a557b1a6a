import { hash, verify } from "@node-rs/argon2";

/** OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane. */
/** Argon2id (the package's const enum value 2, which isolated modules cannot import). */
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
