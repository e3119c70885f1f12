/**
 * The one-time step a person takes in their browser before the Studio can reach the lake over
 * HTTPS: trust the local certificate authority (for good), or accept the warning once (per browser
 * session). Printed by `npm start` / `npm run dev` and quoted in docs/content.md, word for word.
 */

export function trustInstructions(authorityPath: string, studioUrl: string): string[] {
  const host = new URL(studioUrl).host;
  return [
    `The Studio talks to the content lake over HTTPS with a certificate made on this machine.`,
    `One-time step: trust the local certificate authority ${authorityPath}`,
    `  Chrome, Edge, Chromium: Settings > Privacy and security > Security > Manage certificates >`,
    `    Authorities (Linux) or Trusted Root Certification Authorities (Windows) > Import, choose the`,
    `    file, tick "Trust this certificate for identifying websites".`,
    `  Firefox: Settings > Privacy & Security > Certificates > View Certificates > Authorities >`,
    `    Import, choose the file, tick "Trust this CA to identify websites".`,
    `  macOS (Safari, Chrome): sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain "${authorityPath}"`,
    `Or, for this browser session only: open ${studioUrl}, choose Advanced, then "Proceed to ${host.split(':')[0]} (unsafe)".`,
  ];
}
