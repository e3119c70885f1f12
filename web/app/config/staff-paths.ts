/** The staff area's two entry addresses: the sign-in screen and the admin's home. */
export const loginPath = '/login';
export const adminPath = '/admin';
