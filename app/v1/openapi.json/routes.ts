// Every /v1 route file, with its OpenAPI path. test: openapi.test.ts fails when a route file is
// missing here, so a new endpoint cannot go undocumented.
import type { DocumentedRoute } from "@/lib/api/openapi";
import * as signIn from "../auth/sign-in/route";
import * as signOut from "../auth/sign-out/route";
import * as session from "../auth/session/route";
import * as accessTokens from "../organization-access-tokens/route";
import * as accessToken from "../organization-access-tokens/[id]/route";
import * as products from "../products/route";
import * as discounts from "../discounts/route";
import * as discount from "../discounts/[id]/route";
import * as customers from "../customers/route";
import * as benefits from "../benefits/route";
import * as checkouts from "../checkouts/custom/route";
import * as checkout from "../checkouts/custom/[id]/route";
import * as clientCheckout from "../checkouts/custom/client/[client_secret]/route";
import * as confirmCheckout from "../checkouts/custom/client/[client_secret]/confirm/route";
import * as checkoutBenefits from "../checkouts/custom/client/[client_secret]/benefits/route";
import * as activate from "../customer-portal/license-keys/activate/route";
import * as deactivate from "../customer-portal/license-keys/deactivate/route";
import * as validate from "../customer-portal/license-keys/validate/route";
import * as licenseKeys from "../license-keys/route";
import * as licenseKey from "../license-keys/[id]/route";
import * as activation from "../license-keys/[id]/activations/[activation_id]/route";
import * as orders from "../orders/route";
import * as order from "../orders/[id]/route";
import * as ordersExport from "../orders/export/route";
import * as metrics from "../metrics/route";

export const DOCUMENTED_ROUTES: DocumentedRoute[] = [
  { path: "/v1/auth/sign-in", module: signIn },
  { path: "/v1/auth/sign-out", module: signOut },
  { path: "/v1/auth/session", module: session },
  { path: "/v1/organization-access-tokens/", module: accessTokens },
  { path: "/v1/organization-access-tokens/{id}", module: accessToken },
  { path: "/v1/products/", module: products },
  { path: "/v1/discounts/", module: discounts },
  { path: "/v1/discounts/{id}", module: discount },
  { path: "/v1/customers/", module: customers },
  { path: "/v1/benefits/", module: benefits },
  { path: "/v1/checkouts/custom/", module: checkouts },
  { path: "/v1/checkouts/custom/{id}", module: checkout },
  { path: "/v1/checkouts/custom/client/{client_secret}", module: clientCheckout },
  { path: "/v1/checkouts/custom/client/{client_secret}/confirm", module: confirmCheckout },
  { path: "/v1/checkouts/custom/client/{client_secret}/benefits", module: checkoutBenefits },
  { path: "/v1/customer-portal/license-keys/validate", module: validate },
  { path: "/v1/customer-portal/license-keys/activate", module: activate },
  { path: "/v1/customer-portal/license-keys/deactivate", module: deactivate },
  { path: "/v1/license-keys", module: licenseKeys },
  { path: "/v1/license-keys/{id}", module: licenseKey },
  { path: "/v1/license-keys/{id}/activations/{activation_id}", module: activation },
  { path: "/v1/orders/", module: orders },
  { path: "/v1/orders/export", module: ordersExport },
  { path: "/v1/orders/{id}", module: order },
  { path: "/v1/metrics/", module: metrics },
];
