// Lifecycle of a logistics route: which status may follow which, and how people read each one.
import { type LogisticsStatus, logisticsStatuses } from './statuses.ts';

export type { LogisticsStatus };

/** A volunteer may drop out (assigned -> available); delivered and cancelled are final. */
const transitions: Readonly<Record<LogisticsStatus, readonly LogisticsStatus[]>> = {
  available: ['assigned', 'cancelled'],
  assigned: ['in_transit', 'available', 'cancelled'],
  in_transit: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

export const logisticsStatusLabels: Readonly<Record<LogisticsStatus, string>> = {
  available: 'Disponible',
  assigned: 'Asignada a un voluntario',
  in_transit: 'En camino',
  delivered: 'Entregada',
  cancelled: 'Cancelada',
};

/** What a button that moves a route to this status says (the console shows one per next status). */
export const logisticsMoveLabels: Readonly<Record<LogisticsStatus, string>> = {
  available: 'Volver a disponible',
  assigned: 'Asignar',
  in_transit: 'Salió hacia el destino',
  delivered: 'Marcar entregada',
  cancelled: 'Cancelar ruta',
};

export function isLogisticsStatus(value: unknown): value is LogisticsStatus {
  return typeof value === 'string' && (logisticsStatuses as readonly string[]).includes(value);
}

/** The statuses a route in `from` may move to, in the order the console shows them. */
export function nextLogisticsStatuses(from: LogisticsStatus): readonly LogisticsStatus[] {
  return transitions[from];
}

export function canMove(from: LogisticsStatus, to: LogisticsStatus): boolean {
  return transitions[from].includes(to);
}

export function isFinalLogisticsStatus(status: LogisticsStatus): boolean {
  return transitions[status].length === 0;
}
