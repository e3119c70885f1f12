/** Reading `[functions.<name>]` settings from supabase/config.toml. */
import { describe, expect, it } from 'vitest';
import { parseFunctionsConfig, settingsFor } from './function-config.ts';

const toml = `
project_id = "ascent"

[functions.send-newsletter-subscription-email]
verify_jwt = false   # public form
import_map = "./functions/send-newsletter-subscription-email/deno.json"

[functions."quoted-name"] # a comment
enabled = false

[db]
enabled = true
verify_jwt = true
`;

describe('functions config', () => {
  it('reads verify_jwt and enabled per function, ignoring other sections and keys', () => {
    const config = parseFunctionsConfig(toml);
    expect(settingsFor(config, 'send-newsletter-subscription-email')).toEqual({ verifyJwt: false, enabled: true });
    expect(settingsFor(config, 'quoted-name')).toEqual({ verifyJwt: true, enabled: false });
    expect(config.has('db')).toBe(false);
  });

  it('defaults to verify_jwt = true and enabled = true, like the platform', () => {
    expect(settingsFor(parseFunctionsConfig(''), 'anything')).toEqual({ verifyJwt: true, enabled: true });
  });

  it('refuses a value that is not a TOML boolean, naming the line', () => {
    expect(() => parseFunctionsConfig('[functions.x]\nverify_jwt = "false"', 'supabase/config.toml')).toThrow(
      'supabase/config.toml line 2: verify_jwt must be true or false, got "false"',
    );
  });
});
