/**
 * The proof of work a code request carries once a brand's SMS budget is half spent within the hour
 * (docs/decisions/004, "Under a flood"). The server signs a challenge; the client finds a counter such
 * that SHA-256(`challenge:counter`) starts with `difficulty` zero bits. Both sides hash with their own
 * SHA-256 (node:crypto, WebCrypto); the rule of what counts is here, once.
 */

/** The text hashed for a counter. */
export const proofInput = (challenge: string, counter: number): string => `${challenge}:${counter}`;

/** How many zero bits the hash starts with. */
export function leadingZeroBits(hash: Uint8Array): number {
  let bits = 0;
  for (const byte of hash) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** The counters a client tries before it gives up (2^26: far past any difficulty the server asks). */
export const PROOF_MAX_COUNTER = 2 ** 26;
