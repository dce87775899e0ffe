import {
  type ElectricityBilling,
  type Furnishing,
  type ListingType,
  PROPERTY_SUB_TYPES,
  type PropertySubType,
  SUB_TYPE_PROPERTY_TYPE,
  type TitleDeed,
} from '@baan/contract';
import type { SceneKind } from './demo-pictures.ts';
import { createRng, type Rng } from './prng.ts';

/** A neighbourhood listings are placed in: English and Thai names, centre, price level. */
export type Area = {
  en: string;
  th: string;
  city: string;
  cityTh: string;
  lat: number;
  lon: number;
  /** Nearest train station or landmark, for titles. */
  near: string;
  /** Multiplies the base prices: 1 is central Bangkok's middle. */
  priceLevel: number;
  isBeach?: boolean;
  /**
   * Where around the centre listings are placed, as offsets in degrees (lat and lon ranges); ±0.012° (about 1.3 km)
   * when not given. Beach areas lie on one side only, so no listing stands in the sea: the Andaman coast of Phuket
   * and the Pattaya bay have the sea to the west, Hua Hin to the east.
   */
  spread?: { lat: [number, number]; lon: [number, number] };
};

/** Bangkok areas are named after one station: listings stay within about 900 m of it. */
const BANGKOK_SPREAD: Area['spread'] = { lat: [-0.008, 0.008], lon: [-0.008, 0.008] };

const bkk = (en: string, th: string, lat: number, lon: number, near: string, priceLevel: number): Area => ({
  en,
  th,
  city: 'Bangkok',
  cityTh: 'กรุงเทพมหานคร',
  lat,
  lon,
  near,
  priceLevel,
  spread: BANGKOK_SPREAD,
});

export const DEMO_AREAS: Area[] = [
  bkk('Sukhumvit', 'สุขุมวิท', 13.7373, 100.5605, 'BTS Asok', 1.25),
  bkk('Sukhumvit', 'สุขุมวิท', 13.7305, 100.5697, 'BTS Phrom Phong', 1.35),
  bkk('Sukhumvit', 'สุขุมวิท', 13.7056, 100.6011, 'BTS On Nut', 0.85),
  bkk('Thonglor', 'ทองหล่อ', 13.7246, 100.5784, 'BTS Thong Lo', 1.4),
  bkk('Ekkamai', 'เอกมัย', 13.7196, 100.5851, 'BTS Ekkamai', 1.2),
  bkk('Rama 9', 'พระราม 9', 13.7579, 100.5653, 'MRT Phra Ram 9', 1.0),
  bkk('Ratchada', 'รัชดา', 13.7665, 100.5734, 'MRT Thailand Cultural Centre', 0.9),
  bkk('Silom', 'สีลม', 13.7286, 100.5343, 'BTS Sala Daeng', 1.25),
  bkk('Sathorn', 'สาทร', 13.7213, 100.5293, 'BTS Chong Nonsi', 1.3),
  bkk('Ari', 'อารีย์', 13.7797, 100.5446, 'BTS Ari', 1.0),
  bkk('Lat Phrao', 'ลาดพร้าว', 13.8162, 100.5616, 'MRT Lat Phrao', 0.8),
  bkk('Bang Na', 'บางนา', 13.6682, 100.6048, 'BTS Bang Na', 0.75),
  bkk('Riverside', 'ริมแม่น้ำเจ้าพระยา', 13.7226, 100.5139, 'BTS Saphan Taksin', 1.3),
  bkk('Chatuchak', 'จตุจักร', 13.8027, 100.5537, 'MRT Chatuchak Park', 0.9),
  {
    en: 'Nimman',
    th: 'นิมมาน',
    city: 'Chiang Mai',
    cityTh: 'เชียงใหม่',
    lat: 18.7985,
    lon: 98.9676,
    near: 'Maya Lifestyle Mall',
    priceLevel: 0.7,
  },
  {
    en: 'Old City',
    th: 'เมืองเก่า',
    city: 'Chiang Mai',
    cityTh: 'เชียงใหม่',
    lat: 18.7883,
    lon: 98.9853,
    near: 'Tha Phae Gate',
    priceLevel: 0.65,
  },
  {
    en: 'Hang Dong',
    th: 'หางดง',
    city: 'Chiang Mai',
    cityTh: 'เชียงใหม่',
    lat: 18.6862,
    lon: 98.9196,
    near: 'Royal Park Rajapruek',
    priceLevel: 0.55,
  },
  {
    en: 'San Sai',
    th: 'สันทราย',
    city: 'Chiang Mai',
    cityTh: 'เชียงใหม่',
    lat: 18.8459,
    lon: 99.0436,
    near: 'Maejo University',
    priceLevel: 0.5,
  },
  {
    en: 'Kata',
    th: 'กะตะ',
    city: 'Phuket',
    cityTh: 'ภูเก็ต',
    lat: 7.8206,
    lon: 98.2984,
    near: 'Kata Beach',
    priceLevel: 1.2,
    isBeach: true,
    spread: { lat: [-0.006, 0.006], lon: [0.003, 0.012] },
  },
  {
    en: 'Kamala',
    th: 'กมลา',
    city: 'Phuket',
    cityTh: 'ภูเก็ต',
    lat: 7.9563,
    lon: 98.2836,
    near: 'Kamala Beach',
    priceLevel: 1.3,
    isBeach: true,
    spread: { lat: [-0.006, 0.006], lon: [0.003, 0.012] },
  },
  {
    en: 'Rawai',
    th: 'ราไวย์',
    city: 'Phuket',
    cityTh: 'ภูเก็ต',
    lat: 7.7796,
    lon: 98.3253,
    near: 'Rawai Beach',
    priceLevel: 1.0,
    isBeach: true,
    spread: { lat: [0, 0.01], lon: [-0.012, 0] },
  },
  {
    en: 'Bang Tao',
    th: 'บางเทา',
    city: 'Phuket',
    cityTh: 'ภูเก็ต',
    lat: 8.0027,
    lon: 98.2945,
    near: 'Laguna Phuket',
    priceLevel: 1.4,
    isBeach: true,
    spread: { lat: [-0.008, 0.008], lon: [0.004, 0.014] },
  },
  {
    en: 'Jomtien',
    th: 'จอมเทียน',
    city: 'Pattaya',
    cityTh: 'พัทยา',
    lat: 12.8797,
    lon: 100.8769,
    near: 'Jomtien Beach',
    priceLevel: 0.8,
    isBeach: true,
    spread: { lat: [-0.01, 0.01], lon: [0.005, 0.014] },
  },
  {
    en: 'Pratumnak',
    th: 'พระตำหนัก',
    city: 'Pattaya',
    cityTh: 'พัทยา',
    lat: 12.9196,
    lon: 100.8631,
    near: 'Cosy Beach',
    priceLevel: 0.9,
    isBeach: true,
    spread: { lat: [-0.005, 0.005], lon: [0.001, 0.009] },
  },
  {
    en: 'Wongamat',
    th: 'วงศ์อมาตย์',
    city: 'Pattaya',
    cityTh: 'พัทยา',
    lat: 12.9658,
    lon: 100.8896,
    near: 'Wongamat Beach',
    priceLevel: 0.95,
    isBeach: true,
    spread: { lat: [-0.006, 0.006], lon: [0.003, 0.012] },
  },
  {
    en: 'East Pattaya',
    th: 'พัทยาตะวันออก',
    city: 'Pattaya',
    cityTh: 'พัทยา',
    lat: 12.9236,
    lon: 100.9245,
    near: 'Siam Country Club',
    priceLevel: 0.6,
  },
  {
    en: 'Khao Takiab',
    th: 'เขาตะเกียบ',
    city: 'Hua Hin',
    cityTh: 'หัวหิน',
    lat: 12.5167,
    lon: 99.9833,
    near: 'Khao Takiab Beach',
    priceLevel: 0.85,
    isBeach: true,
    spread: { lat: [-0.002, 0.01], lon: [-0.014, -0.006] },
  },
  {
    en: 'Hua Hin Town',
    th: 'ตัวเมืองหัวหิน',
    city: 'Hua Hin',
    cityTh: 'หัวหิน',
    lat: 12.5684,
    lon: 99.9577,
    near: 'Hua Hin Night Market',
    priceLevel: 0.8,
    isBeach: true,
    spread: { lat: [-0.01, 0.01], lon: [-0.012, 0.002] },
  },
  {
    en: 'Mueang Khon Kaen',
    th: 'เมืองขอนแก่น',
    city: 'Khon Kaen',
    cityTh: 'ขอนแก่น',
    lat: 16.4322,
    lon: 102.8236,
    near: 'Central Khon Kaen',
    priceLevel: 0.45,
  },
  {
    en: 'University Area',
    th: 'ย่านมหาวิทยาลัยขอนแก่น',
    city: 'Khon Kaen',
    cityTh: 'ขอนแก่น',
    lat: 16.4746,
    lon: 102.8235,
    near: 'Khon Kaen University',
    priceLevel: 0.4,
  },
  {
    en: 'Mueang Udon Thani',
    th: 'เมืองอุดรธานี',
    city: 'Udon Thani',
    cityTh: 'อุดรธานี',
    lat: 17.4138,
    lon: 102.787,
    near: 'Nong Prajak Park',
    priceLevel: 0.4,
  },
  {
    en: 'Mueang Nakhon Ratchasima',
    th: 'เมืองนครราชสีมา',
    city: 'Korat',
    cityTh: 'โคราช',
    lat: 14.9799,
    lon: 102.0978,
    near: 'Terminal 21 Korat',
    priceLevel: 0.45,
  },
  {
    en: 'Mueang Ubon Ratchathani',
    th: 'เมืองอุบลราชธานี',
    city: 'Ubon Ratchathani',
    cityTh: 'อุบลราชธานี',
    lat: 15.2287,
    lon: 104.8564,
    near: 'Thung Si Mueang Park',
    priceLevel: 0.35,
  },
  {
    en: 'Mueang Nong Khai',
    th: 'เมืองหนองคาย',
    city: 'Nong Khai',
    cityTh: 'หนองคาย',
    lat: 17.8783,
    lon: 102.742,
    near: 'Mekong riverside promenade',
    priceLevel: 0.35,
    spread: { lat: [-0.012, 0], lon: [-0.012, 0.012] },
  },
];

/** Base price ranges in THB (monthly rent; sale total) and typical sizes per sub type. */
type SubTypeSpec = {
  rent: [number, number];
  sale: [number, number];
  area: [number, number];
  beds: [number, number];
  floors: [number, number];
  scenes: SceneKind[];
  saleShare: number;
};

/** Pool villas and penthouse villas price alike; so do offices and home offices. */
const VILLA_SPEC: SubTypeSpec = {
  rent: [60_000, 380_000],
  sale: [12_000_000, 85_000_000],
  area: [250, 900],
  beds: [3, 6],
  floors: [1, 2],
  scenes: ['resort', 'house'],
  saleShare: 0.6,
};
const OFFICE_SPEC: SubTypeSpec = {
  rent: [20_000, 480_000],
  sale: [5_000_000, 80_000_000],
  area: [60, 1_200],
  beds: [0, 0],
  floors: [1, 1],
  scenes: ['tower', 'row'],
  saleShare: 0.3,
};

export const SPECS: Record<PropertySubType, SubTypeSpec> = {
  condo: {
    rent: [8_000, 95_000],
    sale: [1_500_000, 45_000_000],
    area: [24, 180],
    beds: [0, 3],
    floors: [1, 1],
    scenes: ['tower'],
    saleShare: 0.45,
  },
  apartment: {
    rent: [6_000, 38_000],
    sale: [2_800_000, 24_000_000],
    area: [22, 90],
    beds: [0, 2],
    floors: [1, 1],
    scenes: ['tower', 'row'],
    saleShare: 0.15,
  },
  house: {
    rent: [15_000, 180_000],
    sale: [2_500_000, 60_000_000],
    area: [120, 450],
    beds: [2, 5],
    floors: [1, 3],
    scenes: ['house'],
    saleShare: 0.6,
  },
  townhouse: {
    rent: [12_000, 60_000],
    sale: [1_800_000, 12_000_000],
    area: [90, 220],
    beds: [2, 4],
    floors: [2, 4],
    scenes: ['row'],
    saleShare: 0.6,
  },
  twinhouse: {
    rent: [15_000, 55_000],
    sale: [2_500_000, 9_500_000],
    area: [120, 240],
    beds: [3, 4],
    floors: [2, 2],
    scenes: ['house'],
    saleShare: 0.65,
  },
  villa: VILLA_SPEC,
  bungalow: {
    rent: [10_000, 60_000],
    sale: [2_000_000, 15_000_000],
    area: [60, 160],
    beds: [1, 3],
    floors: [1, 1],
    scenes: ['house', 'resort'],
    saleShare: 0.5,
  },
  land: {
    rent: [8_000, 150_000],
    sale: [800_000, 90_000_000],
    area: [400, 16_000],
    beds: [0, 0],
    floors: [0, 0],
    scenes: ['land'],
    saleShare: 0.85,
  },
  shophouse: {
    rent: [25_000, 150_000],
    sale: [4_000_000, 35_000_000],
    area: [120, 320],
    beds: [1, 4],
    floors: [3, 5],
    scenes: ['row'],
    saleShare: 0.5,
  },
  office: OFFICE_SPEC,
  pent_villa: VILLA_SPEC,
  home_office: OFFICE_SPEC,
};

/** How many demo listings of each sub type (320 in all). */
const SUB_TYPE_COUNTS: Record<PropertySubType, number> = {
  condo: 88,
  house: 52,
  townhouse: 30,
  twinhouse: 18,
  villa: 28,
  apartment: 26,
  land: 22,
  shophouse: 18,
  office: 16,
  bungalow: 14,
  pent_villa: 4,
  home_office: 4,
};

const LABEL: Record<string, Record<PropertySubType, string>> = {
  en: {
    condo: 'condo',
    apartment: 'apartment',
    house: 'house',
    townhouse: 'townhouse',
    twinhouse: 'twin house',
    villa: 'pool villa',
    bungalow: 'bungalow',
    land: 'land plot',
    shophouse: 'shophouse',
    office: 'office space',
    pent_villa: 'penthouse villa',
    home_office: 'home office',
  },
  th: {
    condo: 'คอนโด',
    apartment: 'อพาร์ตเมนต์',
    house: 'บ้านเดี่ยว',
    townhouse: 'ทาวน์เฮาส์',
    twinhouse: 'บ้านแฝด',
    villa: 'พูลวิลล่า',
    bungalow: 'บังกะโล',
    land: 'ที่ดิน',
    shophouse: 'อาคารพาณิชย์',
    office: 'สำนักงาน',
    pent_villa: 'เพนต์วิลล่า',
    home_office: 'โฮมออฟฟิศ',
  },
  zh: {
    condo: '公寓',
    apartment: '服务式公寓',
    house: '独栋别墅',
    townhouse: '联排别墅',
    twinhouse: '双拼别墅',
    villa: '泳池别墅',
    bungalow: '平房',
    land: '土地',
    shophouse: '商铺楼',
    office: '办公室',
    pent_villa: '顶层别墅',
    home_office: '家庭办公楼',
  },
  TW: {
    condo: '公寓',
    apartment: '服務式公寓',
    house: '獨棟別墅',
    townhouse: '聯排別墅',
    twinhouse: '雙拼別墅',
    villa: '泳池別墅',
    bungalow: '平房',
    land: '土地',
    shophouse: '店屋',
    office: '辦公室',
    pent_villa: '頂層別墅',
    home_office: '住辦大樓',
  },
  ja: {
    condo: 'コンドミニアム',
    apartment: 'アパートメント',
    house: '一戸建て',
    townhouse: 'タウンハウス',
    twinhouse: 'ツインハウス',
    villa: 'プールヴィラ',
    bungalow: 'バンガロー',
    land: '土地',
    shophouse: 'ショップハウス',
    office: 'オフィス',
    pent_villa: 'ペントヴィラ',
    home_office: 'ホームオフィス',
  },
  ru: {
    condo: 'Кондоминиум',
    apartment: 'Апартаменты',
    house: 'Дом',
    townhouse: 'Таунхаус',
    twinhouse: 'Дуплекс',
    villa: 'Вилла с бассейном',
    bungalow: 'Бунгало',
    land: 'Участок',
    shophouse: 'Шопхаус',
    office: 'Офис',
    pent_villa: 'Пентвилла',
    home_office: 'Дом-офис',
  },
  my: {
    condo: 'ကွန်ဒို',
    apartment: 'တိုက်ခန်း',
    house: 'လုံးချင်းအိမ်',
    townhouse: 'တောင်းဟောက်စ်',
    twinhouse: 'အမွှာအိမ်',
    villa: 'ရေကူးကန်ပါ ဗီလာ',
    bungalow: 'ဘန်ဂလို',
    land: 'မြေကွက်',
    shophouse: 'ဆိုင်ခန်းအိမ်',
    office: 'ရုံးခန်း',
    pent_villa: 'ပင့်ဗီလာ',
    home_office: 'အိမ်ရုံး',
  },
};

const EN_ADJECTIVES = [
  'Bright',
  'Modern',
  'Spacious',
  'Cosy',
  'Renovated',
  'Quiet',
  'Stylish',
  'Brand-new',
  'Airy',
  'Elegant',
];
const EN_FEATURES = [
  'with city view',
  'with private garden',
  'near the park',
  'with rooftop pool',
  'fully furnished',
  'with two parking spaces',
  'pet friendly',
  'with large balcony',
];

export function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

function bedsLabel(beds: number, sub: PropertySubType): string {
  if (sub === 'land' || sub === 'office' || sub === 'shophouse') return '';
  return beds === 0 ? 'studio ' : `${beds}-bedroom `;
}

export function titleFor(
  lang: string,
  sub: PropertySubType,
  type: ListingType,
  area: Area,
  beds: number,
  rng: Rng,
): string {
  const label = (LABEL[lang] ?? LABEL.en) as Record<PropertySubType, string>;
  // A rental's lease and deposit are its rental terms (addRentalTerms), not words of its description.
  switch (lang) {
    case 'th': {
      const verb = type === 'rent' ? 'ให้เช่า' : 'ขาย';
      const size = beds > 0 ? ` ${beds} ห้องนอน` : '';
      return rng.pick([
        `${verb}${label[sub]}${size} ย่าน${area.th} ใกล้ ${area.near}`,
        `${label[sub]}${size} ${area.th} ${area.cityTh} พร้อมอยู่ (${verb})`,
        `${verb}ด่วน ${label[sub]}สวย ทำเลดี ${area.th}`,
      ]);
    }
    case 'zh':
      return `${area.en}${label[sub]}${type === 'rent' ? '出租' : '出售'}${beds > 0 ? ` ${beds}卧` : ''}，近${area.near}`;
    case 'TW':
      return `${area.en}${label[sub]}${type === 'rent' ? '出租' : '出售'}${beds > 0 ? ` ${beds}房` : ''}，近${area.near}`;
    case 'ja':
      return `${area.en}の${label[sub]}${beds > 0 ? `（${beds}ベッドルーム）` : ''}${type === 'rent' ? '賃貸' : '売買'}・${area.near}近く`;
    case 'ru':
      return `${label[sub]} ${type === 'rent' ? 'в аренду' : 'на продажу'}${beds > 0 ? `, ${beds} спальни` : ''} — ${area.en}, ${area.city}`;
    case 'my':
      return `${area.en} ရှိ ${label[sub]} ${type === 'rent' ? 'ငှားရန်' : 'ရောင်းရန်'}`;
    default: {
      const adj = rng.pick(EN_ADJECTIVES);
      const what = `${bedsLabel(beds, sub)}${label[sub]}`;
      return rng.pick([
        `${adj} ${what} near ${area.near}`,
        `${adj} ${what} in ${area.en} ${rng.pick(EN_FEATURES)}`,
        `${adj} ${what} for ${type}, ${area.en}, ${area.city}`,
      ]);
    }
  }
}

export function descriptionFor(
  lang: string,
  sub: PropertySubType,
  type: ListingType,
  area: Area,
  sqm: number,
  beds: number,
) {
  const label = (LABEL[lang] ?? LABEL.en) as Record<PropertySubType, string>;
  switch (lang) {
    case 'th':
      return `${label[sub]}พื้นที่ ${sqm} ตร.ม. ย่าน${area.th} ${area.cityTh} เดินทางสะดวก ใกล้ ${area.near} ${beds > 0 ? `${beds} ห้องนอน ` : ''}ตกแต่งพร้อมอยู่ ${type === 'rent' ? '' : 'โอนได้ทันที '}ติดต่อดูสถานที่ได้ทุกวัน`;
    case 'TW':
      return `位於${area.city} ${area.en}的${label[sub]}，面積${sqm}平方公尺，靠近${area.near}。${beds > 0 ? `${beds}間臥室，` : ''}交通便利，周邊生活機能完善。${type === 'rent' ? '' : '可立即過戶。'}`;
    case 'zh':
      return `位于${area.city} ${area.en}的${label[sub]}，面积${sqm}平方米，靠近${area.near}。${beds > 0 ? `${beds}间卧室，` : ''}交通便利，周边生活配套齐全。${type === 'rent' ? '' : '可立即过户。'}`;
    case 'ja':
      return `${area.city}・${area.en}エリアの${label[sub]}、${sqm}平方メートル。${area.near}まですぐ。${beds > 0 ? `${beds}ベッドルーム、` : ''}生活に便利な立地です。${type === 'rent' ? '' : '即時名義変更可能。'}`;
    case 'ru':
      return `${label[sub]} площадью ${sqm} м² в районе ${area.en} (${area.city}), рядом ${area.near}. ${beds > 0 ? `Спален: ${beds}. ` : ''}Удобная транспортная доступность, магазины и кафе рядом. ${type === 'rent' ? '' : 'Переоформление сразу.'}`;
    case 'my':
      return `${area.city} ${area.en} ရှိ ${label[sub]}၊ ${sqm} စတုရန်းမီတာ။ ${area.near} အနီး။ သွားလာရေး အဆင်ပြေသည်။`;
    default:
      return `A ${bedsLabel(beds, sub)}${(LABEL.en as Record<PropertySubType, string>)[sub]} of ${sqm} sqm in ${area.en}, ${area.city}, a short walk from ${area.near}. ${
        sub === 'land'
          ? 'Flat, road-front plot with water and electricity at the boundary; title deed (chanote) ready.'
          : 'Well kept, bright rooms, good ventilation and storage; shops, cafés and markets nearby.'
      } ${type === 'rent' ? 'Viewings by appointment.' : 'Freehold title, ready to transfer.'}`;
  }
}

export type DemoListing = {
  ownerIndex: number;
  title: string;
  description: string;
  type: ListingType;
  userType: 'owner' | 'agent';
  propertyType: 'residential' | 'commercial';
  propertySubType: PropertySubType;
  location: string;
  /** Region group for the Buy or rent screen (Central Bangkok, Northeast…). */
  lat: number;
  lon: number;
  price: number;
  area: number;
  livingSpace: number | null;
  lotArea: number | null;
  bedRooms: number;
  bathRooms: number;
  kitchen: number;
  floors: number;
  level: number;
  avgUtilities: number | null;
  availabilityDate: string;
  language: string;
  isFeatured: boolean;
  /** Minutes before the seed time it was listed (the newest has 0). */
  ageMinutes: number;
  /** Condos: the building's foreign quota has room. */
  foreignQuota: boolean;
  /** Sale listings: the title deed (mostly chanote); null for rentals. */
  titleDeed: TitleDeed | null;
  /**
   * Rentals: their terms (addRentalTerms; the columns of the same names), absent on a sale listing and on the few
   * rentals that leave them out.
   */
  depositMonths?: number | null;
  advanceMonths?: number | null;
  minLeaseMonths?: number | null;
  furnishing?: Furnishing | null;
  petsAllowed?: boolean | null;
  electricity?: ElectricityBilling | null;
  electricityRate?: number | null;
  /** Picture pool picks: the cover's kind first, then the others. */
  scenes: { kind: SceneKind; variant: number }[];
  rooms: { type: string; quantity: number }[];
  /** The demo project (demo-projects.ts DEMO_PROJECTS index) a condo belongs to, or null. */
  projectIndex: number | null;
  /** Earlier asking prices, oldest first, with minutes before the seed time (the current price is `price`). */
  earlierPrices: { price: number; ageMinutes: number }[];
  /** Minutes before the seed time of the last price change (the current price since then), or null for none. */
  priceChangedMinutesAgo: number | null;
};

/** A listing's offsets from its area's centre when the area gives no `spread` (degrees). */
const DEFAULT_SPREAD: [number, number] = [-0.012, 0.012];

/** Title deeds of sale listings, weighted: most Thai property sold to the public has a chanote. */
const DEED_WEIGHTS: [TitleDeed, number][] = [
  ['chanote', 0.8],
  ['nor_sor_3_gor', 0.12],
  ['nor_sor_3', 0.04],
  ['sor_por_kor', 0.02],
  ['other', 0.02],
];

/**
 * Foreign quota (about 40% of condos: many buildings' 49% foreign share is taken) and the title deed of sale listings,
 * from their own PRNG so the rest of the catalogue stays as it was.
 */
function addDeedsAndQuota(listings: DemoListing[]): void {
  const rng = createRng(20_260_302);
  for (const listing of listings) {
    listing.foreignQuota = listing.propertySubType === 'condo' && rng.chance(0.4);
    if (listing.type !== 'sale') continue;
    let roll = rng.next();
    listing.titleDeed = 'other';
    for (const [deed, weight] of DEED_WEIGHTS) {
      if (roll < weight) {
        listing.titleDeed = deed;
        break;
      }
      roll -= weight;
    }
  }
}

/** Sub types let as homes (houses and the like): pets more often welcome, electricity at the government rate. */
const HOUSES = new Set<PropertySubType>(['house', 'townhouse', 'twinhouse', 'villa', 'bungalow', 'pent_villa']);
/** Let as business premises: longer leases, three months' deposit, unfurnished. */
const BUSINESS = new Set<PropertySubType>(['office', 'shophouse', 'home_office']);

/**
 * Bangkok's usual rental terms on most demo rentals (about one in eight says nothing): two months' deposit and one in
 * advance, a year's lease (longer for business premises and land), condos mostly furnished and billing electricity at
 * the building's 7–8 baht a unit, houses at the government rate and more often open to pets. Their own PRNG, so the
 * rest of the catalogue stays as it was.
 */
function addRentalTerms(listings: DemoListing[]): void {
  const rng = createRng(20_261_128);
  for (const listing of listings) {
    if (listing.type !== 'rent' || rng.chance(0.12)) continue;
    const sub = listing.propertySubType;
    const business = BUSINESS.has(sub) || sub === 'land';
    listing.depositMonths = business ? rng.pick([2, 3, 3, 3, 6]) : rng.pick([2, 2, 2, 2, 2, 2, 1, 3]);
    listing.advanceMonths = business ? rng.pick([1, 1, 3]) : rng.pick([1, 1, 1, 1, 1, 1, 0, 2]);
    listing.minLeaseMonths = business ? rng.pick([12, 24, 36, 36]) : rng.pick([12, 12, 12, 12, 12, 6, 6, 3, 24, 1]);
    if (sub === 'land') continue;
    const home = HOUSES.has(sub);
    listing.furnishing = BUSINESS.has(sub)
      ? rng.pick(['unfurnished', 'unfurnished', 'partly'] as const)
      : home
        ? rng.pick(['furnished', 'partly', 'partly', 'unfurnished'] as const)
        : rng.pick(['furnished', 'furnished', 'furnished', 'furnished', 'furnished', 'partly', 'unfurnished'] as const);
    listing.petsAllowed = rng.chance(home ? 0.55 : BUSINESS.has(sub) ? 0.1 : 0.2);
    const building = !home && rng.chance(sub === 'apartment' ? 0.8 : 0.6);
    listing.electricity = building ? 'building' : 'government';
    listing.electricityRate = building ? rng.pick([7, 7, 7.5, 7.5, 8, 8, 9]) : null;
  }
}

// Most listings in English or Thai, as on the portals people know; a few in the other languages.
const LANGS = ['en', 'en', 'en', 'en', 'en', 'en', 'en', 'th', 'th', 'th', 'th', 'th', 'zh', 'ja', 'ru', 'TW', 'my'];

/**
 * What the demo catalogue (demo-catalogue.ts) adds to the listings drawn here: a listing's price from its area's
 * price per m² (the drawn price otherwise, within its sub type's range), more listings (the projects' units) and the
 * price history once every listing has its age.
 */
export type DemoHooks = {
  price?: (sub: PropertySubType, type: ListingType, area: Area, sqm: number, drawn: number) => number;
  more?: () => DemoListing[];
  afterAges?: (listings: DemoListing[]) => void;
};

/** The demo catalogue: the same 320 listings (and what `hooks` add) on every run (seeded PRNG). */
export function demoListings(ownerCount: number, variants: number, today: Date, hooks: DemoHooks = {}): DemoListing[] {
  const rng = createRng(20_260_301);
  const listings: DemoListing[] = [];
  const beachAreas = DEMO_AREAS.filter((a) => a.isBeach);
  for (const sub of PROPERTY_SUB_TYPES) {
    const spec = SPECS[sub];
    for (let i = 0; i < SUB_TYPE_COUNTS[sub]; i++) {
      const area = sub === 'villa' && rng.chance(0.7) ? rng.pick(beachAreas) : rng.pick(DEMO_AREAS);
      const type: ListingType = rng.chance(spec.saleShare) ? 'sale' : 'rent';
      const [lo, hi] = type === 'rent' ? spec.rent : spec.sale;
      // Skewed toward the lower end (more affordable listings than luxury ones), scaled by area.
      const raw = lo + (hi - lo) * rng.next() ** 2.2 * area.priceLevel;
      const beds = rng.int(spec.beds[0], spec.beds[1]);
      const sqmRaw = spec.area[0] + (spec.area[1] - spec.area[0]) * rng.next() ** 1.6;
      const sqm = Math.round(sub === 'condo' ? Math.max(sqmRaw, 24 + beds * 22) : sqmRaw);
      // Held to what a m² costs in the area (demo-prices.ts, through the hook): no 24 m² condo at ฿41.5M.
      const price = hooks.price
        ? hooks.price(sub, type, area, sqm, raw)
        : Math.min(hi, Math.max(lo, roundTo(raw, type === 'rent' ? 500 : 10_000)));
      const language = rng.pick(LANGS);
      const isResidential = SUB_TYPE_PROPERTY_TYPE[sub] === 'residential';
      const floors = rng.int(spec.floors[0], spec.floors[1]);
      const cover = rng.pick(
        area.isBeach && (sub === 'villa' || sub === 'bungalow') ? ['resort' as const] : spec.scenes,
      );
      const scenes = [
        { kind: cover, variant: rng.int(0, variants - 1) },
        ...(sub === 'land'
          ? [{ kind: 'land' as const, variant: rng.int(0, variants - 1) }]
          : [
              { kind: 'interior' as const, variant: rng.int(0, variants - 1) },
              { kind: rng.pick(spec.scenes), variant: rng.int(0, variants - 1) },
            ]),
      ];
      const baths = sub === 'land' ? 0 : Math.max(1, beds - rng.int(0, 1));
      const rooms =
        sub === 'land'
          ? []
          : [
              ...(beds > 0 ? [{ type: 'bedroom', quantity: beds }] : []),
              { type: 'bathroom', quantity: baths },
              ...(rng.chance(0.6) ? [{ type: 'balcony', quantity: rng.int(1, 2) }] : []),
              ...(rng.chance(0.5) ? [{ type: 'parking', quantity: rng.int(1, 2) }] : []),
            ];
      const available = new Date(today.getTime() + rng.int(0, 75) * 86_400_000);
      listings.push({
        ownerIndex: rng.int(0, ownerCount - 1),
        title: titleFor(language, sub, type, area, beds, rng),
        description: descriptionFor(language, sub, type, area, sqm, beds),
        type,
        userType: 'owner',
        propertyType: SUB_TYPE_PROPERTY_TYPE[sub],
        propertySubType: sub,
        location: `${area.en}, ${area.city}`,
        lat: Number((area.lat + rng.range(...(area.spread?.lat ?? DEFAULT_SPREAD))).toFixed(6)),
        lon: Number((area.lon + rng.range(...(area.spread?.lon ?? DEFAULT_SPREAD))).toFixed(6)),
        price,
        area: sqm,
        livingSpace: isResidential ? Math.round(sqm * 0.85) : null,
        lotArea: ['house', 'twinhouse', 'villa', 'bungalow', 'townhouse'].includes(sub)
          ? Math.round(sqm * rng.range(1.3, 2.5))
          : sub === 'land'
            ? sqm
            : null,
        bedRooms: beds,
        bathRooms: baths,
        kitchen: sub === 'land' ? 0 : 1,
        floors,
        level: sub === 'condo' || sub === 'apartment' || sub === 'office' ? rng.int(2, 42) : 0,
        avgUtilities: sub === 'land' ? null : roundTo(rng.range(1_200, 9_000), 100),
        availabilityDate: available.toISOString().slice(0, 10),
        language,
        isFeatured: rng.chance(0.12),
        foreignQuota: false,
        titleDeed: null,
        ageMinutes: 0,
        scenes,
        rooms,
        projectIndex: null,
        earlierPrices: [],
        priceChangedMinutesAgo: null,
      });
    }
  }
  listings.push(...(hooks.more?.() ?? []));
  addDeedsAndQuota(listings);
  addRentalTerms(listings);
  // Interleave sub types and cities in time: shuffle, then list one every few hours.
  for (let i = listings.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [listings[i], listings[j]] = [listings[j] as DemoListing, listings[i] as DemoListing];
  }
  // Listed over the last two years (the market figures' trend needs them), the newest just now.
  let age = 0;
  for (const listing of listings) {
    listing.ageMinutes = age;
    age += rng.int(60, 3_600);
  }
  hooks.afterAges?.(listings);
  return listings;
}
