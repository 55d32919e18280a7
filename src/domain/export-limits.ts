// How HXL exports are kept and built: the rule the route, its OpenAPI description and the configuration state.

/** Exports built at the same time on one instance; another is refused with 429 export_busy. */
export const EXPORT_BUILDS = 2;
/** Seconds a client refused for a busy instance is asked to wait. */
export const EXPORT_RETRY_SECONDS = 5;
/** Megabytes of kept exports unless EXPORT_CACHE_MB says otherwise. */
export const EXPORT_CACHE_DEFAULT_MB = 200;
