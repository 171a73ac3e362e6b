// The Element Timing API's attribute (https://wicg.github.io/element-timing/): the browser reports
// when the element's text was first painted. The hosted checkout's Pay button carries it, so
// `npm run bench:checkout-page` measures when the buyer sees it, not when a script next gets a turn.
import "react";

declare module "react" {
  // T: the type parameter React declares; unused here, but the merged declaration must repeat it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
