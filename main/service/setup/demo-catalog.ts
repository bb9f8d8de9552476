/**
 * The demo store's catalog: a few hundred frames, sunglasses, spectacle lenses (index, coating,
 * power range), contact lenses (BC, DIA, power), solutions with batches and expiry dates, and
 * accessories, with barcodes, prices and stock in both branches. Generated from a fixed seed, so
 * every demo shows the same shop. Only the demo store calls this; `npm run setup` never does.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import { ean13 } from '../catalog/barcode.js';
import { catalogWriter, type CatalogItem } from '../catalog/item-writer.js';
import type { Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { ITEM_TYPE } from '../store/item-type.js';
import { fitters } from '../store/fitter.js';
import { insuranceCompanies } from '../store/insurance-company.js';
import { memberships } from '../store/membership.js';
import { suppliers } from '../store/supplier.js';
import { seededRandom } from './seeded-random.js';

const DAY = 86_400_000;
const rupees = (r: number) => Math.round(r * 100);
/** Shop prices end in 90 or 50 rupees, not in random paise. */
const shopPrice = (r: number) => rupees(Math.max(90, Math.round(r / 100) * 100 - 10));

const BLANK: Omit<CatalogItem, 'itemTypeId' | 'code' | 'name' | 'salePrice' | 'mrp'> = {
  category: null, subCategory: null, brand: null, barcode: null, model: null, colour: null, size: null, material: null,
  hsnCode: null, cost: null, priceIncludesTax: true, madeToOrder: false, lensIndex: null, coating: null, powerFrom: null,
  powerTo: null, cylTo: null, power: null, baseCurve: null, diameter: null, isActive: true,
};

const FRAME_BRANDS: ReadonlyArray<[brand: string, prefix: string, from: number, to: number]> = [
  ['Ray-Ban', 'RB', 5500, 12500], ['Vogue', 'VO', 4500, 9000], ['Titan', 'TW', 1800, 4500], ['Fastrack', 'FT', 1200, 2800],
  ['Carrera', 'CA', 6500, 14000], ['IDEE', 'ID', 2500, 6000], ['Oakley', 'OX', 7000, 15000], ['Opium', 'OP', 2200, 5500],
];
const FRAME_SHAPES = ['Full Rim', 'Half Rim', 'Rimless'];
const WEARERS = ['Men', 'Women', 'Unisex', 'Kids'];
const FRAME_MATERIALS = ['Acetate', 'Metal', 'TR90', 'Titanium', 'Stainless Steel'];
const COLOURS = ['Black', 'Gunmetal', 'Gold', 'Havana', 'Blue', 'Wine', 'Silver', 'Matte Grey', 'Crystal', 'Brown'];
const FRAME_STYLES = ['Rectangle', 'Square', 'Round', 'Cat Eye', 'Aviator', 'Oval', 'Wayfarer', 'Clubmaster', 'Geometric'];

const SUN_BRANDS: ReadonlyArray<[brand: string, prefix: string, from: number, to: number]> = [
  ['Ray-Ban', 'RB', 6500, 16000], ['Oakley', 'OO', 8000, 18000], ['Fastrack', 'FS', 1000, 2500], ['Polaroid', 'PL', 2500, 5000],
  ['Carrera', 'CS', 7000, 15000], ['Vincent Chase', 'VC', 1500, 3500],
];
const SUN_STYLES = ['Aviator', 'Wayfarer', 'Round', 'Sports Wrap', 'Cat Eye', 'Square', 'Shield'];
const SUN_LENSES = ['G-15 Green', 'Grey Gradient', 'Brown Polarized', 'Blue Mirror', 'Grey Polarized'];

const LENS_BRANDS: ReadonlyArray<[brand: string, prefix: string, factor: number]> = [
  ['Essilor', 'ESS', 1.6], ['Zeiss', 'ZEI', 1.8], ['Hoya', 'HOY', 1.5], ['Kodak', 'KOD', 1.0], ['Crizal', 'CRZ', 1.4],
];
const LENS_DESIGNS: ReadonlyArray<[design: string, code: string, base: number]> = [
  ['Single Vision', 'SV', 1200], ['Bifocal Kryptok', 'KT', 1800], ['Progressive', 'PR', 6000],
];
const LENS_INDEXES: ReadonlyArray<[index: string, factor: number, maxSph: number]> = [
  ['1.50', 1.0, 600], ['1.56', 1.2, 800], ['1.60', 1.8, 1000], ['1.67', 2.6, 1200], ['1.74', 3.8, 1400],
];
const COATINGS: ReadonlyArray<[coating: string, code: string, factor: number]> = [
  ['Hard Coat', 'HC', 1.0], ['Anti-Reflection', 'ARC', 1.5], ['Blue Cut', 'BC', 1.9], ['Photochromic', 'PG', 2.6],
];

const CONTACT_LENSES: ReadonlyArray<{ brand: string; name: string; code: string; wear: string; bc: number; dia: number; price: number; box: string }> = [
  { brand: 'Acuvue', name: 'Acuvue Oasys', code: 'AOA', wear: 'Two-weekly', bc: 8.4, dia: 14.0, price: 2100, box: '6 lenses' },
  { brand: 'Acuvue', name: '1-Day Acuvue Moist', code: 'ADM', wear: 'Daily', bc: 8.5, dia: 14.2, price: 1950, box: '30 lenses' },
  { brand: 'Bausch + Lomb', name: 'SofLens 59', code: 'BSL', wear: 'Monthly', bc: 8.6, dia: 14.2, price: 990, box: '6 lenses' },
  { brand: 'Alcon', name: 'Air Optix Aqua', code: 'AXA', wear: 'Monthly', bc: 8.6, dia: 14.2, price: 1750, box: '6 lenses' },
  { brand: 'CooperVision', name: 'Biofinity', code: 'CBF', wear: 'Monthly', bc: 8.6, dia: 14.0, price: 2400, box: '6 lenses' },
];
/** -0.50 .. -6.00 in 0.25 steps, then 0.50 steps to -8.00: the powers a store keeps in stock. */
const CL_POWERS = [
  ...Array.from({ length: 23 }, (_, i) => -50 - i * 25),
  ...Array.from({ length: 4 }, (_, i) => -650 - i * 50),
];

const SOLUTIONS: ReadonlyArray<[brand: string, name: string, size: string, price: number]> = [
  ['Bausch + Lomb', 'ReNu Fresh Multi-Purpose Solution', '120 ml', 350], ['Bausch + Lomb', 'ReNu Fresh Multi-Purpose Solution', '355 ml', 690],
  ['Bausch + Lomb', 'Biotrue Multi-Purpose Solution', '300 ml', 790], ['Alcon', 'Opti-Free Express', '355 ml', 750],
  ['Alcon', 'Opti-Free PureMoist', '300 ml', 890], ['CooperVision', 'Aquify Long Lasting Comfort Drops', '10 ml', 450],
  ['Alcon', 'AOSept Plus Hydrogen Peroxide', '360 ml', 1150], ['Bausch + Lomb', 'Sensitive Eyes Rewetting Drops', '15 ml', 320],
];

const ACCESSORIES: ReadonlyArray<[name: string, category: string, hsn: string, price: number]> = [
  ['Hard Shell Spectacle Case', 'Cases', '4202', 250], ['Premium Leather Spectacle Case', 'Cases', '4202', 650],
  ['Foldable Case', 'Cases', '4202', 390], ['Kids Zip Case', 'Cases', '4202', 190], ['Contact Lens Case', 'Cases', '4202', 90],
  ['Microfibre Cleaning Cloth', 'Cleaning', '6307', 90], ['Anti-Fog Cleaning Cloth', 'Cleaning', '6307', 190],
  ['Lens Cleaning Spray 60 ml', 'Cleaning', '3402', 190], ['Lens Cleaning Kit', 'Cleaning', '3402', 350],
  ['Beaded Spectacle Chain', 'Chains and Cords', '7117', 290], ['Sports Strap', 'Chains and Cords', '6307', 250],
  ['Silicone Nose Pads (pair)', 'Spares', '3926', 90], ['Screwdriver Repair Kit', 'Spares', '8205', 150],
  ['Contact Lens Applicator', 'Spares', '3926', 120], ['Anti-Slip Ear Grips (pair)', 'Spares', '3926', 90],
];

export interface DemoCatalogEntry {
  item: CatalogItem;
  /** Units per branch index and batch; none for made-to-order lenses. */
  stock: Array<{ branch: number; onHand: number; batchNo?: string; expiry?: string }>;
}

/** The demo catalog as plain data; `branches` is how many branches share the stock. */
export function demoCatalog(now: Date, branches: number): DemoCatalogEntry[] {
  const rand = seededRandom(4_2024);
  const out: DemoCatalogEntry[] = [];
  let serial = 0;
  const barcode = () => ean13('890', 4_100_000 + ++serial);
  const shelf = (max: number) => Array.from({ length: branches }, (_, branch) => ({ branch, onHand: rand.int(max + 1) }));
  const inDays = (days: number) => localDate(new Date(now.getTime() + days * DAY));

  FRAME_BRANDS.forEach(([brand, prefix, from, to]) => {
    for (let i = 0; i < 19; i++) {
      const model = `${prefix}${3000 + rand.int(900) * 5 + i}`;
      const colour = rand.pick(COLOURS);
      const style = rand.pick(FRAME_STYLES);
      const price = shopPrice(from + rand.int(to - from));
      out.push({
        item: {
          ...BLANK, itemTypeId: ITEM_TYPE.frame, category: rand.pick(FRAME_SHAPES), subCategory: rand.pick(WEARERS), brand,
          code: `FR-${model}-${String(i).padStart(2, '0')}`, barcode: barcode(), name: `${brand} ${style} ${model} ${colour}`, model, colour,
          size: `${48 + rand.int(8)}-${16 + rand.int(5)}-${135 + rand.int(3) * 5}`, material: rand.pick(FRAME_MATERIALS),
          hsnCode: '90031900', salePrice: price, mrp: price + (rand.int(3) === 0 ? rupees(500) : 0), cost: Math.round(price * 0.55),
        },
        stock: shelf(6),
      });
    }
  });

  SUN_BRANDS.forEach(([brand, prefix, from, to]) => {
    for (let i = 0; i < 11; i++) {
      const model = `${prefix}${4000 + rand.int(300) * 3 + i}`;
      const lens = rand.pick(SUN_LENSES);
      const price = shopPrice(from + rand.int(to - from));
      out.push({
        item: {
          ...BLANK, itemTypeId: ITEM_TYPE.sunGlass, category: rand.pick(SUN_STYLES), subCategory: lens.includes('Polarized') ? 'Polarized' : 'Non-Polarized',
          brand, code: `SG-${model}`, barcode: barcode(), name: `${brand} ${model} ${lens}`, model, colour: lens, size: `${52 + rand.int(10)}-${14 + rand.int(6)}`,
          material: rand.pick(['Acetate', 'Metal', 'Nylon']), hsnCode: '90041000', salePrice: price, mrp: price, cost: Math.round(price * 0.6),
        },
        stock: shelf(4),
      });
    }
  });

  for (const [brand, prefix, brandFactor] of LENS_BRANDS) {
    for (const [design, designCode, base] of LENS_DESIGNS) {
      for (const [index, indexFactor, maxSph] of LENS_INDEXES) {
        // Not every brand makes every index in every design: a third are left out, as in a real price list.
        if (rand.int(3) === 0 && index !== '1.56') continue;
        const [coating, coatingCode, coatingFactor] = rand.pick(COATINGS);
        const price = shopPrice(base * brandFactor * indexFactor * coatingFactor);
        out.push({
          item: {
            ...BLANK, itemTypeId: ITEM_TYPE.spectacleLens, category: design, subCategory: coating, brand,
            code: `LN-${prefix}-${designCode}-${index.replace('.', '')}-${coatingCode}`, barcode: null,
            name: `${brand} ${design} ${index} ${coating}`, hsnCode: '90015000', salePrice: price, mrp: price, cost: Math.round(price * 0.45),
            madeToOrder: true, lensIndex: index, coating, powerFrom: -maxSph, powerTo: Math.round(maxSph / 2), cylTo: index === '1.50' ? 200 : 400,
            ...(designCode === 'PR' ? { addFrom: 75, addTo: 350 } : designCode === 'KT' ? { addFrom: 100, addTo: 300 } : {}),
            material: index === '1.50' ? 'CR-39' : index === '1.56' ? 'Mid-index resin' : 'High-index resin',
          },
          stock: [],
        });
      }
    }
  }

  for (const cl of CONTACT_LENSES) {
    for (const power of CL_POWERS) {
      const diopters = (power / 100).toFixed(2);
      const batchNo = `${cl.code}${String(2500 + rand.int(400))}`;
      out.push({
        item: {
          ...BLANK, itemTypeId: ITEM_TYPE.contactLens, category: cl.wear, subCategory: 'Spherical', brand: cl.brand,
          code: `CL-${cl.code}${diopters}`, barcode: barcode(), name: `${cl.name} ${diopters} (${cl.box})`, size: cl.box,
          hsnCode: '90013000', salePrice: rupees(cl.price), mrp: rupees(cl.price), cost: rupees(cl.price * 0.62), power,
          baseCurve: cl.bc, diameter: cl.dia, material: 'Silicone hydrogel',
        },
        stock: Array.from({ length: branches }, (_, branch) => ({ branch, onHand: rand.int(5), batchNo, expiry: inDays(200 + rand.int(500)) })),
      });
    }
  }

  SOLUTIONS.forEach(([brand, name, size, price], i) => {
    const batch = (n: number) => `S${24 + n}${String(1000 + rand.int(9000))}`;
    out.push({
      item: {
        ...BLANK, itemTypeId: ITEM_TYPE.contactLensCare, category: name.includes('Drops') ? 'Eye Drops' : 'Solutions', brand,
        code: `CS-${String(i + 1).padStart(3, '0')}`, barcode: barcode(), name: `${name} ${size}`, size, hsnCode: '33079090',
        salePrice: rupees(price), mrp: rupees(price), cost: rupees(price * 0.7),
      },
      // An older batch near (or past) its expiry beside a fresh one: expired units are not sellable stock.
      stock: Array.from({ length: branches }, (_, branch) => [
        { branch, onHand: 1 + rand.int(3), batchNo: batch(0), expiry: inDays(i % 3 === 0 ? -20 : 45) },
        { branch, onHand: 4 + rand.int(10), batchNo: batch(1), expiry: inDays(400 + rand.int(200)) },
      ]).flat(),
    });
  });

  ACCESSORIES.forEach(([name, category, hsn, price], i) => {
    out.push({
      item: {
        ...BLANK, itemTypeId: ITEM_TYPE.accessories, category, code: `AC-${String(i + 1).padStart(3, '0')}`, barcode: barcode(), name,
        hsnCode: hsn, salePrice: rupees(price), mrp: rupees(price), cost: rupees(price * 0.4),
      },
      stock: shelf(30),
    });
  });
  return out;
}

export function seedDemoCatalog(db: Db, ids: IdSource, store: { companyId: number; branchIds: Map<string, number> }, now: Date): void {
  const branchIds = [...store.branchIds.values()];
  db.transaction(() => {
    const writer = catalogWriter(db, ids, store.companyId, now.toISOString());
    for (const entry of demoCatalog(now, branchIds.length)) {
      const { id } = writer.save(entry.item);
      for (const s of entry.stock) {
        writer.setStock(id, branchIds[s.branch]!, s.onHand, { batchNo: s.batchNo ?? '', expiry: s.expiry ?? null });
      }
    }
    const labs = suppliers(db);
    for (const [name, city] of [['Essilor Rx Lab', 'Ahmedabad'], ['Zeiss Vision Centre Lab', 'Ahmedabad'], ['Hoya Lens India', 'Surat'], ['GKB Rx Lens', 'Vadodara']] as const) {
      labs.insert(ids, store.companyId, { name, mobile: null, email: null, gstin: null, city, is_lab: 1 });
    }
    fitters(db).insert(ids, store.companyId, 'In-house fitting desk', null);
    fitters(db).insert(ids, store.companyId, 'Ramesh Fitting Works', '9825099887');
    for (const [name, bp] of [['Silver', 500], ['Gold', 1000], ['Platinum', 1500], ['Senior Citizen', 1000]] as const) {
      memberships(db).insert(ids, store.companyId, name, bp);
    }
    const insurers = insuranceCompanies(db);
    for (const [name, code, active] of [
      ['Star Health and Allied Insurance', 'STAR', true], ['HDFC ERGO General Insurance', 'HDFCERGO', true],
      ['ICICI Lombard General Insurance', 'ICICILOM', true], ['Niva Bupa Health Insurance', 'NIVA', true],
      ['Care Health Insurance', 'CARE', false],
    ] as const) {
      insurers.insert(ids, store.companyId, { name, code, active }, now.toISOString());
    }
  }).immediate();
}
