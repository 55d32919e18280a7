// `ayuda logistics create`: opens an available logistics route to a published request.
import { createLogisticsOperation } from '../../commands/create-logistics-operation.ts';
import { logisticsStatusLabels } from '../../domain/logistics-status.ts';
import { type CliCommand, cliActor, optionalNumber, requireString, UsageError, withContext } from '../io.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export const logisticsCreate: CliCommand = {
  path: ['logistics', 'create'],
  summary: 'Crea una ruta logística disponible hacia una solicitud publicada (el contacto del voluntario es privado).',
  usage:
    'ayuda logistics create --emergency S --destination ID_SOLICITUD --title T --supply TEXTO ' +
    '(--pickup-address A --pickup-lat LAT --pickup-lon LON | --pickup-center ID_CENTRO) ' +
    '[--quantity-label L] [--conditions TEXTO] [--volunteer-contact TEXTO] [--json]',
  options: {
    emergency: { type: 'string' },
    destination: { type: 'string' },
    title: { type: 'string' },
    supply: { type: 'string' },
    'pickup-address': { type: 'string' },
    'pickup-lat': { type: 'string' },
    'pickup-lon': { type: 'string' },
    'pickup-center': { type: 'string' },
    'quantity-label': { type: 'string' },
    conditions: { type: 'string' },
    'volunteer-contact': { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(args, io) {
    const v = args.values;
    const pickupOptions = ['pickup-center', 'pickup-address', 'pickup-lat', 'pickup-lon'];
    if (pickupOptions.every((name) => v[name] === undefined)) {
      throw new UsageError(
        'falta el lugar de recogida: --pickup-center, o --pickup-address con --pickup-lat y --pickup-lon',
      );
    }
    const input = {
      emergencySlug: requireString(args, 'emergency'),
      destinationHelpId: requireString(args, 'destination'),
      title: requireString(args, 'title'),
      supplyDescription: requireString(args, 'supply'),
      pickupHelpId: text(v['pickup-center']),
      pickupAddress: text(v['pickup-address']),
      pickupLatitude: optionalNumber(args, 'pickup-lat'),
      pickupLongitude: optionalNumber(args, 'pickup-lon'),
      quantityLabel: text(v['quantity-label']),
      routeConditions: text(v.conditions),
      volunteerContact: text(v['volunteer-contact']),
    };
    const row = await withContext(io, (ctx) => createLogisticsOperation(ctx, input, cliActor(io.env)));
    // Leaders' view: every stored column, the volunteer's contact included.
    if (v.json) io.out(JSON.stringify({ ...row, emergency_slug: input.emergencySlug }));
    else
      io.out(
        `Ruta logística creada: ${row.id} (${logisticsStatusLabels[row.status]}, ${row.distance_km} km hasta el destino)`,
      );
    return 0;
  },
};
