import { describe, expect, it } from 'vitest';
import type { PublicEnv } from '../config/env.server';
import { contentSecurityPolicy, createNonce } from './content-security-policy.server';

const local: PublicEnv = {
  supabaseUrl: 'http://127.0.0.1:54321',
  supabaseAnonKey: 'anon-key-anon-key-anon-key',
  sanityProjectId: 'ascent',
  sanityDataset: 'production',
  sanityApiHost: 'http://127.0.0.1:54330',
  siteUrl: 'http://127.0.0.1:3000',
};
const hosted: PublicEnv = {
  ...local,
  supabaseUrl: 'https://abcdefgh.supabase.co',
  sanityProjectId: 'pyrmmpch',
  sanityApiHost: '',
  siteUrl: 'https://ascent.example',
};

/** The policy as directive name -> its sources. */
function parse(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it("allows scripts from the site and this render's nonce only", () => {
    const policy = parse(contentSecurityPolicy(local, 'abc123=='));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(contentSecurityPolicy(local, 'abc123==')).not.toContain("'unsafe-inline' 'nonce");
    expect(contentSecurityPolicy(local, 'abc123==')).not.toContain('unsafe-eval');
  });

  it('refuses plugins, <base>, framing and being framed', () => {
    const policy = parse(contentSecurityPolicy(local, 'n'));
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  it('lets only the origin a route names frame the page (the Studio, in preview mode)', () => {
    expect(
      parse(contentSecurityPolicy(local, 'n', 'https://ascent.localhost:54330/studio')).get('frame-ancestors'),
    ).toEqual(['https://ascent.localhost:54330']);
    for (const named of ['javascript:alert(1)', 'not a url', "https://a.example; script-src 'unsafe-inline'", '']) {
      expect(parse(contentSecurityPolicy(local, 'n', named)).get('frame-ancestors'), named).toEqual(["'none'"]);
    }
  });

  it('connects only to the site, the Supabase APIs and the content API of the local stack', () => {
    const policy = parse(contentSecurityPolicy(local, 'n'));
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:54321/rest/v1/',
      'http://127.0.0.1:54321/auth/v1/',
      'http://127.0.0.1:54321/functions/v1/',
      'http://127.0.0.1:54321/storage/v1/',
      'http://127.0.0.1:54330',
    ]);
    expect(policy.get('img-src')).toEqual([
      "'self'",
      'data:',
      'http://127.0.0.1:54330/images/ascent/production/',
      'http://127.0.0.1:54321/storage/v1/object/public/',
    ]);
  });

  it('follows the settings to hosted Supabase and Sanity', () => {
    const policy = parse(contentSecurityPolicy(hosted, 'n'));
    expect(policy.get('connect-src')).toContain('https://abcdefgh.supabase.co/rest/v1/');
    expect(policy.get('connect-src')).toContain('https://pyrmmpch.api.sanity.io');
    expect(policy.get('connect-src')).toContain('https://pyrmmpch.apicdn.sanity.io');
    expect(policy.get('img-src')).toContain('https://cdn.sanity.io/images/pyrmmpch/production/');
    expect(policy.get('img-src')).toContain('https://abcdefgh.supabase.co/storage/v1/object/public/');
    expect(contentSecurityPolicy(hosted, 'n')).not.toContain('127.0.0.1');
  });

  it('keeps a Supabase URL with a path, and cannot be split by a setting holding ; or ,', () => {
    const odd = { ...local, supabaseUrl: 'https://proxy.example/supa;base,x/', sanityDataset: 'prod;script-src *' };
    const policy = contentSecurityPolicy(odd, 'n');
    expect(parse(policy).get('connect-src')).toContain('https://proxy.example/supa%3Bbase%2Cx/rest/v1/');
    expect([...parse(policy).keys()].filter((name) => name === 'script-src')).toHaveLength(1);
    expect(parse(policy).get('script-src')).toEqual(["'self'", "'nonce-n'"]);
  });
});

describe('createNonce', () => {
  it('gives 128 random bits, base64, different every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});
