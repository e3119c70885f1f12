-- A voucher code pasted from a PDF or a word processor often carries no-break or other Unicode
-- spaces. The browser's normalisation (voucher-codes.ts: JavaScript's \s) took them out, the
-- database's (POSIX [[:space:]]) left them in, so such a code was refused at checkout. The class
-- below is JavaScript's \s, written out. Redefined from 20261129200000_vouchers.sql.
create or replace function private.normalise_voucher_code(raw text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(upper(regexp_replace(coalesce(raw, ''),
    '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', '', 'g')), '');
$$;
