/** The customer account's addresses (the data page is its own route, built beside this one). */
export const accountPath = '/account';
export const accountSignInPath = '/account/sign-in';
export const accountDataPath = '/account/data';
