/** The footer's element id: the layout finds the server's footer by it before the footer's code has loaded. */
export const siteFooterId = 'site-footer';
