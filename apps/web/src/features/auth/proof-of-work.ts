import { leadingZeroBits, PROOF_MAX_COUNTER, proofInput } from '@dasturxon/domain';

/**
 * Finds the counter a challenge of 428 CHALLENGE_REQUIRED asks for: SHA-256(`challenge:counter`) starting with
 * `difficulty` zero bits (packages/domain/src/proof-of-work.ts). WebCrypto one hash at a time: at the server's
 * default of 16 bits about 65,000 hashes, a second or two on a phone. Null when none is found below the limit.
 */
export async function solveChallenge(challenge: string, difficulty: number, subtle: SubtleCrypto = crypto.subtle): Promise<number | null> {
  const encoder = new TextEncoder();
  for (let counter = 0; counter < PROOF_MAX_COUNTER; counter++) {
    const hash = new Uint8Array(await subtle.digest('SHA-256', encoder.encode(proofInput(challenge, counter))));
    if (leadingZeroBits(hash) >= difficulty) return counter;
  }
  return null;
}
