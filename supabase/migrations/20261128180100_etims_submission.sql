-- Registering tax documents with KRA's eTIMS (issue 29): the queue the register-tax-documents
-- function works through, as the mail outbox's worker does.
--
--  * eTIMS numbers every receipt of a branch in one series (invcNo), sales and credit notes alike,
--    and registers each number once: each document gets its eTIMS number from one more gap-free
--    counter in the issuing transaction.
--  * Each program is an eTIMS item with a code of its own (KE3NTU + 7 digits: Kenya, service,
--    no packaging, per unit), registered before the first sale that names it; a document line
--    keeps the code it was sold under.
--  * claim_tax_documents hands the worker due documents with a lease (a killed worker's claim comes
--    back after it); the worker records eTIMS's answer, or the failure with back-off. A resend after
--    a lost answer is the same sale with the same number, which eTIMS registers once.

-- The eTIMS number -------------------------------------------------------------------------------

alter table private.tax_document_series
  drop constraint tax_document_series_kind_known,
  add constraint tax_document_series_kind_known check (kind in ('tax_invoice', 'credit_note', 'etims'));
insert into private.tax_document_series (kind, prefix) values ('etims', 'ETIMS');

alter table public.tax_documents add column etims_number integer unique;

-- Items ------------------------------------------------------------------------------------------

create sequence private.etims_item_code_seq;

create or replace function private.next_etims_item_code()
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  select 'KE3NTU' || lpad(nextval('private.etims_item_code_seq')::text, 7, '0');
$$;

revoke all on function private.next_etims_item_code() from public;
-- A program's default: whoever may insert a program evaluates it.
grant execute on function private.next_etims_item_code() to authenticated, service_role;

alter table public.training_programs
  add column etims_item_code text not null unique default private.next_etims_item_code(),
  add constraint training_programs_etims_item_code_format check (etims_item_code ~ '^KE3NTU[0-9]{7}$');

comment on column public.training_programs.etims_item_code is 'The program''s item code in eTIMS (KE3NTU + 7 digits), given once.';

alter table public.tax_document_lines add column item_code text;
update public.tax_document_lines l
   set item_code = coalesce(p.etims_item_code, 'KE3NTU0000000')
  from public.tax_documents d
  join public.order_items i on i.order_id = d.order_id
  left join public.training_programs p on p.id = i.program_id
 where d.id = l.document_id and i.position = l.position;
alter table public.tax_document_lines alter column item_code set not null;

-- Issuing (latest definitions from 20261128180000_tax_documents.sql): lines keep their item code,
-- documents get their eTIMS number.
create or replace function private.write_tax_document_lines(document uuid, target_order uuid, direction integer)
returns table (gross_kes numeric, vat_kes numeric, net_kes numeric)
language sql
volatile
set search_path = ''
as $$
  with lines as (
    select i.position, i.title, i.quantity, i.unit_price, i.currency, i.tax_class, c.rate_basis_points,
           -- A deleted program's line: its code is gone, the generic one stands in.
           coalesce(p.etims_item_code, 'KE3NTU0000000') as item_code,
           (case when i.currency = 'KES' then i.unit_price * i.quantity
                 else i.unit_price * i.quantity * o.kes_per_usd end) * 100 as exact_cents,
           round(o.total_kes * 100)::bigint as order_cents
      from public.order_items i
      join public.orders o on o.id = i.order_id
      join public.tax_classes c on c.id = i.tax_class
      left join public.training_programs p on p.id = i.program_id
     where i.order_id = target_order
  ), floored as (
    select l.*, floor(l.exact_cents)::bigint as floor_cents,
           row_number() over (order by l.exact_cents - floor(l.exact_cents) desc, l.position) as remainder_rank
      from lines l
  ), shared as (
    select f.*, f.floor_cents
                + case when f.remainder_rank <= f.order_cents - sum(f.floor_cents) over () then 1 else 0 end
                as gross_cents
      from floored f
  ), split as (
    select s.*, private.vat_inside_cents(direction * s.gross_cents, s.rate_basis_points) as vat_cents
      from shared s
  ), written as (
    insert into public.tax_document_lines (document_id, position, title, quantity, unit_price, currency, tax_class,
                                           rate_basis_points, gross_kes, vat_kes, net_kes, item_code)
    select document, s.position, s.title, s.quantity, s.unit_price, s.currency, s.tax_class, s.rate_basis_points,
           direction * s.gross_cents / 100.0, s.vat_cents / 100.0, (direction * s.gross_cents - s.vat_cents) / 100.0,
           s.item_code
      from split s
    returning tax_document_lines.gross_kes, tax_document_lines.vat_kes, tax_document_lines.net_kes
  )
  select coalesce(sum(w.gross_kes), 0), coalesce(sum(w.vat_kes), 0), coalesce(sum(w.net_kes), 0) from written w;
$$;

create or replace function private.issue_tax_document(target_order uuid, document_kind text, credited uuid, why text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  o public.orders;
  numbered record;
  etims record;
  document uuid;
  direction integer := case when document_kind = 'credit_note' then -1 else 1 end;
  sums record;
begin
  select * into o from public.orders where id = target_order;
  select * into numbered from private.next_tax_document_number(document_kind);
  select * into etims from private.next_tax_document_number('etims');
  insert into public.tax_documents (kind, number, document_number, etims_number, order_id, credited_document_id, reason,
                                    currency, kes_per_usd, total, gross_kes, vat_kes, net_kes, buyer_name, buyer_email,
                                    buyer_organisation, buyer_kra_pin, buyer_address)
  values (document_kind, numbered.number, numbered.document_number, etims.number, o.id, credited, why, o.currency,
          o.kes_per_usd, direction * case when o.currency = 'KES' then o.total_kes else o.total_usd end, 0, 0, 0,
          o.customer_name, o.customer_email, o.organisation, o.buyer_kra_pin, o.buyer_address)
  returning id into document;
  select * into sums from private.write_tax_document_lines(document, o.id, direction);
  update public.tax_documents d
     set gross_kes = sums.gross_kes, vat_kes = sums.vat_kes, net_kes = sums.net_kes
   where d.id = document;
  return document;
end;
$$;

update public.tax_documents d
   set etims_number = n.number
  from (select id, row_number() over (order by issued_at, kind, number) as number from public.tax_documents) n
 where n.id = d.id;
update private.tax_document_series s
   set last_number = (select coalesce(max(etims_number), 0) from public.tax_documents)
 where s.kind = 'etims';
alter table public.tax_documents alter column etims_number set not null;

-- The worker's side (service role only) ------------------------------------------------------------

-- Up to `batch` due documents, each leased for two minutes, as JSON the worker turns into eTIMS
-- requests. A credit note waits until the invoice it credits is registered.
create or replace function public.claim_tax_documents(batch integer default 5)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  with due as (
    select d.id from public.tax_documents d
     where d.etims_status = 'awaiting' and d.etims_next_attempt_at <= now()
       and (d.credited_document_id is null
            or exists (select 1 from public.tax_documents c
                        where c.id = d.credited_document_id and c.etims_status = 'registered'))
     order by d.etims_number
     limit greatest(1, least(coalesce(batch, 5), 50))
     for update of d skip locked
  ), leased as (
    update public.tax_documents d
       set etims_attempts = d.etims_attempts + 1, etims_next_attempt_at = now() + interval '2 minutes'
      from due where d.id = due.id
    returning d.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', l.id,
           'kind', l.kind,
           'document_number', l.document_number,
           'etims_number', l.etims_number,
           'credited_etims_number', (select c.etims_number from public.tax_documents c where c.id = l.credited_document_id),
           'issued_at', l.issued_at,
           'attempts', l.etims_attempts,
           'buyer', jsonb_build_object('pin', l.buyer_kra_pin, 'name', coalesce(l.buyer_organisation, l.buyer_name),
                                       'phone', o.customer_phone),
           'payment', case when o.payment_method = 'mpesa' then 'mobile_money' else 'bank_transfer' end,
           'lines', (select jsonb_agg(jsonb_build_object(
                              'item_code', t.item_code, 'title', t.title, 'quantity', t.quantity,
                              'tax_class', t.tax_class, 'rate_basis_points', t.rate_basis_points,
                              'gross_kes', abs(t.gross_kes)) order by t.position)
                       from public.tax_document_lines t where t.document_id = l.id)
         ) order by l.etims_number), '[]'::jsonb)
    from leased l join public.orders o on o.id = l.order_id;
$$;

-- eTIMS registered it: its control unit's data is the document's receipt.
create or replace function public.record_tax_document_registration(document uuid, receipt jsonb)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.tax_documents d
     set etims_status = 'registered', etims_receipt = receipt, etims_registered_at = now(), etims_last_error = null
   where d.id = document and d.etims_status <> 'registered';
$$;

-- eTIMS could not take it: retried with back-off (30 s doubling, at most an hour) while the failure
-- may pass, `failed` for finance when eTIMS refused the document itself.
create or replace function public.record_tax_document_failure(document uuid, message text, retryable boolean)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.tax_documents d
     set etims_last_error = left(message, 1000),
         etims_status = case when retryable then 'awaiting' else 'failed' end,
         etims_next_attempt_at = now() + least(interval '1 hour',
                                               interval '30 seconds' * power(2, least(d.etims_attempts - 1, 10)))
   where d.id = document and d.etims_status = 'awaiting';
$$;

revoke all on function public.claim_tax_documents(integer), public.record_tax_document_registration(uuid, jsonb),
  public.record_tax_document_failure(uuid, text, boolean) from public, anon, authenticated;
grant execute on function public.claim_tax_documents(integer), public.record_tax_document_registration(uuid, jsonb),
  public.record_tax_document_failure(uuid, text, boolean) to service_role;
