// When a route is quiet: assigned to a volunteer or in transit, and nobody moved or updated it for this many hours.
// The digest lists such routes ("Rutas sin movimiento") and the review stats count them.

/** Hours without a change after which an assigned or in-transit route counts as quiet. */
export const QUIET_ROUTE_HOURS = 24;

/** The statuses a quiet route can have: an available route waits for a volunteer, a finished one has ended. */
export const MOVING_ROUTE_STATUSES = ['assigned', 'in_transit'] as const;
