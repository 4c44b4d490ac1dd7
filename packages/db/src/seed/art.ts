/**
 * Flat food drawings for the demo, as SVG markup on a 240 x 240 canvas. Pictures cannot be
 * downloaded where the demo is built, so every picture is drawn here from a few shapes; colour
 * options give each product its own look while the files stay around a kilobyte.
 *
 * Only plain shapes, paths, linear gradients and clip paths are used, so the image service
 * (librsvg through sharp) and every browser draw them alike.
 */

export type Art =
  | {
      kind: 'burger';
      bun?: string;
      patty?: string;
      patties?: number;
      cheese?: boolean;
      lettuce?: boolean;
      tomato?: boolean;
      onion?: boolean;
      seeds?: boolean;
      sauce?: string;
    }
  | { kind: 'wrap'; wrap?: string; sleeve: string; filling?: string[]; grill?: boolean }
  | { kind: 'fries'; box: string; style?: 'fries' | 'wedges'; large?: boolean }
  | { kind: 'rings'; tray: string; style: 'onion' | 'sticks' }
  | { kind: 'chicken'; style: 'strips' | 'wings' | 'drumsticks' | 'nuggets' | 'popcorn'; tray: string; spicy?: boolean }
  | { kind: 'bucket'; stripe: string; pieces: 'drumsticks' | 'strips' | 'wings' | 'mix'; spicy?: boolean }
  | {
      kind: 'cold';
      liquid: string;
      style?: 'cup' | 'glass' | 'shake' | 'bottle';
      band?: string;
      garnish?: 'lemon' | 'mint' | 'berry' | 'orange';
    }
  | { kind: 'hot'; liquid: string; cup?: string; foam?: boolean; lemon?: boolean }
  | { kind: 'tea'; liquid: string; pattern?: string; lemon?: boolean }
  | { kind: 'cake'; layers: string[]; top: string; topping?: 'berry' | 'crumbs' | 'cherry' | 'nuts' }
  | { kind: 'icecream'; scoops: string[]; style: 'cone' | 'sundae'; sauce?: string }
  | { kind: 'pie'; crust?: string; filling?: string }
  | { kind: 'salad'; bowl: string; extras: SaladExtra[] }
  | { kind: 'sauce'; sauce: string; cup?: string }
  | { kind: 'combo'; items: [Art, Art, Art] }
  | { kind: 'somsa'; crust?: string; count?: 1 | 2; filling?: string }
  | { kind: 'plov'; extras?: ('egg' | 'qazi' | 'garlic')[] }
  | { kind: 'bowl'; style: 'lagman' | 'shorva' | 'nisholda'; pattern?: string }
  | { kind: 'manti' }
  | { kind: 'chakchak' }
  | { kind: 'skewer' }
  | { kind: 'bread' }
  | { kind: 'corn'; cup: string };

export type SaladExtra = 'tomato' | 'cucumber' | 'cheese' | 'chicken' | 'crouton' | 'olive' | 'cabbage' | 'carrot' | 'onion';

/** Mixes a #RRGGBB colour towards black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  const mix = (c: number) => Math.round(c + (target - c) * t);
  const [r, g, b] = [mix((n >> 16) & 255), mix((n >> 8) & 255), mix(n & 255)];
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1).toUpperCase()}`;
}

const f = (n: number) => String(Math.round(n * 10) / 10);
const shadow = (rx = 84, cy = 202) => `<ellipse cx="120" cy="${cy}" rx="${rx}" ry="9" fill="#000" fill-opacity=".13"/>`;
const plate = (cy = 186, rx = 100, fill = '#FFFFFF', rim = '#E6E1DA') =>
  `<ellipse cx="120" cy="${cy}" rx="${rx}" ry="${f(rx * 0.2)}" fill="${fill}" stroke="${rim}" stroke-width="3"/>`;
const dots = (points: [number, number][], r: number, fill: string) =>
  points.map(([x, y]) => `<circle cx="${f(x)}" cy="${f(y)}" r="${r}" fill="${fill}"/>`).join('');
const place = (x: number, y: number, angle: number, body: string) =>
  `<g transform="translate(${f(x)} ${f(y)}) rotate(${angle})">${body}</g>`;

function burger(a: Extract<Art, { kind: 'burger' }>): string {
  const bun = a.bun ?? '#E9A23B';
  const patty = a.patty ?? '#6B3A1E';
  const out = [shadow(86), `<rect x="42" y="170" width="156" height="28" rx="14" fill="${bun}"/>`];
  let y = 174;
  if (a.sauce) {
    out.push(`<rect x="44" y="${y - 6}" width="152" height="8" rx="4" fill="${a.sauce}"/>`);
    y -= 4;
  }
  for (let i = 0; i < (a.patties ?? 1); i++) {
    out.push(`<rect x="36" y="${y - 24}" width="168" height="26" rx="13" fill="${patty}"/>`);
    out.push(
      dots(
        [
          [70, y - 12],
          [112, y - 8],
          [160, y - 14],
        ],
        2.5,
        shade(patty, -0.3),
      ),
    );
    y -= 22;
    if (a.cheese) {
      out.push(`<path d="M34 ${y}h172l-16 16-14-10-16 14-14-11-16 13-14-10-16 12-16-10-14 12z" fill="#FFC62F"/>`);
      y -= 4;
    }
  }
  if (a.tomato) {
    out.push(`<rect x="46" y="${y - 10}" width="148" height="13" rx="6" fill="#E5483B"/>`);
    y -= 9;
  }
  if (a.onion) {
    out.push(`<path d="M52 ${y}h136" stroke="#F2E6F0" stroke-width="6" stroke-linecap="round" stroke-dasharray="18 8"/>`);
    y -= 4;
  }
  if (a.lettuce ?? true) {
    out.push(`<path d="M30 ${y + 4}${'q10-12 20 0'.repeat(9)}v7H30z" fill="#58B947"/>`);
    y -= 8;
  }
  out.push(`<path d="M38 ${y + 6}c0-46 36-72 82-72s82 26 82 72z" fill="${bun}"/>`);
  out.push(`<path d="M72 ${y - 30}q18-20 46-22" stroke="#FFF" stroke-opacity=".4" stroke-width="7" stroke-linecap="round" fill="none"/>`);
  if (a.seeds ?? true) {
    const seeds: [number, number][] = [
      [88, -42],
      [110, -52],
      [132, -46],
      [154, -34],
      [168, -18],
      [118, -26],
      [96, -16],
      [142, -12],
      [74, -20],
    ];
    out.push(seeds.map(([x, dy]) => `<ellipse cx="${x}" cy="${y + dy}" rx="4" ry="2.4" fill="#FFF3D6"/>`).join(''));
  }
  return out.join('');
}

function wrap(a: Extract<Art, { kind: 'wrap' }>): string {
  const w = a.wrap ?? '#F1D29A';
  const d = shade(w, -0.2);
  const [f1 = '#58B947', f2 = '#E5483B', f3 = '#8A4B24'] = a.filling ?? [];
  const grill = a.grill
    ? [104, 128, 152].map((x) => `<path d="M${x} 104l-10 54" stroke="${d}" stroke-width="5" stroke-linecap="round"/>`).join('')
    : '';
  return (
    shadow(80) +
    `<g transform="rotate(-24 120 130)"><rect x="30" y="98" width="170" height="66" rx="33" fill="${w}"/>${grill}` +
    `<ellipse cx="196" cy="131" rx="16" ry="33" fill="${d}"/><circle cx="195" cy="116" r="10" fill="${f1}"/>` +
    `<circle cx="197" cy="133" r="10" fill="${f2}"/><circle cx="194" cy="149" r="9" fill="${f3}"/>` +
    `<path d="M30 131a33 33 0 0 1 33-33h45v66H63a33 33 0 0 1-33-33z" fill="${a.sleeve}"/>` +
    `<path d="M96 98v66" stroke="#FFF" stroke-opacity=".5" stroke-width="4"/></g>`
  );
}

function fries(a: Extract<Art, { kind: 'fries' }>): string {
  const big = a.large ? 6 : 0;
  const sticks: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = 74 + i * 11 - big / 2;
    const top = 50 - big + (i % 3) * 10;
    const angle = ((i % 4) - 1.5) * 4;
    sticks.push(
      a.style === 'wedges'
        ? `<path d="M${x} ${top + 14}l12-8 4 92h-16z" fill="#E8A93A" stroke="#B8741E" stroke-width="2" transform="rotate(${angle} ${x} 150)"/>`
        : `<rect x="${x}" y="${top}" width="11" height="96" rx="3" fill="#F7C948" stroke="#E3A72F" stroke-width="2" transform="rotate(${angle} ${x} 150)"/>`,
    );
  }
  const l = 64 - big;
  const r = 176 + big;
  return (
    shadow(66) +
    sticks.join('') +
    `<path d="M${l} ${110 - big}h${r - l}l-14 ${88 + big}H${l + 14}z" fill="${a.box}"/>` +
    `<path d="M${l} ${110 - big}h${r - l}l-2 10H${l + 2}z" fill="${shade(a.box, 0.2)}"/>` +
    `<circle cx="120" cy="156" r="18" fill="#FFF" fill-opacity=".9"/><circle cx="120" cy="156" r="9" fill="${a.box}"/>`
  );
}

function rings(a: Extract<Art, { kind: 'rings' }>): string {
  const pieces =
    a.style === 'onion'
      ? [
          [88, 124],
          [128, 112],
          [158, 132],
          [108, 140],
        ]
          .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="26" ry="20" fill="none" stroke="#E9B04A" stroke-width="12"/>`)
          .join('')
      : [
          [84, 118, -30],
          [112, 112, -12],
          [140, 116, 10],
          [164, 126, 28],
        ]
          .map(([x = 0, y = 0, r = 0]) =>
            place(
              x,
              y,
              r,
              '<rect x="-9" y="-38" width="18" height="70" rx="9" fill="#D98B2B"/><rect x="-7" y="-44" width="14" height="14" rx="7" fill="#FFF1B8"/>',
            ),
          )
          .join('');
  return (
    shadow(80) +
    pieces +
    `<path d="M40 146h160l-14 50H54z" fill="${a.tray}"/><path d="M40 146h160l-2 8H42z" fill="${shade(a.tray, 0.25)}"/>`
  );
}

const crumbs = (color: string) =>
  dots(
    [
      [-14, -4],
      [6, 4],
      [18, -6],
      [-4, 8],
    ],
    2.2,
    shade(color, -0.3),
  );
const drumstick = (crust: string) =>
  '<g fill="#FFFDF7" stroke="#D8C7AC" stroke-width="2"><circle cx="-7" cy="52" r="8"/><circle cx="7" cy="52" r="8"/><rect x="-6" y="16" width="12" height="38" rx="6"/></g>' +
  `<path d="M0-42c26 0 34 30 22 50-6 10-14 14-22 14s-16-4-22-14C-34-12-26-42 0-42z" fill="${crust}"/>${crumbs(crust)}`;
const strip = (crust: string) =>
  `<path d="M-40-11c10-6 30-6 42-2s30 2 38 4c6 4 6 14 0 18-8 4-24 2-38 4s-32 4-42-2c-6-6-6-16 0-22z" fill="${crust}"/>${crumbs(crust)}`;
const wing = (crust: string) =>
  `<path d="M-30 0c0-16 14-24 30-22 12 2 16 10 28 10 10 0 14 8 10 16-6 10-20 10-34 12-18 4-34 2-34-16z" fill="${crust}"/>${crumbs(crust)}`;
const nugget = (crust: string) =>
  `<path d="M-18-12c10-6 28-4 32 6 4 10 0 20-10 22-12 2-22 0-26-8s-4-16 4-20z" fill="${crust}"/>${crumbs(crust)}`;

function chicken(a: Extract<Art, { kind: 'chicken' }>): string {
  const crust = a.spicy ? '#B8461F' : '#C9782E';
  const layouts: Record<typeof a.style, [number, number, number, (c: string) => string][]> = {
    strips: [
      [90, 118, -20, strip],
      [130, 110, 10, strip],
      [118, 138, -4, strip],
    ],
    wings: [
      [84, 124, -10, wing],
      [136, 116, 14, wing],
      [112, 140, 4, wing],
    ],
    drumsticks: [
      [96, 108, 160, drumstick],
      [148, 106, -160, drumstick],
      [122, 116, 180, drumstick],
    ],
    nuggets: [
      [86, 132, -10, nugget],
      [122, 122, 20, nugget],
      [156, 134, -30, nugget],
      [104, 146, 40, nugget],
      [142, 148, 0, nugget],
    ],
    popcorn: [
      [92, 126, 0, nugget],
      [122, 116, 60, nugget],
      [150, 128, 20, nugget],
      [108, 144, -40, nugget],
      [140, 146, 90, nugget],
    ],
  };
  const pieces = layouts[a.style].map(([x, y, r, draw]) => place(x, y, r, draw(crust))).join('');
  return (
    shadow(82) +
    pieces +
    `<path d="M40 150h160l-14 46H54z" fill="${a.tray}"/><path d="M40 150h160l-2 8H42z" fill="${shade(a.tray, 0.25)}"/>`
  );
}

function bucket(a: Extract<Art, { kind: 'bucket' }>): string {
  const crust = a.spicy ? '#B8461F' : '#C9782E';
  const tops: Record<typeof a.pieces, string> = {
    drumsticks: [place(86, 86, -24, drumstick(crust)), place(154, 84, 22, drumstick(crust)), place(120, 74, 0, drumstick(crust))].join(''),
    strips: [place(92, 90, -60, strip(crust)), place(148, 88, 60, strip(crust)), place(120, 80, -86, strip(crust))].join(''),
    wings: [place(92, 92, -20, wing(crust)), place(146, 90, 20, wing(crust)), place(118, 78, 0, wing(crust))].join(''),
    mix: [place(88, 86, -24, drumstick(crust)), place(150, 90, 60, strip(crust)), place(120, 82, 0, wing(crust))].join(''),
  };
  // Stripes are cut from the bucket's trapezoid so they follow its slant.
  const stripes: string[] = [];
  const xAt = (t: number, y: number) => {
    const k = (y - 104) / 94;
    const left = 60 + 16 * k;
    const right = 180 - 16 * k;
    return left + (right - left) * t;
  };
  for (let i = 0; i < 5; i += 2) {
    const t0 = i / 5;
    const t1 = (i + 1) / 5;
    stripes.push(`<path d="M${f(xAt(t0, 104))} 104H${f(xAt(t1, 104))}L${f(xAt(t1, 198))} 198H${f(xAt(t0, 198))}z" fill="${a.stripe}"/>`);
  }
  return (
    shadow(72) +
    tops[a.pieces] +
    `<path d="M60 104h120l-16 94H76z" fill="#FFF"/>${stripes.join('')}` +
    `<rect x="54" y="98" width="132" height="14" rx="7" fill="${shade(a.stripe, -0.15)}"/>`
  );
}

function cold(a: Extract<Art, { kind: 'cold' }>): string {
  const band = a.band ?? shade(a.liquid, -0.1);
  if (a.style === 'bottle') {
    return (
      shadow(44) +
      `<rect x="88" y="68" width="64" height="132" rx="20" fill="${a.liquid}" fill-opacity=".55" stroke="#9CC9DD" stroke-width="3"/>` +
      `<path d="M104 68V52h32v16" fill="#DDF0F7" stroke="#9CC9DD" stroke-width="3"/><rect x="100" y="36" width="40" height="18" rx="4" fill="${band}"/>` +
      `<rect x="88" y="120" width="64" height="36" fill="${band}"/><path d="M100 80v30" stroke="#FFF" stroke-opacity=".7" stroke-width="6" stroke-linecap="round"/>`
    );
  }
  if (a.style === 'cup' || a.style === undefined) {
    return (
      shadow(56) +
      `<rect x="126" y="18" width="10" height="58" rx="3" fill="${band}" transform="rotate(12 131 76)"/>` +
      `<path d="M74 78h92l-10 120H84z" fill="#FFF" stroke="#E3E3E3" stroke-width="2"/>` +
      `<path d="M77.3 118h85.4l-3.3 40H80.6z" fill="${band}"/><circle cx="120" cy="138" r="13" fill="${a.liquid}" stroke="#FFF" stroke-width="3"/>` +
      `<rect x="68" y="66" width="104" height="16" rx="8" fill="#F1F1F1" stroke="#DDD" stroke-width="2"/>`
    );
  }
  const garnishes: Record<NonNullable<typeof a.garnish>, string> = {
    lemon:
      '<circle cx="160" cy="74" r="18" fill="#FFE14D" stroke="#F2C200" stroke-width="3"/><path d="M160 60v28M146 74h28M150 64l20 20M170 64l-20 20" stroke="#FFF6B0" stroke-width="2"/>',
    orange:
      '<circle cx="160" cy="74" r="18" fill="#FFA53A" stroke="#F07F00" stroke-width="3"/><path d="M160 60v28M146 74h28M150 64l20 20M170 64l-20 20" stroke="#FFD9A8" stroke-width="2"/>',
    mint: '<path d="M150 70c4-14 18-18 26-12-4 12-14 18-26 12zM146 70c-10-10-8-22 2-26 6 10 6 20-2 26z" fill="#3DAA5C"/>',
    berry:
      '<path d="M146 62c10-6 26-2 26 12 0 12-12 22-18 22s-16-14-14-24c0-4 2-8 6-10z" fill="#E23B4E"/><path d="M150 62l8-8 6 8" stroke="#3DAA5C" stroke-width="4" fill="none"/>',
  };
  const shake = a.style === 'shake';
  return (
    shadow(56) +
    `<rect x="128" y="26" width="9" height="60" rx="3" fill="${band}" transform="rotate(14 132 86)"/>` +
    (shake
      ? '<path d="M74 76c-4-16 10-26 22-22 4-14 24-18 34-6 12-8 30 0 30 16 8 4 8 12 4 14z" fill="#FFF" stroke="#EEE" stroke-width="2"/>' +
        '<circle cx="132" cy="44" r="9" fill="#D81E3A"/><path d="M132 36q4-12 12-14" stroke="#3D7A34" stroke-width="2" fill="none"/>'
      : '') +
    `<path d="M76 96h88l-8 100H84z" fill="${a.liquid}"/>` +
    (shake
      ? ''
      : '<rect x="92" y="104" width="24" height="22" rx="5" fill="#FFF" fill-opacity=".45" transform="rotate(-12 104 115)"/><rect x="124" y="112" width="22" height="20" rx="5" fill="#FFF" fill-opacity=".4" transform="rotate(10 135 122)"/>') +
    '<path d="M72 70h96l-10 128H82z" fill="#EAF6FB" fill-opacity=".35" stroke="#A9CFE0" stroke-width="3"/>' +
    '<path d="M86 84l6 96" stroke="#FFF" stroke-opacity=".7" stroke-width="5" stroke-linecap="round"/>' +
    (a.garnish ? garnishes[a.garnish] : '')
  );
}

function hot(a: Extract<Art, { kind: 'hot' }>): string {
  const cup = a.cup ?? '#FFFFFF';
  return (
    `<ellipse cx="120" cy="190" rx="82" ry="14" fill="${shade(cup, -0.08)}" stroke="#DDD" stroke-width="2"/>` +
    `<path d="M174 118c28 0 28 42-4 44" stroke="${shade(cup, -0.1)}" stroke-width="10" fill="none"/>` +
    `<path d="M64 104h112v34c0 34-26 54-56 54s-56-20-56-54z" fill="${cup}" stroke="#E2E2E2" stroke-width="2"/>` +
    `<ellipse cx="120" cy="106" rx="54" ry="10" fill="${a.liquid}"/>` +
    (a.foam
      ? `<ellipse cx="120" cy="106" rx="40" ry="7" fill="${shade(a.liquid, 0.6)}"/><path d="M120 110c-10-6-8-12-3-12 2 0 3 2 3 3 0-1 1-3 3-3 5 0 7 6-3 12z" fill="${a.liquid}"/>`
      : '') +
    '<path d="M96 86c-8-10 8-16 0-28M120 80c-8-10 8-16 0-28M144 86c-8-10 8-16 0-28" stroke="#C9C9C9" stroke-width="4" stroke-linecap="round" fill="none"/>' +
    (a.lemon
      ? '<circle cx="186" cy="184" r="14" fill="#FFE14D" stroke="#F2C200" stroke-width="3"/><path d="M186 172v24M174 184h24" stroke="#FFF6B0" stroke-width="2"/>'
      : '')
  );
}

function tea(a: Extract<Art, { kind: 'tea' }>): string {
  const p = a.pattern ?? '#2F5DA8';
  const flowers = dots(
    [
      [82, 128],
      [104, 142],
      [126, 126],
      [94, 108],
      [118, 110],
    ],
    5,
    p,
  );
  return (
    shadow(90) +
    `<path d="M46 112c-28 6-26 46 6 46" stroke="#FFF" stroke-width="10" fill="none"/><path d="M46 112c-28 6-26 46 6 46" stroke="${p}" stroke-width="3" fill="none"/>` +
    `<path d="M146 136c22-4 30-24 42-46l9 4c-8 28-24 52-50 56z" fill="#FFF" stroke="${p}" stroke-width="3"/>` +
    `<ellipse cx="100" cy="132" rx="56" ry="48" fill="#FFF" stroke="${p}" stroke-width="3"/>` +
    `<path d="M48 120q52 18 104 0" stroke="${p}" stroke-width="3" fill="none"/>${flowers}` +
    `<ellipse cx="100" cy="86" rx="26" ry="8" fill="#FFF" stroke="${p}" stroke-width="3"/><circle cx="100" cy="74" r="7" fill="${p}"/>` +
    `<path d="M140 164h66c0 20-15 32-33 32s-33-12-33-32z" fill="#FFF" stroke="${p}" stroke-width="3"/>` +
    `<ellipse cx="173" cy="165" rx="31" ry="6" fill="${a.liquid}"/><path d="M152 178q21 8 42 0" stroke="${p}" stroke-width="3" fill="none"/>` +
    (a.lemon ? '<circle cx="204" cy="154" r="11" fill="#FFE14D" stroke="#F2C200" stroke-width="3"/>' : '')
  );
}

function cake(a: Extract<Art, { kind: 'cake' }>): string {
  const h = 64 / a.layers.length;
  const bands = a.layers.map((c, i) => `<rect x="50" y="${f(126 + i * h)}" width="120" height="${f(h + 0.5)}" fill="${c}"/>`).join('');
  const toppings: Record<NonNullable<typeof a.topping>, string> = {
    berry:
      '<path d="M168 86c10-6 24 0 22 12-2 10-10 16-14 16s-14-8-14-16c0-6 2-10 6-12z" fill="#E23B4E"/><path d="M172 86l6-8 6 8" stroke="#3DAA5C" stroke-width="4" fill="none"/>',
    cherry: '<circle cx="176" cy="96" r="11" fill="#C8102E"/><path d="M176 86q2-16 14-20" stroke="#3D7A34" stroke-width="3" fill="none"/>',
    crumbs: dots(
      [
        [80, 120],
        [102, 116],
        [126, 112],
        [150, 110],
        [176, 106],
        [140, 118],
        [114, 122],
      ],
      3,
      shade(a.top, -0.25),
    ),
    nuts: dots(
      [
        [150, 112],
        [168, 108],
        [184, 104],
        [132, 116],
      ],
      5,
      '#8A5A2B',
    ),
  };
  return (
    shadow(96, 196) +
    plate(192, 100) +
    bands +
    `<path d="M170 126l30-22v64l-30 22z" fill="${shade(a.layers[0] ?? a.top, -0.12)}"/>` +
    `<path d="M50 126l150-22-30 22z" fill="${a.top}"/>` +
    (a.topping ? toppings[a.topping] : '')
  );
}

function icecream(a: Extract<Art, { kind: 'icecream' }>): string {
  const [s1 = '#FFF4DC', s2, s3] = a.scoops;
  const scoops =
    (s3 ? `<circle cx="120" cy="60" r="26" fill="${s3}" stroke="${shade(s3, -0.1)}" stroke-width="2"/>` : '') +
    (s2 ? `<circle cx="136" cy="88" r="28" fill="${s2}" stroke="${shade(s2, -0.1)}" stroke-width="2"/>` : '') +
    `<circle cx="${s2 ? 104 : 120}" cy="${s2 ? 96 : 92}" r="32" fill="${s1}" stroke="${shade(s1, -0.1)}" stroke-width="2"/>`;
  const sauce = a.sauce
    ? `<path d="M76 90c6-30 82-34 90-4 2 8-6 8-8 2-2 12-10 12-10 2-2 10-10 10-12 0-4 12-12 10-12-2-4 10-12 8-12-2-4 8-12 6-12-2-6 10-14 14-24 6z" fill="${a.sauce}"/>`
    : '';
  const base =
    a.style === 'cone'
      ? '<path d="M90 122h60l-30 78z" fill="#D9A15B"/><path d="M98 134l36 36M110 128l30 30M94 150l26 26M142 134l-36 36M130 128l-30 30" stroke="#B77A35" stroke-width="3"/>'
      : '<path d="M70 124h100l-16 50H86z" fill="#FFF" stroke="#E2E2E2" stroke-width="2"/><rect x="108" y="174" width="24" height="14" fill="#EEE"/><ellipse cx="120" cy="192" rx="36" ry="8" fill="#EEE"/>' +
        '<rect x="150" y="52" width="10" height="64" rx="4" fill="#E7C27D" transform="rotate(20 155 116)"/>';
  return shadow(60, 204) + (a.style === 'cone' ? scoops + sauce + base : base + scoops + sauce);
}

function pie(a: Extract<Art, { kind: 'pie' }>): string {
  const crust = a.crust ?? '#E2A450';
  const fill = a.filling ?? '#C8752A';
  return (
    shadow(86) +
    `<rect x="42" y="108" width="156" height="76" rx="18" fill="${crust}"/>` +
    `<rect x="42" y="108" width="156" height="76" rx="18" fill="none" stroke="${shade(crust, -0.2)}" stroke-width="4" stroke-dasharray="2 8"/>` +
    [80, 112, 144].map((x) => `<path d="M${x} 128l16 36" stroke="${fill}" stroke-width="7" stroke-linecap="round"/>`).join('') +
    dots(
      [
        [70, 120],
        [120, 122],
        [166, 124],
        [96, 170],
        [174, 166],
      ],
      2.5,
      '#FFF7E6',
    )
  );
}

function salad(a: Extract<Art, { kind: 'salad' }>): string {
  const leaves = [
    [76, 118, -20],
    [104, 108, 10],
    [138, 106, -10],
    [166, 118, 20],
    [120, 120, 0],
  ]
    .map(([x, y, r]) => `<ellipse cx="${x}" cy="${y}" rx="30" ry="16" fill="#6BBF4E" transform="rotate(${r} ${x} ${y})"/>`)
    .join('');
  const pieces: Record<SaladExtra, string> = {
    tomato: '<circle cx="96" cy="108" r="12" fill="#E5483B"/><circle cx="150" cy="116" r="10" fill="#E5483B"/>',
    cucumber: '<circle cx="124" cy="104" r="11" fill="#DDF0C0" stroke="#3E8E3A" stroke-width="4"/>',
    cheese:
      '<rect x="136" y="92" width="16" height="16" rx="2" fill="#FFF" transform="rotate(12 144 100)"/><rect x="82" y="96" width="14" height="14" rx="2" fill="#FFF"/>',
    chicken:
      '<rect x="100" y="90" width="34" height="14" rx="7" fill="#E3B27A" transform="rotate(-10 117 97)"/><rect x="140" y="100" width="30" height="13" rx="6" fill="#E3B27A"/>',
    crouton:
      '<rect x="116" y="112" width="13" height="13" rx="3" fill="#D9A04D"/><rect x="70" y="110" width="12" height="12" rx="3" fill="#D9A04D"/>',
    olive: '<ellipse cx="112" cy="96" rx="7" ry="9" fill="#3A2E39"/><ellipse cx="160" cy="104" rx="7" ry="9" fill="#3A2E39"/>',
    cabbage: '<path d="M70 112q50-20 100 0M78 122q44-16 86 0" stroke="#F3F7E4" stroke-width="6" fill="none"/>',
    carrot: '<path d="M90 100l40 6M118 96l36 10" stroke="#F28C28" stroke-width="5" stroke-linecap="round"/>',
    onion: '<path d="M84 104q14-14 28 0M134 98q14-14 28 0" stroke="#B05CA8" stroke-width="4" fill="none"/>',
  };
  return (
    shadow(86) +
    leaves +
    a.extras.map((e) => pieces[e]).join('') +
    `<path d="M36 128h168c0 42-38 68-84 68s-84-26-84-68z" fill="${a.bowl}"/><path d="M36 128h168" stroke="${shade(a.bowl, -0.15)}" stroke-width="6" stroke-linecap="round"/>`
  );
}

function sauce(a: Extract<Art, { kind: 'sauce' }>): string {
  const cup = a.cup ?? '#FFFFFF';
  return (
    shadow(62, 200) +
    `<path d="M62 120h116l-10 62c-2 10-20 16-48 16s-46-6-48-16z" fill="${cup}" stroke="#DDD" stroke-width="2"/>` +
    `<ellipse cx="120" cy="120" rx="58" ry="14" fill="${shade(cup, -0.06)}" stroke="#DDD" stroke-width="2"/>` +
    `<ellipse cx="120" cy="121" rx="50" ry="10" fill="${a.sauce}"/><path d="M96 120q24-8 44 0" stroke="#FFF" stroke-opacity=".45" stroke-width="4" fill="none" stroke-linecap="round"/>`
  );
}

function combo(a: Extract<Art, { kind: 'combo' }>): string {
  const [main, side, drink] = a.items;
  return (
    `<g transform="translate(112 6) scale(.6)">${draw(drink)}</g>` +
    `<g transform="translate(-4 54) scale(.7)">${draw(main)}</g>` +
    `<g transform="translate(112 96) scale(.54)">${draw(side)}</g>`
  );
}

const somsaShape = (crust: string, seeds: boolean) =>
  `<path d="M0-46c6 0 10 4 14 10l36 58c4 8 0 14-8 14H-42c-8 0-12-6-8-14l36-58c4-6 8-10 14-10z" fill="${crust}"/>` +
  `<path d="M-30 26q30-14 60 0" stroke="${shade(crust, -0.25)}" stroke-width="3" fill="none"/>` +
  (seeds
    ? dots(
        [
          [-6, -20],
          [6, -8],
          [-12, 0],
          [10, 8],
          [0, 4],
          [-20, 14],
          [22, 16],
        ],
        2,
        '#FFF7E0',
      )
    : '');

function somsa(a: Extract<Art, { kind: 'somsa' }>): string {
  const crust = a.crust ?? '#E0A545';
  const back = a.count === 2 ? place(82, 126, -12, somsaShape(shade(crust, -0.08), true)) : '';
  const inside = a.filling ? `<ellipse cx="134" cy="178" rx="26" ry="6" fill="${a.filling}"/>` : '';
  return shadow(94) + plate(186, 102) + back + place(a.count === 2 ? 138 : 120, 142, 6, somsaShape(crust, true)) + inside;
}

function plov(a: Extract<Art, { kind: 'plov' }>): string {
  const grains = dots(
    [
      [70, 140],
      [96, 126],
      [124, 118],
      [152, 128],
      [176, 146],
      [86, 154],
      [140, 150],
      [110, 142],
      [160, 162],
      [64, 160],
    ],
    3,
    '#FFF0C2',
  );
  const carrots = [
    [82, 132, -30],
    [112, 122, 20],
    [150, 136, -10],
    [128, 148, 40],
    [170, 150, 10],
    [96, 150, -50],
  ]
    .map(([x, y, r]) => `<rect x="${x}" y="${y}" width="22" height="6" rx="3" fill="#F28C28" transform="rotate(${r} ${x} ${y})"/>`)
    .join('');
  const extras = a.extras ?? [];
  return (
    shadow(110, 206) +
    '<ellipse cx="120" cy="160" rx="110" ry="44" fill="#FFF" stroke="#2F5DA8" stroke-width="3"/>' +
    '<ellipse cx="120" cy="160" rx="98" ry="38" fill="none" stroke="#2F5DA8" stroke-width="4" stroke-dasharray="6 9"/>' +
    '<path d="M38 160c6-42 40-66 82-66s76 24 82 66c-24 10-52 14-82 14s-58-4-82-14z" fill="#F0CF7E"/>' +
    grains +
    carrots +
    '<rect x="96" y="96" width="30" height="20" rx="8" fill="#7A4326"/><rect x="120" y="102" width="28" height="18" rx="8" fill="#8C4E2C"/>' +
    (extras.includes('egg')
      ? '<ellipse cx="72" cy="146" rx="11" ry="8" fill="#FFF"/><circle cx="72" cy="146" r="4" fill="#F7B500"/><ellipse cx="170" cy="138" rx="11" ry="8" fill="#FFF"/><circle cx="170" cy="138" r="4" fill="#F7B500"/>'
      : '') +
    (extras.includes('qazi')
      ? '<circle cx="148" cy="158" r="10" fill="#B5484B" stroke="#F4E7D8" stroke-width="4"/><circle cx="92" cy="164" r="10" fill="#B5484B" stroke="#F4E7D8" stroke-width="4"/>'
      : '') +
    (extras.includes('garlic')
      ? '<path d="M120 80c-12 8-14 22-2 26h4c12-4 10-18-2-26z" fill="#F6EEDC" stroke="#D9C9A8" stroke-width="2"/>'
      : '')
  );
}

function bowl(a: Extract<Art, { kind: 'bowl' }>): string {
  const p = a.pattern ?? '#2F5DA8';
  const broth = { lagman: '#D9622B', shorva: '#E8B35A', nisholda: '#FFFDF5' }[a.style];
  const top = {
    lagman:
      '<path d="M60 118q20-16 40 0t40 0t40 0M66 124q20-14 40 0t40 0t34 0M74 112q20-14 40 0t40 0" stroke="#F6E2A8" stroke-width="5" fill="none"/>' +
      '<rect x="92" y="100" width="18" height="12" rx="4" fill="#D33A2C"/><rect x="132" y="104" width="16" height="10" rx="4" fill="#3E9B3A"/>' +
      dots(
        [
          [116, 110],
          [150, 116],
          [84, 116],
        ],
        3,
        '#2E7D32',
      ),
    shorva:
      '<rect x="84" y="104" width="20" height="18" rx="4" fill="#F4E3B5"/><rect x="134" y="106" width="18" height="16" rx="4" fill="#F4E3B5"/>' +
      '<rect x="110" y="100" width="22" height="18" rx="7" fill="#7A4326"/><circle cx="158" cy="118" r="8" fill="#F28C28"/>' +
      dots(
        [
          [100, 124],
          [124, 122],
          [146, 126],
        ],
        3,
        '#2E7D32',
      ),
    nisholda:
      '<path d="M64 118c10-22 24-22 32-8 8-22 26-22 34-4 8-18 28-16 34 6z" fill="#FFF" stroke="#EEE" stroke-width="2"/>' +
      dots(
        [
          [96, 104],
          [120, 98],
          [142, 106],
        ],
        3,
        '#E8B35A',
      ),
  }[a.style];
  return (
    shadow(84) +
    `<path d="M36 116h168c0 50-38 80-84 80s-84-30-84-80z" fill="#FFF" stroke="${p}" stroke-width="3"/>` +
    `<path d="M48 146q72 30 144 0" stroke="${p}" stroke-width="5" stroke-dasharray="8 10" fill="none"/>` +
    `<ellipse cx="120" cy="116" rx="84" ry="18" fill="#FFF" stroke="${p}" stroke-width="3"/>` +
    `<ellipse cx="120" cy="117" rx="76" ry="14" fill="${broth}"/>` +
    top
  );
}

function manti(): string {
  const dumpling = (x: number, y: number) =>
    `<g transform="translate(${x} ${y})"><path d="M-30 12c-4-24 10-40 30-40s34 16 30 40c-8 8-52 8-60 0z" fill="#F7EEDC" stroke="#E4D3B4" stroke-width="2"/>` +
    '<path d="M-12-22q12 8 24 0M-20-8q20 10 40 0" stroke="#E4D3B4" stroke-width="2" fill="none"/></g>';
  return (
    shadow(100, 200) +
    plate(178, 106) +
    dumpling(80, 152) +
    dumpling(160, 152) +
    dumpling(120, 138) +
    dumpling(98, 172) +
    dumpling(146, 174) +
    '<path d="M176 112c10-10 28-6 26 6-2 10-22 12-26-6z" fill="#FFF" stroke="#EEE" stroke-width="2"/>' +
    dots(
      [
        [110, 124],
        [132, 126],
        [90, 160],
      ],
      3,
      '#3E9B3A',
    )
  );
}

function chakchak(): string {
  const rows: [number, number][] = [];
  for (let row = 0; row < 5; row++) {
    const n = 9 - row * 2 + (row > 2 ? 1 : 0);
    for (let i = 0; i < n; i++) rows.push([120 + (i - (n - 1) / 2) * 16 + (row % 2) * 4, 170 - row * 16]);
  }
  return (
    shadow(96, 198) +
    plate(184, 104) +
    rows.map(([x, y], i) => `<ellipse cx="${f(x)}" cy="${f(y)}" rx="11" ry="8" fill="${i % 3 ? '#E7A93C' : '#D9922A'}"/>`).join('') +
    '<path d="M88 120q32-40 64 0q-6 40-10 24q-4 20-10 0q-6 26-12 2q-6 18-10-2q-8 14-10-4z" fill="#F5B72E" fill-opacity=".6"/>' +
    dots(
      [
        [104, 98],
        [132, 102],
        [118, 86],
      ],
      5,
      '#8A5A2B',
    )
  );
}

function skewer(): string {
  const stick = (y: number) =>
    `<path d="M26 ${y}l188-28" stroke="#9AA0A6" stroke-width="4" stroke-linecap="round"/>` +
    [56, 92, 128, 164]
      .map((x, i) => {
        const yy = y - ((x - 26) * 28) / 188;
        return i % 2
          ? `<ellipse cx="${x}" cy="${f(yy)}" rx="8" ry="16" fill="#F2E6F0" stroke="#B05CA8" stroke-width="3"/>`
          : `<rect x="${x - 16}" y="${f(yy - 16)}" width="32" height="32" rx="9" fill="#8C4325"/>`;
      })
      .join('') +
    `<rect x="${180 - 16}" y="${f(y - ((180 - 26) * 28) / 188 - 16)}" width="30" height="30" rx="9" fill="#7A3A20"/>`;
  return (
    shadow(100, 200) +
    plate(184, 104) +
    stick(132) +
    stick(170) +
    '<path d="M60 186q24-10 48 0M140 190q20-8 40 0" stroke="#B05CA8" stroke-width="4" fill="none"/>'
  );
}

function bread(): string {
  const ring: [number, number][] = [];
  for (let i = 0; i < 12; i++) ring.push([120 + 30 * Math.cos((i * Math.PI) / 6), 124 + 30 * Math.sin((i * Math.PI) / 6)]);
  return (
    shadow(92, 206) +
    '<circle cx="120" cy="124" r="88" fill="#C98436"/><circle cx="120" cy="124" r="80" fill="#DFA257"/>' +
    '<circle cx="120" cy="124" r="50" fill="#EBC27F"/>' +
    dots(ring, 3.5, '#B86F2A') +
    dots(
      [
        [120, 124],
        [110, 114],
        [130, 134],
        [130, 114],
        [110, 134],
      ],
      3,
      '#B86F2A',
    ) +
    dots(
      [
        [72, 80],
        [170, 84],
        [60, 150],
        [178, 160],
        [120, 196],
        [94, 56],
        [150, 50],
      ],
      2.5,
      '#FFF3D6',
    )
  );
}

function corn(a: Extract<Art, { kind: 'corn' }>): string {
  const kernels: [number, number][] = [];
  for (let row = 0; row < 3; row++) for (let i = 0; i < 7 - row; i++) kernels.push([78 + i * 14 + row * 7, 102 - row * 11]);
  return (
    shadow(60) +
    dots(kernels, 7, '#F9D23C') +
    `<path d="M70 104h100l-12 94H82z" fill="${a.cup}"/><path d="M70 104h100l-2 9H72z" fill="${shade(a.cup, 0.25)}"/>` +
    '<rect x="132" y="44" width="8" height="70" rx="3" fill="#EEE" transform="rotate(18 136 114)"/>'
  );
}

/** The drawing's markup on the 240 x 240 canvas, without a background. */
export function draw(art: Art): string {
  switch (art.kind) {
    case 'burger':
      return burger(art);
    case 'wrap':
      return wrap(art);
    case 'fries':
      return fries(art);
    case 'rings':
      return rings(art);
    case 'chicken':
      return chicken(art);
    case 'bucket':
      return bucket(art);
    case 'cold':
      return cold(art);
    case 'hot':
      return hot(art);
    case 'tea':
      return tea(art);
    case 'cake':
      return cake(art);
    case 'icecream':
      return icecream(art);
    case 'pie':
      return pie(art);
    case 'salad':
      return salad(art);
    case 'sauce':
      return sauce(art);
    case 'combo':
      return combo(art);
    case 'somsa':
      return somsa(art);
    case 'plov':
      return plov(art);
    case 'bowl':
      return bowl(art);
    case 'manti':
      return manti();
    case 'chakchak':
      return chakchak();
    case 'skewer':
      return skewer();
    case 'bread':
      return bread();
    case 'corn':
      return corn(art);
  }
}

const svg = (width: number, height: number, viewBox: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">${body}</svg>\n`;

const gradient = (from: string, to: string) =>
  `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;

/** A product or category picture: the drawing on a soft round backdrop, 480 px square. */
export function foodPicture(art: Art, backdrop: string): string {
  return svg(480, 480, '0 0 240 240', `<circle cx="120" cy="120" r="116" fill="${backdrop}"/>${draw(art)}`);
}

export interface BannerArt {
  from: string;
  to: string;
  art: Art;
  /** A short language-free headline such as "-10%" or "0"; localized titles live in the database. */
  badge?: string;
}

/** A 1200 x 500 banner: gradient, a few circles and the food drawing large on the right. */
export function bannerPicture(b: BannerArt): string {
  const badge = b.badge
    ? `<text x="96" y="300" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="150" fill="#FFF">${b.badge}</text>`
    : '<path d="M110 250l26-58 26 58 62 6-48 40 14 62-54-32-54 32 14-62-48-40z" fill="#FFF" fill-opacity=".9"/>';
  return svg(
    1200,
    500,
    '0 0 1200 500',
    gradient(b.from, b.to) +
      '<rect width="1200" height="500" fill="url(#bg)"/>' +
      '<circle cx="1120" cy="40" r="160" fill="#FFF" fill-opacity=".08"/><circle cx="430" cy="520" r="190" fill="#FFF" fill-opacity=".07"/>' +
      '<circle cx="860" cy="250" r="230" fill="#FFF" fill-opacity=".14"/>' +
      badge +
      `<g transform="translate(620 10) scale(2)">${draw(b.art)}</g>`,
  );
}

export interface StoryArt {
  from: string;
  to: string;
  art: Art;
}

/** The round preview of a story in the strip under the header. */
export function storyPreview(s: StoryArt): string {
  return svg(
    240,
    240,
    '0 0 240 240',
    gradient(s.from, s.to) +
      '<rect width="240" height="240" rx="48" fill="url(#bg)"/>' +
      `<g transform="translate(24 20) scale(.8)">${draw(s.art)}</g>`,
  );
}

/** A full-screen story slide, 540 x 960; its text is drawn by the storefront from the database. */
export function storySlide(s: StoryArt, index: number): string {
  const cy = 260 + (index % 3) * 60;
  return svg(
    540,
    960,
    '0 0 540 960',
    gradient(s.from, s.to) +
      '<rect width="540" height="960" fill="url(#bg)"/>' +
      `<circle cx="${index % 2 ? 80 : 460}" cy="${cy}" r="150" fill="#FFF" fill-opacity=".1"/><circle cx="270" cy="560" r="240" fill="#FFF" fill-opacity=".16"/>` +
      `<g transform="translate(30 320) scale(2)">${draw(s.art)}</g>`,
  );
}

export interface LogoArt {
  /** Brand colour of the round badge. */
  color: string;
  /** Colour of the mark and the word on it. */
  ink: string;
  word: string;
  mark: 'burger' | 'teapot' | 'bowl';
}

const marks: Record<LogoArt['mark'], (ink: string) => string> = {
  burger: (ink) =>
    `<path d="M62 100c0-34 26-52 58-52s58 18 58 52z" fill="${ink}"/><rect x="58" y="108" width="124" height="12" rx="6" fill="${ink}"/><rect x="62" y="126" width="116" height="20" rx="10" fill="${ink}"/>`,
  teapot: (ink) =>
    `<ellipse cx="114" cy="112" rx="46" ry="36" fill="${ink}"/><path d="M154 110c16-2 22-16 30-32l7 3c-6 22-16 36-34 40z" fill="${ink}"/>` +
    `<path d="M70 96c-22 4-20 34 4 34" stroke="${ink}" stroke-width="8" fill="none"/><rect x="100" y="66" width="28" height="10" rx="5" fill="${ink}"/>`,
  bowl: (ink) =>
    `<path d="M60 96h120c0 34-26 54-60 54s-60-20-60-54z" fill="${ink}"/><path d="M96 84q8-18 0-34M120 84q8-18 0-34M144 84q8-18 0-34" stroke="${ink}" stroke-width="7" stroke-linecap="round" fill="none"/>`,
};

/** The brand's round logo with its mark and name. */
export function logoPicture(l: LogoArt): string {
  return svg(
    240,
    240,
    '0 0 240 240',
    `<circle cx="120" cy="120" r="118" fill="${l.color}"/>${marks[l.mark](l.ink)}` +
      `<text x="120" y="192" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="30" fill="${l.ink}">${l.word}</text>`,
  );
}

/** A 64 px favicon: the mark alone, so it stays legible in a browser tab. */
export function faviconPicture(l: LogoArt): string {
  return svg(
    64,
    64,
    '0 0 240 240',
    `<rect width="240" height="240" rx="56" fill="${l.color}"/><g transform="translate(-12 -4) scale(1.1)">${marks[l.mark](l.ink)}</g>`,
  );
}

/** What the storefront shows when a picture is missing. */
export function placeholderPicture(): string {
  return svg(
    480,
    480,
    '0 0 240 240',
    '<rect width="240" height="240" fill="#F2F2F2"/><circle cx="120" cy="120" r="62" fill="#FFF" stroke="#DDD" stroke-width="4"/><circle cx="120" cy="120" r="40" fill="none" stroke="#E6E6E6" stroke-width="3"/>' +
      '<path d="M44 74v30c0 6 4 10 8 10v54M52 74v30M60 74v30c0 6-4 10-8 10" stroke="#C8C8C8" stroke-width="5" stroke-linecap="round" fill="none"/>' +
      '<path d="M190 168V74c-12 6-16 24-16 40 0 8 4 12 10 12" stroke="#C8C8C8" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" fill="none"/>',
  );
}
