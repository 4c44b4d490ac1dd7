/*
 * A client's network (issue 26, decision 010): the unit a guesser is limited by. One address is cheap to change
 * within what a guesser holds, a whole network is not: an IPv4 address's /24, an IPv6 address's /48 (what one site
 * is usually given). Pure text work, so the server and its tests share it.
 */

export interface ClientNetwork {
  /** The address in one spelling: IPv4 dotted, IPv6 as eight groups of four hex digits (an IPv4-mapped address as IPv4). */
  address: string;
  /** What every address of the network starts with in that spelling (`203.0.113.`, `2001:0db8:0001:`). */
  prefix: string;
  /** The network as people read it: `203.0.113.0/24`, `2001:db8:1::/48`. */
  label: string;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4(text: string): number[] | null {
  const m = IPV4.exec(text);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a trailing IPv4 part), or null. */
function ipv6(text: string): number[] | null {
  const bare = text.replace(/%.*$/, '').toLowerCase();
  if (!/^[0-9a-f:.]+$/.test(bare) || bare.split('::').length > 2) return null;
  const groupsOf = (side: string): number[] | null => {
    if (!side) return [];
    const out: number[] = [];
    const pieces = side.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = ipv4(piece);
        if (!v4) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const [head, tail] = bare.split('::') as [string, string | undefined];
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  if (!left || !right) return null;
  if (tail === undefined) return left.length === 8 ? left : null;
  const missing = 8 - left.length - right.length;
  return missing >= 1 ? [...left, ...Array<number>(missing).fill(0), ...right] : null;
}

/** The network of a client address; anything that is not an address is a network of its own. */
export function clientNetwork(address: string): ClientNetwork {
  const v4 = ipv4(address);
  const v6 = v4 ? null : ipv6(address);
  const mapped =
    v6 && v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff ? [v6[6]! >> 8, v6[6]! & 255, v6[7]! >> 8, v6[7]! & 255] : null;
  const four = v4 ?? mapped;
  if (four) {
    const head = four.slice(0, 3).join('.');
    return { address: four.join('.'), prefix: `${head}.`, label: `${head}.0/24` };
  }
  if (v6) {
    const hex = v6.map((g) => g.toString(16).padStart(4, '0'));
    return {
      address: hex.join(':'),
      prefix: `${hex.slice(0, 3).join(':')}:`,
      label: `${v6
        .slice(0, 3)
        .map((g) => g.toString(16))
        .join(':')}::/48`,
    };
  }
  return { address, prefix: address, label: address };
}

/**
 * The network of a client address as a CIDR (`203.0.113.0/24`, `2001:db8:1::/48`), or null when the text is not
 * an address: what the SMS budget weighs (decision 004) and PostgreSQL's `inet` reads.
 */
export function networkOf(address: string): string | null {
  const network = clientNetwork(address);
  return network.label.includes('/') ? network.label : null;
}
