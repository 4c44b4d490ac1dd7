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

/**
 * The network an address belongs to, as the SMS budget weighs it: the /24 of an IPv4 address, the /48 of
 * an IPv6 one (an IPv4-mapped IPv6 address counts as its IPv4). One operator's addresses usually share
 * these; null when the text is not an address.
 */
export function networkOf(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (v4) {
    const parts = v4.slice(1, 5).map(Number);
    if (parts.some((p) => p > 255)) return null;
    return `${parts[0]}.${parts[1]}.${parts[2]}.0/24`;
  }
  const groups = expandIpv6(ip.split('%')[0]!);
  return groups ? `${groups.slice(0, 3).join(':')}::/48` : null;
}

/** The eight groups of an IPv6 address (without leading zeros), or null. */
function expandIpv6(text: string): string[] | null {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split('::').length > 2) return null;
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const part = (s: string | undefined) => (s ? s.split(':') : []);
  const left = part(head);
  const right = part(tail);
  // An embedded IPv4 tail stands for two groups.
  const last = right.length ? right : left;
  const v4 = last.at(-1)?.includes('.') ? /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(last.at(-1)!) : null;
  if (last.at(-1)?.includes('.')) {
    if (!v4) return null;
    const [a, b, c, d] = v4.slice(1, 5).map(Number) as [number, number, number, number];
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => parseInt(g, 16).toString(16));
}
