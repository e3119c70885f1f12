/**
 * A redirect for a clientLoader or clientAction: the Response react-router's redirect() makes.
 * Importing redirect() into the admin would add an export to the shared chunk that every public
 * page loads (the 118 KiB JS budget), for a one-line function.
 */
export function redirectTo(location: string): Response {
  return new Response(null, { status: 302, headers: { Location: location } });
}
