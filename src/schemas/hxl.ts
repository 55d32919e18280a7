// HXL 1.1 exports (Humanitarian Exchange Language, hxlstandard.org): the one table of columns, each with its hashtag,
// its Spanish header and how its value is taken from the published record. Both formats, the OpenAPI document, the
// developers' page and the tests read it from here. Only PublicHelp fields: nothing the API does not publish, never
// a phone number, an identity document or a #contact column.
import * as z from 'zod';
import { municipalityByCode } from '../domain/municipalities.ts';
import { saidPeople } from '../domain/people-given.ts';
import { isoDateTime } from './common.ts';
import type { PublicHelp } from './public-help.ts';

export const HXL_CSV_MEDIA_TYPE = 'text/csv' as const;

/** The licence of the exports: CC BY-SA 4.0, as the DIVIPOLA names and codes they carry (credit: DANE). */
export const HXL_LICENSE = {
  identifier: 'CC-BY-SA-4.0',
  url: 'https://creativecommons.org/licenses/by-sa/4.0/',
  credit:
    'Ayuda Directa, con los registros revisados por el equipo de cada emergencia; nombres y códigos de ' +
    'departamentos y municipios: DIVIPOLA del DANE (CC BY-SA 4.0).',
} as const;

export type HxlValue = string | number | null;

export interface HxlColumn {
  /** The HXL hashtag with its attributes, lower case: #adm2+code+pcode. */
  tag: string;
  /** The first row of the CSV, for people. */
  header: string;
  /** number: a JSON number and a bare CSV cell; text: a JSON string and a CSV cell protected from formulas. */
  kind: 'text' | 'number';
  /** Where the value comes from, in Spanish (OpenAPI and /desarrolladores). */
  source: string;
  schema: z.ZodType;
  value: (item: PublicHelp) => HxlValue;
}

/** Empty text is an empty cell (null in JSON). */
const textOf = (value: string | null | undefined): string | null => (value ? value : null);

/** The record's municipality (DIVIPOLA), from its public place. */
const placeOf = (item: PublicHelp) => municipalityByCode(item.location.municipalityCode);

const text = z.string().nullable();
const number = z.number().nullable();

export const hxlColumns: readonly HxlColumn[] = [
  {
    tag: '#meta+id',
    header: 'Id del registro',
    kind: 'text',
    source: 'id',
    schema: z.uuid(),
    value: (item) => item.id,
  },
  {
    tag: '#crisis+code',
    header: 'Código de la emergencia',
    kind: 'text',
    source: 'emergency.slug',
    schema: z.string(),
    value: (item) => item.emergency.slug,
  },
  {
    tag: '#crisis+name',
    header: 'Emergencia',
    kind: 'text',
    source: 'emergency.name',
    schema: z.string(),
    value: (item) => item.emergency.name,
  },
  {
    tag: '#activity+type',
    header: 'Tipo (request: solicitud, offer: ofrecimiento)',
    kind: 'text',
    source: 'type',
    schema: z.string(),
    value: (item) => item.type,
  },
  {
    tag: '#sector+code',
    header: 'Código de categoría',
    kind: 'text',
    source: 'category',
    schema: z.string(),
    value: (item) => item.category,
  },
  {
    tag: '#item+name',
    header: 'Categoría',
    kind: 'text',
    source: 'categoryLabel (en español)',
    schema: z.string(),
    value: (item) => item.categoryLabel,
  },
  {
    tag: '#status',
    header: 'Estado (active, in_process, completed)',
    kind: 'text',
    source: 'status',
    schema: z.string(),
    value: (item) => item.status,
  },
  {
    tag: '#severity',
    header: 'Urgencia (urgent, needed, stable)',
    kind: 'text',
    source: 'urgency',
    schema: z.string(),
    value: (item) => item.urgency,
  },
  {
    tag: '#value+required',
    header: 'Cantidad requerida',
    kind: 'number',
    source: 'quantities.required; vacío en ofrecimientos y sin cantidad',
    schema: number,
    value: (item) => item.quantities?.required ?? null,
  },
  {
    tag: '#value+covered',
    header: 'Cantidad cubierta',
    kind: 'number',
    source: 'quantities.covered; vacío en ofrecimientos',
    schema: number,
    value: (item) => item.quantities?.covered ?? null,
  },
  {
    tag: '#value+committed',
    header: 'Cantidad comprometida (compromisos abiertos)',
    kind: 'number',
    source: 'quantities.committed: lo que alguien dijo que va a llevar y aún no se entregó; vacío en ofrecimientos',
    schema: number,
    value: (item) => item.quantities?.committed ?? null,
  },
  {
    tag: '#value+pending',
    header: 'Cantidad pendiente',
    kind: 'number',
    source: 'quantities.pending (requerida menos cubierta); vacío en ofrecimientos y sin cantidad',
    schema: number,
    value: (item) => item.quantities?.pending ?? null,
  },
  {
    tag: '#indicator+unit',
    header: 'Unidad',
    kind: 'text',
    source: 'quantities.unit',
    schema: text,
    value: (item) => textOf(item.quantities?.unit),
  },
  {
    tag: '#affected+num',
    header: 'Personas afectadas',
    kind: 'number',
    source: 'quantities.people cuando quantities.peopleGiven; vacío si la persona no lo dijo y en ofrecimientos',
    schema: number,
    value: (item) => saidPeople(item.quantities),
  },
  {
    tag: '#adm1+code',
    header: 'Código DIVIPOLA del departamento',
    kind: 'text',
    source: 'los dos primeros dígitos de location.municipalityCode (DIVIPOLA, crédito: DANE)',
    schema: text,
    value: (item) => placeOf(item)?.code.slice(0, 2) ?? null,
  },
  {
    tag: '#adm1+name',
    header: 'Departamento',
    kind: 'text',
    source: 'nombre del departamento según DIVIPOLA (crédito: DANE)',
    schema: text,
    value: (item) => placeOf(item)?.departmentName ?? null,
  },
  {
    tag: '#adm2+code',
    header: 'Código DIVIPOLA del municipio',
    kind: 'text',
    source: 'location.municipalityCode (DIVIPOLA, 5 dígitos, crédito: DANE)',
    schema: text,
    value: (item) => placeOf(item)?.code ?? null,
  },
  {
    tag: '#adm2+name',
    header: 'Municipio',
    kind: 'text',
    source: 'nombre del municipio según DIVIPOLA (crédito: DANE)',
    schema: text,
    value: (item) => placeOf(item)?.name ?? null,
  },
  {
    tag: '#adm2+code+pcode',
    header: 'Código de lugar HDX (P-code) del municipio',
    kind: 'text',
    source: 'CO y el código DIVIPOLA del municipio, p. ej. CO86001',
    schema: text,
    value: (item) => {
      const code = placeOf(item)?.code;
      return code ? `CO${code}` : null;
    },
  },
  {
    tag: '#geo+lat',
    header: 'Latitud',
    kind: 'number',
    source: 'location.latitude: el punto público (en las solicitudes aproximadas, redondeado a unos 300 m)',
    schema: number,
    value: (item) => item.location.latitude,
  },
  {
    tag: '#geo+lon',
    header: 'Longitud',
    kind: 'number',
    source: 'location.longitude: el punto público, como la latitud',
    schema: number,
    value: (item) => item.location.longitude,
  },
  {
    tag: '#date+created',
    header: 'Creado',
    kind: 'text',
    source: 'createdAt (ISO 8601, UTC)',
    schema: isoDateTime,
    value: (item) => item.createdAt,
  },
  {
    tag: '#date+updated',
    header: 'Actualizado',
    kind: 'text',
    source: 'updatedAt (ISO 8601, UTC)',
    schema: isoDateTime,
    value: (item) => item.updatedAt,
  },
  {
    tag: '#org',
    header: 'Quién ofrece',
    kind: 'text',
    source:
      'contact.name de los ofrecimientos (publicado con consentimiento); vacío en las solicitudes: quien pide ayuda ' +
      'es una persona, y su nombre no se reparte en los datos abiertos',
    schema: text,
    value: (item) => (item.type === 'offer' ? textOf(item.contact.name) : null),
  },
  {
    tag: '#meta+url',
    header: 'Página pública',
    kind: 'text',
    source: 'publicUrl',
    schema: z.url(),
    value: (item) => item.publicUrl,
  },
  {
    tag: '#activity+name',
    header: 'Título',
    kind: 'text',
    source: 'title',
    schema: z.string(),
    value: (item) => item.title,
  },
  {
    tag: '#description',
    header: 'Descripción',
    kind: 'text',
    source: 'description',
    schema: text,
    value: (item) => textOf(item.description),
  },
];

export const hxlRow = z
  .strictObject(Object.fromEntries(hxlColumns.map((c) => [c.tag, c.schema.describe(`${c.header}: ${c.source}.`)])))
  .meta({
    id: 'HxlRow',
    description:
      'Un registro publicado en la forma de objetos de HXL JSON: cada clave es el hashtag completo de su columna.',
  });

// Registered as the component HxlRows (the export's JSON form); nothing reads it by name.
z.array(hxlRow).meta({
  id: 'HxlRows',
  description: 'La exportación HXL JSON: un objeto por registro publicado que cumple los filtros.',
});

export type HxlRow = Record<string, HxlValue>;
