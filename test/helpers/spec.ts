// Field lists the specification fixes, asserted literally so a schema change cannot quietly move away from them.
/** SPEC 2.10 LogisticsOperation. */
export const LOGISTICS_OPERATION_FIELDS = [
  'created_at',
  'destination_address',
  'destination_help_point_id',
  'destination_latitude',
  'destination_longitude',
  'distance_km',
  'emergency_slug',
  'id',
  'pickup_address',
  'pickup_latitude',
  'pickup_longitude',
  'quantity_label',
  'route_conditions',
  'status',
  'supply_description',
  'title',
];
