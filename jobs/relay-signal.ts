/*
 * Wakes the relay as soon as a job is written instead of waiting for its next poll.
 * Kept on globalThis because the web server and the Remix bundle load separate copies.
 */
const key = Symbol.for("rueda.relay.kick");
type GlobalWithKick = typeof globalThis & { [key]?: () => void };

export function onRelayKick(listener: () => void) {
  (globalThis as GlobalWithKick)[key] = listener;
}

export function kickRelay() {
  const listener = (globalThis as GlobalWithKick)[key];
  // After the caller's transaction has had a moment to commit.
  if (listener) setTimeout(listener, 20);
}
