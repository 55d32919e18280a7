// How many change-feed streams (/api/public/v1/changes/stream) an instance holds open: the rule every surface
// states (the route, its OpenAPI description, the configuration).

/** Streams one client address may hold open on an instance (IPv6 per /64). */
export const CHANGE_STREAMS_PER_CLIENT = 8;
/** Streams an instance holds open in all unless CHANGE_STREAMS_MAX says otherwise. */
export const DEFAULT_CHANGE_STREAMS_MAX = 1000;
