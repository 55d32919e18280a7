// Spanish words the console shows for fields, statuses and decisions.
import { offerFieldColumns, requestFieldColumns } from '../../commands/submission-fields.ts';
import { columnLabel, type HelpRecordColumn, helpRecordRoles } from '../../db/column-roles.ts';
import { categories, categoryLabels } from '../../domain/categories.ts';
import { collectionCenterStatuses, collectionCenterStatusLabels } from '../../domain/statuses.ts';

export const typeLabels = { request: 'Solicitud', offer: 'Ofrecimiento' } as const;
export const urgencyLabels = { urgent: 'Urgente', needed: 'Necesaria', stable: 'Estable' } as const;
/** The label of an urgency read as a plain string (a query's column). */
export function urgencyLabel(value: string): string {
  return Object.hasOwn(urgencyLabels, value) ? urgencyLabels[value as keyof typeof urgencyLabels] : value;
}
export const recordStatusLabels = { active: 'Activa', in_process: 'En proceso', completed: 'Completada' } as const;
/** Whether a published need is still current (confirmation.ts). */
export const confirmationStateLabels = {
  current: 'Vigente',
  to_confirm: 'Por confirmar',
  expired: 'Vencida: ya no aparece en listas ni mapa',
} as const;
export const reviewStatusLabels = {
  pending_review: 'Pendiente de revisión',
  approved: 'Publicada',
  rejected: 'Rechazada',
  withdrawn: 'Retirada',
  joined: 'Unida a otra publicación',
} as const;

/** Who withdrew a record (review status 'withdrawn'). */
export const withdrawnByLabels = {
  submitter: 'Retirada por quien la publicó',
  team: 'Retirada por el equipo',
} as const;

export const categoryOptions = categories.map((c) => [c, categoryLabels[c].es] as const);
export const urgencyOptions = Object.entries(urgencyLabels) as [string, string][];
export const centerStatusOptions = collectionCenterStatuses.map((s) => [s, collectionCenterStatusLabels[s]] as const);

/**
 * Form field (API name) -> label: the label of the column that stores it (db/column-roles.ts), and the few fields of
 * the console's own forms that no column stores.
 */
export const fieldLabels: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries<HelpRecordColumn | null>({ ...requestFieldColumns, ...offerFieldColumns }).flatMap(
      ([field, column]) => (column === null ? [] : [[field, columnLabel(column)]]),
    ),
  ),
  departmentCode: 'Departamento',
  note: 'Nota',
  reason: 'Motivo',
};

/** Record column -> label, for details, comparisons and revision diffs: the labels of db/column-roles.ts. */
export const columnLabels: Record<string, string> = Object.fromEntries(
  (Object.keys(helpRecordRoles) as HelpRecordColumn[]).map((column) => [column, columnLabel(column)]),
);

export const timelineKindLabels: Record<string, string> = {
  submitted: 'Recibida',
  revision_submitted: 'Revisión recibida',
  revision_withdrawn: 'Revisión retirada (volvió el contenido publicado)',
  resubmitted: 'Reenviada con cambios',
  approved: 'Aprobada y publicada',
  rejected: 'Rechazada',
  revision_approved: 'Revisión aprobada',
  revision_rejected: 'Revisión rechazada',
  submission_joined: 'Unida a otra publicación (duplicada)',
  duplicate_joined: 'Se le unió una publicación duplicada',
  status_changed: 'Cambio de estado',
  coverage_updated: 'Cantidad cubierta actualizada',
  withdrawn_by_submitter: 'Retirada por quien la publicó (datos personales borrados)',
  withdrawn_by_team: 'Retirada por el equipo (datos personales borrados)',
  pledged: 'Compromiso recibido («voy a llevar»)',
  pledge_reported: 'Entrega reportada por quien la llevó, sin confirmar',
  pledge_delivered: 'Entrega comprometida confirmada',
  pledge_released: 'Compromiso liberado (cancelado o vencido)',
  pledge_disputed: 'Entrega marcada como no recibida',
  confirmed: 'Confirmada como vigente',
};

/** The review inbox's flags (queries/review-flags.ts): a flagged card is never pre-selected. */
export const reviewFlagLabels = {
  likely_duplicate: 'Posible duplicado',
  links_in_text: 'Enlace o correo en el texto',
  rejected_number: 'Número ya rechazado antes',
} as const;

export const duplicateReasonLabels = {
  same_whatsapp: 'mismo WhatsApp',
  nearby_same_category: 'misma categoría a menos de 300 m',
} as const;
