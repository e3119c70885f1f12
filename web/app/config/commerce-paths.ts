/** The paths of the catalogue and the commerce screens, for links between them (a module of its own: tiny in the browser). */

/** The training catalogue: its program lists take the URL's filter; program pages live under it. */
export const CATALOGUE_PATH = '/training';
export const CART_PATH = '/cart';
export const CHECKOUT_PATH = '/checkout';
export const CONFIRMATION_PATH = '/order-confirmation';
