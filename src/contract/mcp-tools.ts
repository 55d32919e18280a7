// The MCP tools by name, in table order: the OpenAPI document describes them without depending on the MCP server,
// and the tool table (src/mcp/tools.ts) declares exactly these names (checked by test/openapi.test.ts).
export const readToolNames = [
  'listar_emergencias',
  'consultar_panorama',
  'buscar_ayudas',
  'ver_ayuda',
  'buscar_operaciones_logisticas',
  'consultar_inventario',
  'sugerir_coincidencias',
] as const;

/** Tools that write (send to review, report, withdraw): counted by the submissions rate limit. */
export const submissionToolNames = [
  'publicar_solicitud',
  'publicar_ofrecimiento',
  'reportar_registro',
  'retirar_publicacion',
  'comprometer_ayuda',
  'ofrecer_transporte',
] as const;
