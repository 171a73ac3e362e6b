// Every /v1 route file, with its OpenAPI path. test: openapi.test.ts fails when a route file is
// missing here, so a new endpoint cannot go undocumented.
import type { DocumentedRoute } from "@/lib/api/openapi";
import * as signIn from "../auth/sign-in/route";
import * as signOut from "../auth/sign-out/route";
import * as session from "../auth/session/route";
import * as setup from "../auth/setup/route";
import * as organizations from "../organizations/route";
import * as organization from "../organizations/[id]/route";
import * as taxRates from "../organizations/[id]/tax-rates/route";
import * as licensePublicKey from "../organizations/[id]/license-public-key/route";
import * as accessTokens from "../organization-access-tokens/route";
import * as accessToken from "../organization-access-tokens/[id]/route";
import * as products from "../products/route";
import * as product from "../products/[id]/route";
import * as productBenefits from "../products/[id]/benefits/route";
import * as discounts from "../discounts/route";
import * as discount from "../discounts/[id]/route";
import * as customers from "../customers/route";
import * as customer from "../customers/[id]/route";
import * as benefits from "../benefits/route";
import * as benefit from "../benefits/[id]/route";
import * as customFields from "../custom-fields/route";
import * as customField from "../custom-fields/[id]/route";
import * as checkouts from "../checkouts/custom/route";
import * as checkout from "../checkouts/custom/[id]/route";
import * as clientCheckout from "../checkouts/custom/client/[client_secret]/route";
import * as confirmCheckout from "../checkouts/custom/client/[client_secret]/confirm/route";
import * as checkoutBenefits from "../checkouts/custom/client/[client_secret]/benefits/route";
import * as checkoutActivation from "../checkouts/custom/client/[client_secret]/license-keys/[license_key_id]/activations/[activation_id]/route";
import * as checkoutsAlias from "../checkouts/route";
import * as checkoutAlias from "../checkouts/[id]/route";
import * as clientCheckoutAlias from "../checkouts/client/[client_secret]/route";
import * as confirmCheckoutAlias from "../checkouts/client/[client_secret]/confirm/route";
import * as checkoutBenefitsAlias from "../checkouts/client/[client_secret]/benefits/route";
import * as checkoutActivationAlias from "../checkouts/client/[client_secret]/license-keys/[license_key_id]/activations/[activation_id]/route";
import * as checkoutLinks from "../checkout-links/route";
import * as checkoutLink from "../checkout-links/[id]/route";
import * as activate from "../customer-portal/license-keys/activate/route";
import * as deactivate from "../customer-portal/license-keys/deactivate/route";
import * as validate from "../customer-portal/license-keys/validate/route";
import * as certificate from "../customer-portal/license-keys/certificate/route";
import * as licenseKeys from "../license-keys/route";
import * as licenseKey from "../license-keys/[id]/route";
import * as activation from "../license-keys/[id]/activations/[activation_id]/route";
import * as rotateKey from "../license-keys/[id]/rotate/route";
import * as validateKey from "../license-keys/validate/route";
import * as activateKey from "../license-keys/activate/route";
import * as deactivateKey from "../license-keys/deactivate/route";
import * as orders from "../orders/route";
import * as order from "../orders/[id]/route";
import * as ordersExport from "../orders/export/route";
import * as orderReceipt from "../orders/[id]/receipt/route";
import * as metrics from "../metrics/route";
import * as subscriptions from "../subscriptions/route";
import * as subscription from "../subscriptions/[id]/route";
import * as files from "../files/route";
import * as file from "../files/[id]/route";
import * as webhookEndpoints from "../webhooks/endpoints/route";
import * as webhookEndpoint from "../webhooks/endpoints/[id]/route";
import * as webhookSecretRotation from "../webhooks/endpoints/[id]/rotate-secret/route";
import * as webhookTest from "../webhooks/endpoints/[id]/test/route";
import * as webhookDeliveries from "../webhooks/deliveries/route";
import * as webhookRedelivery from "../webhooks/events/[id]/redeliver/route";
import * as emails from "../emails/route";
import * as email from "../emails/[id]/route";

export const DOCUMENTED_ROUTES: DocumentedRoute[] = [
  { path: "/v1/auth/sign-in", module: signIn },
  { path: "/v1/auth/sign-out", module: signOut },
  { path: "/v1/auth/session", module: session },
  { path: "/v1/auth/setup", module: setup },
  { path: "/v1/organizations/", module: organizations },
  { path: "/v1/organizations/{id}", module: organization },
  { path: "/v1/organizations/{id}/tax-rates", module: taxRates },
  { path: "/v1/organizations/{id}/license-public-key", module: licensePublicKey },
  { path: "/v1/organization-access-tokens/", module: accessTokens },
  { path: "/v1/organization-access-tokens/{id}", module: accessToken },
  { path: "/v1/products/", module: products },
  { path: "/v1/products/{id}", module: product },
  { path: "/v1/products/{id}/benefits", module: productBenefits },
  { path: "/v1/discounts/", module: discounts },
  { path: "/v1/discounts/{id}", module: discount },
  { path: "/v1/customers/", module: customers },
  { path: "/v1/customers/{id}", module: customer },
  { path: "/v1/benefits/", module: benefits },
  { path: "/v1/benefits/{id}", module: benefit },
  { path: "/v1/custom-fields/", module: customFields },
  { path: "/v1/custom-fields/{id}", module: customField },
  { path: "/v1/checkouts/custom/", module: checkouts },
  { path: "/v1/checkouts/custom/{id}", module: checkout },
  { path: "/v1/checkouts/custom/client/{client_secret}", module: clientCheckout },
  { path: "/v1/checkouts/custom/client/{client_secret}/confirm", module: confirmCheckout },
  { path: "/v1/checkouts/custom/client/{client_secret}/benefits", module: checkoutBenefits },
  {
    path: "/v1/checkouts/custom/client/{client_secret}/license-keys/{license_key_id}/activations/{activation_id}",
    module: checkoutActivation,
  },
  { path: "/v1/checkouts/", module: checkoutsAlias },
  { path: "/v1/checkouts/{id}", module: checkoutAlias },
  { path: "/v1/checkouts/client/{client_secret}", module: clientCheckoutAlias },
  { path: "/v1/checkouts/client/{client_secret}/confirm", module: confirmCheckoutAlias },
  { path: "/v1/checkouts/client/{client_secret}/benefits", module: checkoutBenefitsAlias },
  {
    path: "/v1/checkouts/client/{client_secret}/license-keys/{license_key_id}/activations/{activation_id}",
    module: checkoutActivationAlias,
  },
  { path: "/v1/checkout-links/", module: checkoutLinks },
  { path: "/v1/checkout-links/{id}", module: checkoutLink },
  { path: "/v1/customer-portal/license-keys/validate", module: validate },
  { path: "/v1/customer-portal/license-keys/certificate", module: certificate },
  { path: "/v1/customer-portal/license-keys/activate", module: activate },
  { path: "/v1/customer-portal/license-keys/deactivate", module: deactivate },
  { path: "/v1/license-keys", module: licenseKeys },
  { path: "/v1/license-keys/{id}", module: licenseKey },
  { path: "/v1/license-keys/{id}/activations/{activation_id}", module: activation },
  { path: "/v1/license-keys/{id}/rotate", module: rotateKey },
  { path: "/v1/license-keys/validate", module: validateKey },
  { path: "/v1/license-keys/activate", module: activateKey },
  { path: "/v1/license-keys/deactivate", module: deactivateKey },
  { path: "/v1/orders/", module: orders },
  { path: "/v1/orders/export", module: ordersExport },
  { path: "/v1/orders/{id}", module: order },
  { path: "/v1/orders/{id}/receipt", module: orderReceipt },
  { path: "/v1/metrics/", module: metrics },
  { path: "/v1/subscriptions/", module: subscriptions },
  { path: "/v1/subscriptions/{id}", module: subscription },
  { path: "/v1/files/", module: files },
  { path: "/v1/files/{id}", module: file },
  { path: "/v1/webhooks/endpoints", module: webhookEndpoints },
  { path: "/v1/webhooks/endpoints/{id}/rotate-secret", module: webhookSecretRotation },
  { path: "/v1/webhooks/endpoints/{id}/test", module: webhookTest },
  { path: "/v1/webhooks/endpoints/{id}", module: webhookEndpoint },
  { path: "/v1/webhooks/deliveries", module: webhookDeliveries },
  { path: "/v1/webhooks/events/{id}/redeliver", module: webhookRedelivery },
  { path: "/v1/emails/", module: emails },
  { path: "/v1/emails/{id}", module: email },
];
