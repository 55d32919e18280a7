// The demo's operations after its records: centre inventories (one line left stale, one over a thousand), logistics
// routes (one delivered in another unit than its request's, waiting for a leader to convert it), and a
// console account to try the leaders' side with.
import { createAccount } from '../commands/create-account.ts';
import { createLogisticsOperation } from '../commands/create-logistics-operation.ts';
import { claimRoute } from '../commands/route-claims/claim-route.ts';
import { decideClaim, progressByCode } from '../commands/route-claims/decide-claim.ts';
import { setInventoryLine } from '../commands/set-inventory-line.ts';
import { setLogisticsStatus } from '../commands/set-logistics-status.ts';
import type { Context } from '../context.ts';
import type { Category } from '../domain/categories.ts';
import { sameUnit } from '../domain/units.ts';
import type { EmergencyRow } from '../repositories/emergencies.ts';
import { leaderRecords, routeEndpoints } from '../repositories/help-records/leaders.ts';
import { findById, type HelpRow } from '../repositories/help-records/records.ts';
import { claimsOfEmergency } from '../repositories/route-claims.ts';
import { DEMO_ACTOR } from './demo-data.ts';

/** Only for the throwaway demo database; `ayuda demo` prints it. */
export const DEMO_ACCOUNT = { email: 'admin@demo.ayuda.local', password: 'demo-ayuda-directa', name: 'Equipo demo' };

type Line = {
  kind: 'have' | 'need';
  category: Category;
  quantity: number;
  unit: string;
  note?: string;
  hoursAgo: number;
};

const linesByCentre: Line[][] = [
  [
    { kind: 'need', category: 'agua', quantity: 200, unit: 'bidones', note: 'Bidones de 20 litros', hoursAgo: 3 },
    // Over a thousand: the pages write it as Colombians do ("1.250 kg").
    { kind: 'have', category: 'alimentos', quantity: 1250, unit: 'kg', hoursAgo: 5 },
    { kind: 'have', category: 'ropa', quantity: 40, unit: 'cajas', note: 'Clasificada por tallas', hoursAgo: 30 },
  ],
  [
    { kind: 'need', category: 'panales', quantity: 120, unit: 'paquetes', note: 'Tallas 3 y 4', hoursAgo: 2 },
    { kind: 'have', category: 'agua', quantity: 90, unit: 'bidones', hoursAgo: 6 },
  ],
  [
    { kind: 'need', category: 'medicamentos', quantity: 50, unit: 'kits', note: 'Sueros y analgésicos', hoursAgo: 8 },
    { kind: 'have', category: 'higiene', quantity: 150, unit: 'kits', hoursAgo: 26 },
  ],
  [{ kind: 'need', category: 'voluntariado', quantity: 15, unit: 'personas', note: 'Para clasificar', hoursAgo: 4 }],
  [{ kind: 'have', category: 'herramientas', quantity: 25, unit: 'palas', hoursAgo: 12 }],
];

/** Where a route goes, as a team names it: "Barrio Obrero", "Vereda San Antonio", else the address. */
function placeOf(record: HelpRow | undefined): string {
  const neighbourhood = record?.neighborhood?.trim();
  if (neighbourhood) return /^(barrio|vereda)\b/i.test(neighbourhood) ? neighbourhood : `Barrio ${neighbourhood}`;
  return record?.address?.split(',')[0]?.trim() || record?.title || '';
}

/** What a centre's route carries, by what its request asks for. */
const supplyFor: Partial<Record<Category, string>> = {
  alimentos: 'Mercados y agua potable',
  agua: 'Bidones de agua potable',
  ropa: 'Cobijas y ropa de abrigo',
  higiene: 'Kits de higiene',
  panales: 'Pañales y kits de higiene',
};
const SUPPLY_DEFAULT = 'Mercados, agua y kits de higiene';

/** A route's name as the team says it: what goes and where, "Mercados y agua potable → Barrio Obrero". */
const routeName = (what: string, record: HelpRow | undefined) => `${what} → ${placeOf(record)}`.slice(0, 100);

/** Goods a person offers from home that a volunteer can carry (not a service, a vehicle or a person). */
const CARRIED: ReadonlySet<string> = new Set(['agua', 'ropa', 'higiene', 'panales']);

/**
 * A volunteer took a route and says they delivered "15 cajas" to a request counted in another unit: it shows "sin
 * convertir" and adds nothing until a leader says in the console what it is worth.
 */
async function deliveredInAnotherUnit(ctx: Context, emergency: EmergencyRow, pickupId: string, destinationId: string) {
  const destination = await findById(ctx, destinationId);
  const unit = sameUnit('cajas', destination?.unit ?? 'cajas') ? 'bultos' : 'cajas';
  const { id: routeId } = await createLogisticsOperation(
    ctx,
    {
      emergencySlug: emergency.slug,
      destinationHelpId: destinationId,
      title: routeName(`Mercados (entregados en ${unit})`, destination),
      supplyDescription: 'Mercados del centro de acopio, contados en el camión',
      quantityLabel: `15 ${unit}`,
      pickupHelpId: pickupId,
    },
    DEMO_ACTOR,
  );
  const volunteer = { contactName: 'Yesid Mutumbajoy', contactWhatsapp: '+573005550132', when: 'Esta mañana' };
  const { code } = await claimRoute(ctx, routeId, volunteer, { scope: 'demo-claim-delivered', counted: 'all' });
  const claim = (await claimsOfEmergency(ctx.db, emergency.id)).find((c) => c.operation_id === routeId);
  if (!claim) return;
  await decideClaim(ctx, claim.id, emergency.id, 'accept', DEMO_ACTOR);
  await progressByCode(ctx, code, 'in_transit');
  await progressByCode(ctx, code, 'delivered', 15, unit);
}

export async function seedDemoOperations(ctx: Context, emergency: EmergencyRow): Promise<void> {
  const reference = ctx.now().getTime();
  const at = (hoursAgo: number): Context => ({ ...ctx, now: () => new Date(reference - hoursAgo * 3_600_000) });
  const { rows: centres } = await leaderRecords(
    ctx.db,
    emergency.id,
    { reviewStatus: 'approved', type: 'offer', centersOnly: true },
    { limit: linesByCentre.length, offset: 0 },
  );
  const ordered = [...centres].sort((a, b) => a.title.localeCompare(b.title));
  for (const [i, centre] of ordered.entries()) {
    for (const line of linesByCentre[i] ?? []) {
      const { hoursAgo, ...input } = line;
      await setInventoryLine(at(hoursAgo), centre.id, input, DEMO_ACTOR);
    }
  }

  const { destinations } = await routeEndpoints(ctx.db, emergency.id, 3);
  const pickup = ordered[0];
  if (pickup) {
    for (const [i, destination] of destinations.entries()) {
      const record = await findById(ctx, destination.id);
      const supply = (record && supplyFor[record.category as Category]) || SUPPLY_DEFAULT;
      const route = await createLogisticsOperation(
        at(10 - i),
        {
          emergencySlug: emergency.slug,
          destinationHelpId: destination.id,
          title: routeName(supply, record),
          supplyDescription: supply,
          quantityLabel: `${10 + i * 5} cajas`,
          pickupHelpId: pickup.id,
          routeConditions: i === 0 ? 'Vía destapada después del puente; solo 4x4' : undefined,
          volunteerContact: `Conductor demo ${i + 1}`,
        },
        DEMO_ACTOR,
      );
      if (i === 2) await setLogisticsStatus(at(1), route.id, 'assigned', DEMO_ACTOR);
    }
    const second = destinations[1];
    if (second) await deliveredInAnotherUnit(at(2), emergency, pickup.id, second.id);
  }
  // A route that picks up goods at a person's offer (not a centre): public at the offer's approximate place.
  const { rows: offers } = await leaderRecords(
    ctx.db,
    emergency.id,
    { reviewStatus: 'approved', type: 'offer' },
    { limit: 100, offset: 0 },
  );
  const fromHome = offers
    .filter(
      (o) =>
        o.collection_center_status === null && o.exact_location !== 1 && o.latitude !== null && CARRIED.has(o.category),
    )
    .sort((a, b) => a.title.localeCompare(b.title))[0];
  const destination = destinations[0];
  if (fromHome && destination) {
    await createLogisticsOperation(
      at(3),
      {
        emergencySlug: emergency.slug,
        destinationHelpId: destination.id,
        title: routeName(fromHome.title, await findById(ctx, destination.id)),
        // The offer's own words say what goes; the team gives the address to the volunteer it accepts.
        supplyDescription: fromHome.title,
        routeConditions: 'Se recoge en la casa de quien lo ofrece: el equipo da la dirección a quien acepte',
        pickupHelpId: fromHome.id,
      },
      DEMO_ACTOR,
    );
  }

  await createAccount(ctx, { ...DEMO_ACCOUNT, role: 'admin', emergencySlugs: [] }, DEMO_ACTOR);
}
