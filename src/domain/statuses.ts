// Enumerations of SPEC 3 and the ones DESIGN.md settles.
export const helpTypes = ['request', 'offer'] as const;
export type HelpType = (typeof helpTypes)[number];

export const recordStatuses = ['active', 'in_process', 'completed'] as const;
export type RecordStatus = (typeof recordStatuses)[number];

export const urgencies = ['urgent', 'needed', 'stable'] as const;
export type Urgency = (typeof urgencies)[number];

export const reviewStatuses = ['pending_review', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const priorityFilters = ['all', 'urgent', 'deficit', 'near_covered'] as const;
export type PriorityFilter = (typeof priorityFilters)[number];

export const collectionCenterStatuses = ['full', 'needs_volunteers', 'needs_resources'] as const;
export type CollectionCenterStatus = (typeof collectionCenterStatuses)[number];

export const logisticsStatuses = ['available', 'assigned', 'in_transit', 'delivered', 'cancelled'] as const;
export type LogisticsStatus = (typeof logisticsStatuses)[number];

export const operationalStatuses = [
  'unattended',
  'partially_covered',
  'covered',
  'in_transit',
  'delivered',
  'available',
  'committed',
  'closed',
] as const;
export type OperationalStatus = (typeof operationalStatuses)[number];

export const emergencyStatuses = ['active', 'closed'] as const;
export type EmergencyStatus = (typeof emergencyStatuses)[number];

export const collectionCenterStatusLabels: Record<CollectionCenterStatus, string> = {
  full: 'Lleno',
  needs_volunteers: 'Necesita voluntarios',
  needs_resources: 'Necesita recursos',
};

/** The order of a list: best priority first (the default), or nearest first around latitude/longitude. */
export const helpSorts = ['priority', 'distance'] as const;
export type HelpSort = (typeof helpSorts)[number];

/** commitment=uncommitted: requests with something still unpledged (pending beyond the open pledges). */
export const commitmentFilters = ['all', 'uncommitted'] as const;
