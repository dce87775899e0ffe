import { createRng, type Rng } from './prng.ts';

/**
 * Demo photos drawn as SVG (no network, no stock images): skies, towers, houses, shophouse rows,
 * pool villas by the sea, open land and interiors, in day, golden-hour and dusk light.
 */
export const SCENE_KINDS = ['tower', 'house', 'row', 'resort', 'land', 'interior'] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

export const PICTURE_WIDTH = 1024;
export const PICTURE_HEIGHT = 683;
const W = PICTURE_WIDTH;
const H = PICTURE_HEIGHT;

type Light = { sky: [string, string, string]; sun: string; isDusk: boolean; haze: string };

const LIGHTS: Light[] = [
  { sky: ['#3a8dde', '#7fc0f0', '#d8eefc'], sun: '#fff6c8', isDusk: false, haze: '#cfe6f7' },
  { sky: ['#2f7fd0', '#8cc8ef', '#eaf6ff'], sun: '#fffbe0', isDusk: false, haze: '#d9eefb' },
  { sky: ['#f08a4b', '#f7b267', '#fde2b8'], sun: '#fff1c1', isDusk: false, haze: '#f9d3a5' },
  { sky: ['#ee6b6e', '#f4a261', '#ffe3b3'], sun: '#fff4d6', isDusk: false, haze: '#f6c9a0' },
  { sky: ['#27275a', '#6a4c93', '#f2a07b'], sun: '#ffd59e', isDusk: true, haze: '#8d6a9f' },
  { sky: ['#1d3557', '#457b9d', '#f1c27d'], sun: '#ffe8b0', isDusk: true, haze: '#6f8fb0' },
];

const WALLS = ['#f4efe6', '#e9e4dc', '#f7e8d0', '#dfe7ec', '#efe1d1', '#e6ddd0', '#f2f2ee', '#e8d8c4'];
const ACCENTS = ['#c8553d', '#2a9d8f', '#e9c46a', '#457b9d', '#8d6e63', '#6d597a', '#b56576', '#588157'];
const ROOFS = ['#8c3b2a', '#6b4f3a', '#3d405b', '#9c4a32', '#5e6472', '#7a3e2e'];
const GLASS = ['#8ecae6', '#a8dadc', '#9bb7d4', '#b5d3e7', '#7fa7c9'];

const f = (n: number) => n.toFixed(1);

function sky(light: Light, rng: Rng, horizon: number): string {
  const sunX = rng.range(120, W - 120);
  const sunY = rng.range(70, horizon * 0.55);
  const clouds: string[] = [];
  const cloudCount = light.isDusk ? rng.int(1, 3) : rng.int(2, 5);
  for (let i = 0; i < cloudCount; i++) {
    const cx = rng.range(40, W - 40);
    const cy = rng.range(50, horizon * 0.6);
    const s = rng.range(0.6, 1.4);
    const fill = light.isDusk ? '#f4c6d0' : '#ffffff';
    clouds.push(
      `<g opacity="${f(rng.range(0.55, 0.9))}" fill="${fill}"><ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(60 * s)}" ry="${f(18 * s)}"/><ellipse cx="${f(cx - 30 * s)}" cy="${f(cy - 10 * s)}" rx="${f(34 * s)}" ry="${f(20 * s)}"/><ellipse cx="${f(cx + 26 * s)}" cy="${f(cy - 14 * s)}" rx="${f(40 * s)}" ry="${f(24 * s)}"/></g>`,
    );
  }
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light.sky[0]}"/><stop offset="0.6" stop-color="${light.sky[1]}"/><stop offset="1" stop-color="${light.sky[2]}"/></linearGradient>
<radialGradient id="sun"><stop offset="0" stop-color="${light.sun}"/><stop offset="0.35" stop-color="${light.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${light.sun}" stop-opacity="0"/></radialGradient>
<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3fa7c9"/><stop offset="1" stop-color="#1b6f8f"/></linearGradient>
<linearGradient id="pool" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7fe0f0"/><stop offset="1" stop-color="#2bb3d1"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#cfe8f7"/><stop offset="1" stop-color="#6f9cc2"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(rng.range(70, 110))}" fill="url(#sun)"/>
${clouds.join('')}`;
}

function hills(rng: Rng, horizon: number, color: string, height: number): string {
  let d = `M0 ${f(horizon)}`;
  const steps = 8;
  for (let i = 0; i <= steps; i++) {
    const x = (W / steps) * i;
    d += ` Q${f(x - W / steps / 2)} ${f(horizon - rng.range(height * 0.4, height))} ${f(x)} ${f(horizon - rng.range(0, height * 0.5))}`;
  }
  d += ` L${W} ${f(horizon)} Z`;
  return `<path d="${d}" fill="${color}" opacity="0.8"/>`;
}

function skyline(rng: Rng, horizon: number, color: string): string {
  const parts: string[] = [];
  let x = -10;
  while (x < W) {
    const w = rng.range(30, 80);
    const h = rng.range(40, 170);
    parts.push(`<rect x="${f(x)}" y="${f(horizon - h)}" width="${f(w)}" height="${f(h)}" fill="${color}"/>`);
    x += w + rng.range(2, 14);
  }
  return `<g opacity="0.55">${parts.join('')}</g>`;
}

function roundTree(x: number, ground: number, s: number, rng: Rng): string {
  const greens = ['#4c956c', '#2d6a4f', '#52b788', '#40916c', '#74a57f'];
  const g = rng.pick(greens);
  return `<g><rect x="${f(x - 5 * s)}" y="${f(ground - 40 * s)}" width="${f(10 * s)}" height="${f(40 * s)}" fill="#6b4f3a"/><circle cx="${f(x)}" cy="${f(ground - 62 * s)}" r="${f(34 * s)}" fill="${g}"/><circle cx="${f(x - 22 * s)}" cy="${f(ground - 48 * s)}" r="${f(22 * s)}" fill="${g}"/><circle cx="${f(x + 22 * s)}" cy="${f(ground - 50 * s)}" r="${f(24 * s)}" fill="${g}"/><circle cx="${f(x + 8 * s)}" cy="${f(ground - 78 * s)}" r="${f(16 * s)}" fill="#ffffff" opacity="0.12"/></g>`;
}

function palm(x: number, ground: number, s: number, lean: number): string {
  const topX = x + lean * 40 * s;
  const topY = ground - 190 * s;
  const leaves: string[] = [];
  for (const [dx, dy] of [
    [-70, 20],
    [-50, 45],
    [70, 18],
    [55, 48],
    [-10, -35],
    [20, 50],
  ] as const) {
    leaves.push(
      `<path d="M${f(topX)} ${f(topY)} Q${f(topX + dx * 0.5 * s)} ${f(topY + (dy - 40) * 0.5 * s)} ${f(topX + dx * s)} ${f(topY + dy * s)}" stroke="#2d6a4f" stroke-width="${f(12 * s)}" fill="none" stroke-linecap="round"/>`,
    );
  }
  return `<g><path d="M${f(x)} ${f(ground)} Q${f(x + lean * 10 * s)} ${f(ground - 100 * s)} ${f(topX)} ${f(topY)}" stroke="#8d6e4a" stroke-width="${f(10 * s)}" fill="none" stroke-linecap="round"/>${leaves.join('')}<circle cx="${f(topX)}" cy="${f(topY + 6 * s)}" r="${f(7 * s)}" fill="#6b4f3a"/></g>`;
}

function windowGrid(
  x: number,
  y: number,
  w: number,
  h: number,
  cols: number,
  rows: number,
  rng: Rng,
  isDusk: boolean,
): string {
  const cells: string[] = [];
  const gx = w / cols;
  const gy = h / rows;
  const glass = rng.pick(GLASS);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const lit = isDusk && rng.chance(0.45);
      const fill = lit ? rng.pick(['#ffd97a', '#ffe6a3', '#ffc96b']) : glass;
      cells.push(
        `<rect x="${f(x + c * gx + gx * 0.15)}" y="${f(y + r * gy + gy * 0.18)}" width="${f(gx * 0.7)}" height="${f(gy * 0.62)}" fill="${fill}" opacity="${lit ? 1 : 0.9}"/>`,
      );
    }
  }
  return cells.join('');
}

function tower(rng: Rng, light: Light, ground: number): string {
  const parts: string[] = [];
  const count = rng.int(1, 3);
  const slots = [0.18, 0.5, 0.8];
  for (let i = 0; i < count; i++) {
    const cx = W * (count === 1 ? rng.range(0.4, 0.6) : (slots[i] ?? 0.5) + rng.range(-0.05, 0.05));
    const w = rng.range(150, 230);
    const h = rng.range(380, 540);
    const x = cx - w / 2;
    const y = ground - h;
    const wall = rng.pick(WALLS);
    const accent = rng.pick(ACCENTS);
    parts.push(`<rect x="${f(x + 10)}" y="${f(y + 10)}" width="${f(w)}" height="${f(h)}" fill="#000" opacity="0.08"/>`);
    parts.push(`<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${wall}"/>`);
    parts.push(
      `<rect x="${f(x + w * 0.72)}" y="${f(y)}" width="${f(w * 0.28)}" height="${f(h)}" fill="#000" opacity="0.07"/>`,
    );
    parts.push(`<rect x="${f(x - 6)}" y="${f(y - 14)}" width="${f(w + 12)}" height="16" fill="${accent}"/>`);
    const rows = Math.floor(h / 34);
    parts.push(windowGrid(x + 8, y + 12, w - 16, h - 60, rng.int(4, 6), rows - 2, rng, light.isDusk));
    // Balcony lines every other floor.
    for (let r = 0; r < rows - 2; r += 2) {
      const by = y + 12 + ((h - 60) / (rows - 2)) * (r + 1);
      parts.push(
        `<rect x="${f(x - 4)}" y="${f(by - 3)}" width="${f(w + 8)}" height="4" fill="${accent}" opacity="0.55"/>`,
      );
    }
    parts.push(
      `<rect x="${f(cx - 26)}" y="${f(ground - 48)}" width="52" height="48" fill="url(#glass)"/><rect x="${f(cx - 40)}" y="${f(ground - 54)}" width="80" height="8" fill="${accent}"/>`,
    );
  }
  return parts.join('');
}

function house(rng: Rng, light: Light, ground: number, cx: number, scale: number): string {
  const w = 300 * scale;
  const h = 170 * scale;
  const x = cx - w / 2;
  const y = ground - h;
  const wall = rng.pick(WALLS);
  const roof = rng.pick(ROOFS);
  const accent = rng.pick(ACCENTS);
  const lit = light.isDusk ? '#ffd97a' : rng.pick(GLASS);
  const isModern = rng.chance(0.5);
  const roofShape = isModern
    ? `<rect x="${f(x - 16 * scale)}" y="${f(y - 18 * scale)}" width="${f(w + 32 * scale)}" height="${f(20 * scale)}" fill="${roof}"/>`
    : `<path d="M${f(x - 24 * scale)} ${f(y + 6 * scale)} L${f(cx)} ${f(y - 90 * scale)} L${f(x + w + 24 * scale)} ${f(y + 6 * scale)} Z" fill="${roof}"/><path d="M${f(cx)} ${f(y - 90 * scale)} L${f(x + w + 24 * scale)} ${f(y + 6 * scale)} L${f(cx)} ${f(y + 6 * scale)} Z" fill="#000" opacity="0.12"/>`;
  return `<g>
<rect x="${f(x + 8)}" y="${f(y + 8)}" width="${f(w)}" height="${f(h)}" fill="#000" opacity="0.08"/>
<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${wall}"/>
<rect x="${f(x)}" y="${f(y + h * 0.5)}" width="${f(w)}" height="${f(6 * scale)}" fill="${accent}" opacity="0.7"/>
${roofShape}
<rect x="${f(x + w * 0.1)}" y="${f(y + h * 0.12)}" width="${f(w * 0.25)}" height="${f(h * 0.28)}" fill="${lit}"/>
<rect x="${f(x + w * 0.65)}" y="${f(y + h * 0.12)}" width="${f(w * 0.25)}" height="${f(h * 0.28)}" fill="${lit}"/>
<rect x="${f(x + w * 0.1)}" y="${f(y + h * 0.62)}" width="${f(w * 0.3)}" height="${f(h * 0.24)}" fill="${lit}"/>
<rect x="${f(x + w * 0.44)}" y="${f(y + h * 0.58)}" width="${f(w * 0.16)}" height="${f(h * 0.42)}" fill="${accent}"/>
<circle cx="${f(x + w * 0.57)}" cy="${f(y + h * 0.8)}" r="${f(3 * scale)}" fill="#f4d35e"/>
<rect x="${f(x + w * 0.66)}" y="${f(y + h * 0.58)}" width="${f(w * 0.26)}" height="${f(h * 0.42)}" fill="#cfd4d9"/>
<g stroke="#b0b7bf" stroke-width="2">${[1, 2, 3, 4].map((i) => `<line x1="${f(x + w * 0.66)}" y1="${f(y + h * (0.58 + i * 0.08))}" x2="${f(x + w * 0.92)}" y2="${f(y + h * (0.58 + i * 0.08))}"/>`).join('')}</g>
</g>`;
}

function row(rng: Rng, light: Light, ground: number): string {
  const parts: string[] = [];
  const units = rng.int(4, 6);
  const uw = (W - 120) / units;
  const floors = rng.int(3, 4);
  const fh = 82;
  const isShop = rng.chance(0.5);
  for (let i = 0; i < units; i++) {
    const x = 60 + i * uw;
    const h = floors * fh;
    const y = ground - h;
    const wall = rng.pick(WALLS);
    const accent = rng.pick(ACCENTS);
    parts.push(`<rect x="${f(x)}" y="${f(y)}" width="${f(uw - 2)}" height="${f(h)}" fill="${wall}"/>`);
    parts.push(`<rect x="${f(x - 2)}" y="${f(y - 12)}" width="${f(uw + 2)}" height="14" fill="${rng.pick(ROOFS)}"/>`);
    for (let fl = 1; fl < floors; fl++) {
      const wy = y + (fl - 1) * fh + 16;
      parts.push(windowGrid(x + 8, wy, uw - 18, fh - 24, 2, 1, rng, light.isDusk));
      parts.push(
        `<rect x="${f(x + 4)}" y="${f(wy + fh - 30)}" width="${f(uw - 10)}" height="5" fill="${accent}" opacity="0.8"/>`,
      );
    }
    const gy = ground - fh;
    if (isShop) {
      parts.push(
        `<rect x="${f(x + 8)}" y="${f(gy + 22)}" width="${f(uw - 18)}" height="${f(fh - 22)}" fill="${light.isDusk ? '#ffe3a3' : '#dfe6ea'}"/>`,
      );
      parts.push(
        `<g stroke="#9aa5ae" stroke-width="2">${[1, 2, 3, 4, 5].map((k) => `<line x1="${f(x + 8)}" y1="${f(gy + 22 + k * 11)}" x2="${f(x + uw - 10)}" y2="${f(gy + 22 + k * 11)}"/>`).join('')}</g>`,
      );
      parts.push(
        `<path d="M${f(x + 2)} ${f(gy + 4)} L${f(x + uw - 4)} ${f(gy + 4)} L${f(x + uw + 4)} ${f(gy + 24)} L${f(x - 6)} ${f(gy + 24)} Z" fill="${accent}"/>`,
      );
    } else {
      parts.push(
        `<rect x="${f(x + uw * 0.15)}" y="${f(gy + 18)}" width="${f(uw * 0.3)}" height="${f(fh - 18)}" fill="${accent}"/>`,
      );
      parts.push(windowGrid(x + uw * 0.5, gy + 20, uw * 0.42, fh - 40, 1, 1, rng, light.isDusk));
    }
  }
  return parts.join('');
}

function resort(rng: Rng, light: Light, horizon: number, ground: number): string {
  const wall = rng.pick(['#fbf8f3', '#f4efe6', '#efe6da']);
  const wood = rng.pick(['#8d6e4a', '#a47148', '#7f5539']);
  const x = W * rng.range(0.28, 0.4);
  const w = W * 0.46;
  const h = 150;
  const y = ground - 60 - h;
  const lit = light.isDusk ? '#ffd97a' : '#bfe3f2';
  return `<rect x="0" y="${f(horizon)}" width="${W}" height="${f(ground - 60 - horizon)}" fill="url(#water)"/>
<g stroke="#ffffff" stroke-opacity="0.35" stroke-width="2">${[0, 1, 2, 3, 4, 5].map((i) => `<line x1="${f(rng.range(0, W - 200))}" y1="${f(horizon + 12 + i * 14)}" x2="${f(rng.range(200, W))}" y2="${f(horizon + 12 + i * 14)}"/>`).join('')}</g>
<rect x="0" y="${f(ground - 60)}" width="${W}" height="${f(H - ground + 60)}" fill="#e9d8b4"/>
<rect x="${f(x + 10)}" y="${f(y + 10)}" width="${f(w)}" height="${f(h)}" fill="#000" opacity="0.08"/>
<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${wall}"/>
<rect x="${f(x - 30)}" y="${f(y - 22)}" width="${f(w + 60)}" height="24" fill="${wood}"/>
<rect x="${f(x + w * 0.06)}" y="${f(y + 24)}" width="${f(w * 0.88)}" height="${f(h - 24)}" fill="${lit}" opacity="0.85"/>
<g stroke="${wall}" stroke-width="6">${[1, 2, 3, 4, 5].map((i) => `<line x1="${f(x + w * 0.06 + ((w * 0.88) / 6) * i)}" y1="${f(y + 24)}" x2="${f(x + w * 0.06 + ((w * 0.88) / 6) * i)}" y2="${f(y + h)}"/>`).join('')}</g>
<rect x="${f(W * 0.08)}" y="${f(ground - 40)}" width="${f(W * 0.84)}" height="${f(H - ground + 20)}" fill="#f1e6d0"/>
<rect x="${f(W * 0.14)}" y="${f(ground - 22)}" width="${f(W * 0.6)}" height="${f(H - ground + 2)}" rx="6" fill="url(#pool)"/>
<g stroke="#ffffff" stroke-opacity="0.6" stroke-width="3" fill="none">${[0, 1, 2].map((i) => `<path d="M${f(W * 0.18 + i * 140)} ${f(ground + 10 + i * 8)} q20 -8 40 0 t40 0"/>`).join('')}</g>
<g fill="#ffffff"><rect x="${f(W * 0.78)}" y="${f(ground - 30)}" width="70" height="10" rx="3"/><rect x="${f(W * 0.78)}" y="${f(ground - 22)}" width="6" height="16"/><rect x="${f(W * 0.78 + 64)}" y="${f(ground - 22)}" width="6" height="16"/></g>
${palm(W * 0.08, ground - 30, rng.range(1, 1.25), 0.6)}${palm(W * 0.93, ground - 20, rng.range(1.05, 1.3), -0.7)}${rng.chance(0.5) ? palm(W * 0.84, ground - 40, 0.8, -0.3) : ''}`;
}

function land(rng: Rng, horizon: number): string {
  const ground = horizon + 70;
  const parts: string[] = [];
  const field = rng.pick(['#8fbf6a', '#9cc56b', '#7fb069', '#a7c957']);
  parts.push(`<rect x="0" y="${f(ground - 40)}" width="${W}" height="${f(H - ground + 40)}" fill="${field}"/>`);
  for (let i = 0; i < 12; i++) {
    const y = ground - 30 + i * ((H - ground + 30) / 12);
    parts.push(`<rect x="0" y="${f(y)}" width="${W}" height="3" fill="#ffffff" opacity="0.12"/>`);
  }
  for (let i = 0; i < 12; i++) {
    const x = 30 + i * 86;
    parts.push(`<rect x="${f(x)}" y="${f(H - 120)}" width="8" height="60" fill="#7f5539"/>`);
  }
  parts.push(
    `<rect x="0" y="${f(H - 106)}" width="${W}" height="4" fill="#7f5539"/><rect x="0" y="${f(H - 84)}" width="${W}" height="4" fill="#7f5539"/>`,
  );
  const treeCount = rng.int(4, 8);
  for (let i = 0; i < treeCount; i++)
    parts.push(roundTree(rng.range(40, W - 40), ground - 20, rng.range(0.7, 1.2), rng));
  return parts.join('');
}

function interior(rng: Rng, light: Light): string {
  const wall = rng.pick(['#f4efe6', '#efe7dc', '#e9eef0', '#f3e9e2']);
  const floor = rng.pick(['#c49a6c', '#b08968', '#d4a373', '#a98467']);
  const sofa = rng.pick(['#457b9d', '#6d597a', '#2a9d8f', '#b56576', '#8d99ae']);
  const floorY = H * 0.7;
  const wx = W * 0.12;
  const ww = W * 0.5;
  const wy = H * 0.1;
  const wh = H * 0.48;
  const outside = `<svg x="${f(wx)}" y="${f(wy)}" width="${f(ww)}" height="${f(wh)}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">${sky(light, rng, H * 0.8)}${skyline(rng, H * 0.8, light.isDusk ? '#2b2d42' : '#6c7a89')}</svg>`;
  return `<rect width="${W}" height="${H}" fill="${wall}"/>
${outside}
<g stroke="#ffffff" stroke-width="10" fill="none"><rect x="${f(wx)}" y="${f(wy)}" width="${f(ww)}" height="${f(wh)}"/><line x1="${f(wx + ww / 2)}" y1="${f(wy)}" x2="${f(wx + ww / 2)}" y2="${f(wy + wh)}"/></g>
<rect x="${f(wx + ww + 24)}" y="${f(wy)}" width="${f(W * 0.08)}" height="${f(floorY - wy)}" fill="${rng.pick(ACCENTS)}" opacity="0.35"/>
<rect x="0" y="${f(floorY)}" width="${W}" height="${f(H - floorY)}" fill="${floor}"/>
<g stroke="#000" stroke-opacity="0.07" stroke-width="2">${[1, 2, 3, 4, 5].map((i) => `<line x1="0" y1="${f(floorY + i * 40)}" x2="${W}" y2="${f(floorY + i * 40)}"/>`).join('')}</g>
<ellipse cx="${f(W * 0.45)}" cy="${f(H * 0.86)}" rx="${f(W * 0.3)}" ry="${f(H * 0.07)}" fill="${rng.pick(['#e9c46a', '#f4a261', '#ddd6c8', '#a8dadc'])}" opacity="0.85"/>
<rect x="${f(W * 0.2)}" y="${f(floorY - 120)}" width="${f(W * 0.5)}" height="90" rx="18" fill="${sofa}"/>
<rect x="${f(W * 0.18)}" y="${f(floorY - 70)}" width="${f(W * 0.54)}" height="70" rx="14" fill="${sofa}"/>
<rect x="${f(W * 0.18)}" y="${f(floorY - 70)}" width="${f(W * 0.54)}" height="70" rx="14" fill="#000" opacity="0.12"/>
<rect x="${f(W * 0.25)}" y="${f(floorY - 105)}" width="60" height="45" rx="10" fill="#ffffff" opacity="0.8"/>
<rect x="${f(W * 0.58)}" y="${f(floorY - 105)}" width="60" height="45" rx="10" fill="${rng.pick(ACCENTS)}"/>
<rect x="${f(W * 0.36)}" y="${f(H * 0.8)}" width="${f(W * 0.18)}" height="14" rx="4" fill="#6b4f3a"/>
<rect x="${f(W * 0.8)}" y="${f(floorY - 230)}" width="6" height="230" fill="#3d405b"/>
<path d="M${f(W * 0.8 - 40)} ${f(floorY - 230)} L${f(W * 0.8 + 46)} ${f(floorY - 230)} L${f(W * 0.8 + 26)} ${f(floorY - 290)} L${f(W * 0.8 - 20)} ${f(floorY - 290)} Z" fill="${light.isDusk ? '#ffd97a' : '#f1e3c6'}"/>
<rect x="${f(W * 0.88)}" y="${f(floorY - 70)}" width="56" height="70" rx="8" fill="#e9e4dc"/>
<g fill="#2d6a4f"><ellipse cx="${f(W * 0.88 + 28)}" cy="${f(floorY - 110)}" rx="18" ry="48"/><ellipse cx="${f(W * 0.88 + 4)}" cy="${f(floorY - 96)}" rx="14" ry="38" transform="rotate(-25 ${f(W * 0.88 + 4)} ${f(floorY - 96)})"/><ellipse cx="${f(W * 0.88 + 52)}" cy="${f(floorY - 96)}" rx="14" ry="38" transform="rotate(25 ${f(W * 0.88 + 52)} ${f(floorY - 96)})"/></g>`;
}

/** One scene as an SVG document, the same for the same kind and variant. */
export function drawScene(kind: SceneKind, variant: number): string {
  const rng = createRng(0x5eed + variant * 7919 + SCENE_KINDS.indexOf(kind) * 104_729);
  const light = LIGHTS[variant % LIGHTS.length] as Light;
  const horizon = H * rng.range(0.58, 0.66);
  const ground = H * rng.range(0.82, 0.88);
  let body: string;
  if (kind === 'interior') {
    body = interior(rng, light);
  } else {
    const grass = rng.pick(['#6a994e', '#74a57f', '#81b29a', '#52796f']);
    const back =
      kind === 'land' || kind === 'house'
        ? hills(rng, horizon + 30, light.isDusk ? '#4a4e69' : '#7d9b8a', 120)
        : kind === 'resort'
          ? hills(rng, horizon, light.isDusk ? '#3d405b' : '#6b9080', 90)
          : skyline(rng, horizon + 40, light.isDusk ? '#2b2d42' : '#8a9bb0');
    let subject = '';
    if (kind === 'tower') subject = tower(rng, light, ground);
    else if (kind === 'house')
      subject = `${house(rng, light, ground, W * rng.range(0.42, 0.58), rng.range(1.45, 1.7))}`;
    else if (kind === 'row') subject = row(rng, light, ground);
    else if (kind === 'resort') subject = resort(rng, light, horizon, ground);
    else subject = land(rng, horizon);
    const lawn =
      kind === 'resort' || kind === 'land'
        ? ''
        : `<rect x="0" y="${f(ground)}" width="${W}" height="${f(H - ground)}" fill="${grass}"/><rect x="0" y="${f(ground + 18)}" width="${W}" height="${f(H - ground - 18)}" fill="#b7b7a4" opacity="0.5"/>`;
    const trees =
      kind === 'resort' || kind === 'land'
        ? ''
        : [
            roundTree(rng.range(30, 110), ground + 6, rng.range(0.9, 1.2), rng),
            roundTree(rng.range(W - 110, W - 30), ground + 6, rng.range(0.8, 1.1), rng),
          ].join('');
    body = `${sky(light, rng, horizon)}${back}${kind === 'land' ? '' : `<rect x="0" y="${f(horizon + 40)}" width="${W}" height="${f(ground - horizon)}" fill="${light.haze}" opacity="0.35"/>`}${lawn}${subject}${trees}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}
