import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadingZeroBits, proofInput } from '@dasturxon/domain';
import { solveChallenge } from './proof-of-work.ts';

describe('solveChallenge', () => {
  it('finds a counter whose SHA-256 starts with the zero bits asked for, as the server counts them', async () => {
    const challenge = '1764201600000.10.00112233445566778899aabbccddeeff.0123456789abcdef0123456789abcdef';
    const counter = await solveChallenge(challenge, 10);
    expect(counter).not.toBeNull();
    expect(leadingZeroBits(createHash('sha256').update(proofInput(challenge, counter!)).digest())).toBeGreaterThanOrEqual(10);
    // The first such counter: none below it has the bits.
    for (let c = 0; c < counter!; c++)
      expect(leadingZeroBits(createHash('sha256').update(proofInput(challenge, c)).digest())).toBeLessThan(10);
  });
});
