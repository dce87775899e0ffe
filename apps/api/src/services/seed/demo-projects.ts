import type { ProjectFacility, ProjectStatus } from '@baan/contract';
import { PROJECT_FACILITIES } from '@baan/contract';
import { STATIONS, walkingDistanceM } from '../transit/stations.ts';
import { type Area, DEMO_AREAS, type DemoListing, descriptionFor, titleFor } from './demo-listings.ts';
import { condoSalePerSqm, rentPerSqmOf } from './demo-prices.ts';
import { createRng } from './prng.ts';

/**
 * Demo projects (ADR 028): invented condominium buildings, labelled as demo data in their descriptions, making no
 * claim about any real building. Each stands in one of the demo areas, near its station or landmark; its units
 * for sale and rent are priced from the area's price per m² (demo-prices.ts).
 */
export type DemoProject = {
  nameEn: string;
  nameTh: string;
  aliases: string[];
  developer: string;
  status: ProjectStatus;
  yearCompleted: number;
  towers: number;
  floors: number;
  units: number;
  facilities: ProjectFacility[];
  commonFeePerSqm: number;
  lat: number;
  lon: number;
  location: string;
  area: Area;
  description: Record<string, string>;
  /** The project's own price per m² (sale); its units vary around it. */
  salePerSqm: number;
};

/** Invented brand names with their Thai spelling. */
const BRANDS: [string, string][] = [
  ['Skyline', 'สกายไลน์'],
  ['Verde', 'เวอร์เด้'],
  ['Lumina', 'ลูมินา'],
  ['Harbour', 'ฮาร์เบอร์'],
  ['Maple', 'เมเปิ้ล'],
  ['Aurora', 'ออโรร่า'],
  ['Cielo', 'เซียโล'],
  ['Terra', 'เทอร์ร่า'],
  ['Nova', 'โนวา'],
  ['Serene', 'ซีรีน'],
  ['Orchid', 'ออร์คิด'],
  ['Lotus', 'โลตัส'],
];
const SUFFIXES: [string, string][] = [
  ['Residence', 'เรสซิเดนซ์'],
  ['Condo', 'คอนโด'],
  ['Tower', 'ทาวเวอร์'],
  ['Place', 'เพลส'],
];
const DEVELOPERS = ['Demo Estates', 'Sample Land Development', 'Example Living Co.', 'Placeholder Properties'];

/** Which demo areas get projects, and how many: Bangkok's condo districts, the resort towns and Chiang Mai. */
const PROJECTS_PER_AREA: [near: string, count: number][] = [
  ['BTS Asok', 3],
  ['BTS Phrom Phong', 3],
  ['BTS On Nut', 2],
  ['BTS Thong Lo', 3],
  ['BTS Ekkamai', 2],
  ['MRT Phra Ram 9', 3],
  ['MRT Thailand Cultural Centre', 2],
  ['BTS Sala Daeng', 2],
  ['BTS Chong Nonsi', 2],
  ['BTS Ari', 3],
  ['BTS Bang Na', 2],
  ['BTS Saphan Taksin', 3],
  ['MRT Lat Phrao', 1],
  ['Jomtien Beach', 2],
  ['Cosy Beach', 1],
  ['Wongamat Beach', 1],
  ['Kata Beach', 1],
  ['Kamala Beach', 1],
  ['Laguna Phuket', 1],
  ['Rawai Beach', 1],
  ['Maya Lifestyle Mall', 2],
  ['Tha Phae Gate', 1],
  ['Khao Takiab Beach', 1],
  ['Hua Hin Night Market', 2],
];

/** The place a project is named after: its nearest station's name in Bangkok, else its area's. */
function placeName(area: Area, lat: number, lon: number): [string, string] {
  if (area.city !== 'Bangkok') return [area.en, area.th];
  let best = STATIONS[0];
  let bestD = Number.POSITIVE_INFINITY;
  for (const s of STATIONS) {
    const d = walkingDistanceM(lat, lon, s.lat, s.lon);
    if (d < bestD) {
      best = s;
      bestD = d;
    }
  }
  return best ? [best.name_en, best.name_th] : [area.en, area.th];
}

let cached: DemoProject[] | null = null;

/** The demo projects: the same 50 on every run (seeded PRNG). */
export function demoProjects(): DemoProject[] {
  if (cached) return cached;
  const rng = createRng(20_261_126);
  const out: DemoProject[] = [];
  const used = new Set<string>();
  let brand = 0;
  for (const [near, count] of PROJECTS_PER_AREA) {
    const area = DEMO_AREAS.find((a) => a.near === near);
    if (!area) throw new Error(`demo area near ${near} missing`);
    for (let i = 0; i < count; i++) {
      const spread = area.spread ?? { lat: [-0.01, 0.01], lon: [-0.01, 0.01] };
      const lat = Number((area.lat + rng.range(...spread.lat) * 0.7).toFixed(6));
      const lon = Number((area.lon + rng.range(...spread.lon) * 0.7).toFixed(6));
      const [placeEn, placeTh] = placeName(area, lat, lon);
      let name = '';
      let nameTh = '';
      for (let tries = 0; tries < BRANDS.length * SUFFIXES.length; tries++) {
        const [b, bTh] = BRANDS[brand % BRANDS.length] as [string, string];
        const [x, xTh] = SUFFIXES[Math.floor(brand / BRANDS.length) % SUFFIXES.length] as [string, string];
        brand += 1;
        name = `${b} ${placeEn} ${x}`;
        nameTh = `${bTh} ${placeTh} ${xTh}`;
        if (!used.has(name)) break;
      }
      used.add(name);
      const status: ProjectStatus = rng.chance(0.8) ? 'completed' : rng.chance(0.7) ? 'under_construction' : 'planned';
      const year = status === 'completed' ? rng.int(2008, 2025) : rng.int(2027, 2029);
      const floors = area.city === 'Bangkok' ? rng.int(8, 52) : rng.int(4, 30);
      const towers = rng.chance(0.7) ? 1 : rng.int(2, 4);
      const facilities = PROJECT_FACILITIES.filter((f) =>
        f === 'pool' || f === 'gym' || f === 'security_24h' || f === 'cctv' ? true : rng.chance(0.35),
      );
      const [lo, hi] = condoSalePerSqm(area);
      const salePerSqm = rng.range(lo, hi);
      const facts = `${floors} floors, ${towers} ${towers === 1 ? 'tower' : 'towers'}`;
      out.push({
        nameEn: name,
        nameTh,
        aliases: [name.replace(/ (Residence|Condo|Tower|Place)$/, ''), nameTh.replace(/ /g, '')],
        developer: rng.pick(DEVELOPERS),
        status,
        yearCompleted: year,
        towers,
        floors,
        units: towers * floors * rng.int(8, 24),
        facilities,
        commonFeePerSqm: Math.round(rng.range(25, area.city === 'Bangkok' ? 90 : 60)),
        lat,
        lon,
        location: `${area.en}, ${area.city}`,
        area,
        description: {
          en: `Demo data: ${name} is an invented condominium (${facts}) near ${area.near} in ${area.en}, ${area.city}, made up for Baan's demo. It is not a real building and nothing here describes one.`,
          th: `ข้อมูลตัวอย่าง: ${nameTh} เป็นคอนโดมิเนียมสมมติ (${floors} ชั้น ${towers} อาคาร) ใกล้ ${area.near} ย่าน${area.th} ${area.cityTh} สร้างขึ้นเพื่อการสาธิตของ Baan เท่านั้น ไม่ใช่อาคารจริง`,
        },
        salePerSqm,
      });
    }
  }
  cached = out;
  return out;
}

/** Condo units for sale and rent in each demo project (3 to 7 each), in English or Thai, priced from the project. */
export function projectListings(ownerCount: number, variants: number, today: Date): DemoListing[] {
  const rng = createRng(20_261_125);
  const out: DemoListing[] = [];
  for (const [index, project] of demoProjects().entries()) {
    if (project.status === 'planned') continue;
    const n = rng.int(3, 7);
    for (let i = 0; i < n; i++) {
      const type = rng.chance(0.5) ? 'sale' : 'rent';
      const beds = rng.int(0, 3);
      const sqm = [rng.int(24, 34), rng.int(35, 55), rng.int(60, 90), rng.int(95, 150)][beds] as number;
      const language = rng.chance(0.55) ? 'en' : 'th';
      const perSqm = project.salePerSqm * rng.range(0.9, 1.1);
      // Sale around the project's price per m², rent at a plausible yield of it, inside the catalogue's ranges.
      const price =
        type === 'sale'
          ? Math.min(45_000_000, Math.max(1_500_000, Math.round((perSqm * sqm) / 10_000) * 10_000))
          : Math.min(95_000, Math.max(8_000, Math.round((rentPerSqmOf(perSqm, rng) * sqm) / 500) * 500));
      const title =
        language === 'th'
          ? `${project.nameTh} ${titleFor('th', 'condo', type, project.area, beds, rng)}`
          : `${project.nameEn}: ${titleFor('en', 'condo', type, project.area, beds, rng)}`;
      const available = new Date(today.getTime() + rng.int(0, 60) * 86_400_000);
      out.push({
        ownerIndex: rng.int(0, ownerCount - 1),
        title: title.slice(0, 300),
        description: descriptionFor(language, 'condo', type, project.area, sqm, beds),
        type,
        userType: 'owner',
        propertyType: 'residential',
        propertySubType: 'condo',
        location: `${project.nameEn}, ${project.location}`,
        lat: Number((project.lat + rng.range(-0.0002, 0.0002)).toFixed(6)),
        lon: Number((project.lon + rng.range(-0.0002, 0.0002)).toFixed(6)),
        price,
        area: sqm,
        livingSpace: Math.round(sqm * 0.9),
        lotArea: null,
        bedRooms: beds,
        bathRooms: Math.max(1, beds),
        kitchen: 1,
        floors: 1,
        level: rng.int(2, project.floors),
        avgUtilities: Math.round(rng.range(1_200, 6_000) / 100) * 100,
        availabilityDate: available.toISOString().slice(0, 10),
        language,
        isFeatured: rng.chance(0.08),
        foreignQuota: false,
        titleDeed: null,
        ageMinutes: 0,
        scenes: [
          { kind: 'tower', variant: rng.int(0, variants - 1) },
          { kind: 'interior', variant: rng.int(0, variants - 1) },
        ],
        rooms: [
          ...(beds > 0 ? [{ type: 'bedroom', quantity: beds }] : []),
          { type: 'bathroom', quantity: Math.max(1, beds) },
        ],
        projectIndex: index,
        earlierPrices: [],
        priceChangedMinutesAgo: null,
      });
    }
  }
  return out;
}
