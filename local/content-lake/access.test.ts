import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createLakeAccess, isJsonBody, isSimpleRequestBody, sessionCookieName } from './access.ts';

const lakeOrigin = 'https://ascent.localhost:54330';
const devStudio = 'http://localhost:3333';
const access = createLakeAccess(() => [lakeOrigin, devStudio], 'the-token');
const request = (headers: IncomingMessage['headers']) => ({ headers }) as IncomingMessage;

describe('lake access', () => {
  it('makes an editor of the token, as a bearer or as the Studio’s cookie', () => {
    expect(access.callerOf(request({ authorization: 'Bearer the-token' }))).toBe('editor');
    expect(access.callerOf(request({ cookie: `a=1; ${sessionCookieName}=the-token` }))).toBe('editor');
    expect(access.callerOf(request({ authorization: 'Bearer the-token', origin: devStudio }))).toBe('editor');
    expect(access.callerOf(request({ cookie: `${sessionCookieName}=the-token`, origin: lakeOrigin }))).toBe('editor');
  });

  it('never makes an editor of another origin’s request, nor of a wrong or missing token', () => {
    expect(access.callerOf(request({ authorization: 'Bearer the-token', origin: 'https://evil.example' }))).toBe(
      'anonymous',
    );
    expect(access.callerOf(request({ cookie: `${sessionCookieName}=the-token`, origin: 'null' }))).toBe('anonymous');
    expect(access.callerOf(request({ authorization: 'Bearer the-token-not' }))).toBe('anonymous');
    expect(access.callerOf(request({}))).toBe('anonymous');
    expect(access.foreignOrigin(request({ origin: 'https://evil.example' }))).toBe('https://evil.example');
    expect(access.foreignOrigin(request({ origin: lakeOrigin }))).toBeUndefined();
  });

  it('makes a different token at each start', () => {
    expect(createLakeAccess(() => []).token).not.toBe(createLakeAccess(() => []).token);
  });

  it('tells the bodies a page may send without a preflight', () => {
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      expect(isSimpleRequestBody(request({ 'content-type': type, authorization: 'Bearer the-token' })), type).toBe(
        true,
      );
    }
    expect(isSimpleRequestBody(request({}))).toBe(true);
    expect(isSimpleRequestBody(request({ authorization: 'Bearer the-token' }))).toBe(false);
    expect(isSimpleRequestBody(request({ 'content-type': 'image/png' }))).toBe(false);
    expect(isJsonBody('application/json; charset=utf-8')).toBe(true);
    expect(isJsonBody('text/plain')).toBe(false);
  });
});
