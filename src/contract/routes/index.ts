// Every public operation, in the order the OpenAPI document lists them.
import type { RouteDeclaration } from '../route-declaration.ts';
import { changesRoute, changesStreamRoute } from './changes.ts';
import { smsInboundRoute, whatsappVerifyRoute, whatsappWebhookRoute } from './channels.ts';
import { exportCsvRoute, exportJsonRoute } from './exports.ts';
import { healthRoute, readyRoute } from './health.ts';
import {
  helpItemPreflightRoute,
  helpPreflightRoute,
  helpReadRoute,
  helpSubmitRoute,
  helpWithdrawRoute,
} from './help.ts';
import { inventoryRoute } from './inventory.ts';
import { koboIntakeRoute } from './kobo.ts';
import { logisticsRoute } from './logistics.ts';
import { mapPointsRoute } from './map-points.ts';
import { helpMatchesPreflightRoute, helpMatchesRoute } from './matches.ts';
import { mcpEndSessionRoute, mcpPostRoute, mcpServerCardRoute, mcpStreamRoute } from './mcp.ts';
import { openApiDocumentRoute } from './openapi-document.ts';
import { placesFeedRoute, placesManifestRoute } from './places.ts';
import {
  deliveriesConfirmRoute,
  pledgeCancelRoute,
  pledgeConfirmRoute,
  pledgePreflightRoute,
  pledgeRoute,
} from './pledges.ts';
import { reportPreflightRoute, reportRoute } from './reports.ts';
import { routeClaimPreflightRoute, routeClaimRoute, routeProgressRoute } from './route-claims.ts';

export const publicRoutes: readonly RouteDeclaration[] = [
  helpReadRoute,
  helpSubmitRoute,
  helpPreflightRoute,
  helpWithdrawRoute,
  helpItemPreflightRoute,
  helpMatchesRoute,
  helpMatchesPreflightRoute,
  mapPointsRoute,
  exportCsvRoute,
  exportJsonRoute,
  logisticsRoute,
  routeClaimRoute,
  routeClaimPreflightRoute,
  routeProgressRoute,
  reportRoute,
  reportPreflightRoute,
  pledgeRoute,
  pledgePreflightRoute,
  pledgeConfirmRoute,
  pledgeCancelRoute,
  deliveriesConfirmRoute,
  inventoryRoute,
  placesManifestRoute,
  placesFeedRoute,
  openApiDocumentRoute,
  mcpPostRoute,
  mcpStreamRoute,
  mcpEndSessionRoute,
  healthRoute,
  readyRoute,
  changesRoute,
  changesStreamRoute,
  koboIntakeRoute,
  whatsappVerifyRoute,
  whatsappWebhookRoute,
  smsInboundRoute,
  mcpServerCardRoute,
];
