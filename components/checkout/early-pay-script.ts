// Pay works from the first paint, before React has hydrated the page (issue 10: on a slow phone,
// or a 2-core machine, an App Router page takes 0.6–1 s to hydrate after it is shown). This inline
// script, sent in the page's HTML with the CSP nonce, holds a Pay pressed before then: it stops
// the native submit (which would reload the page and lose what was typed), marks the form, and
// leaves the rest to the page once it runs (./early-pay.ts): it reads what was typed into the
// inputs and pays. Kept tiny and dependency-free: it runs while the HTML is parsed.
// A plain module (no "use client"): the server page imports it.

/** The attribute that marks the checkout form for the script. */
export const EARLY_PAY_FORM_ATTRIBUTE = "data-checkout-form";

// Every form of the page is held before hydration (a native submit reloads the page); only the
// checkout form's press is queued for the page to pay.
export const EARLY_PAY_SCRIPT = `(function(){var s=window.__checkoutEarlyPay={ready:false,queued:false};
window.addEventListener("submit",function(e){var f=e.target;if(s.ready||!f||!f.hasAttribute)return;
e.preventDefault();e.stopPropagation();if(!f.hasAttribute("${EARLY_PAY_FORM_ATTRIBUTE}"))return;
s.queued=true;f.setAttribute("data-pay-queued","");},true);})();`;
