-- A credit note credits the VAT its invoice charged (issue 29). Its lines took the class's rate at
-- the time of the credit, so after finance changed a rate (now possible on /admin/tax-documents)
-- a credit note no longer mirrored its invoice. Each line now takes the rate of the same line on
-- the order's tax invoice when there is one (the invoice itself has none yet: the current rate).
-- Redefined from 20261129200000_vouchers.sql; only the rate's source changes.
create or replace function private.write_tax_document_lines(document uuid, target_order uuid, direction integer)
returns table (gross_kes numeric, vat_kes numeric, net_kes numeric)
language sql
volatile
set search_path = ''
as $$
  with lines as (
    select i.position, i.title, i.quantity, i.unit_price, i.currency, i.tax_class,
           coalesce(invoiced.rate_basis_points, c.rate_basis_points) as rate_basis_points,
           -- A deleted program's line: its code is gone, the generic one stands in.
           coalesce(p.etims_item_code, 'KE3NTU0000000') as item_code,
           (case when i.currency = 'KES' then i.line_total
                 else i.line_total * o.kes_per_usd end) * 100 as exact_cents,
           round(case when i.currency = 'KES' then i.discount_amount
                      else i.discount_amount * o.kes_per_usd end, 2) as discount_kes,
           round(o.total_kes * 100)::bigint as order_cents
      from public.order_items i
      join public.orders o on o.id = i.order_id
      join public.tax_classes c on c.id = i.tax_class
      left join public.training_programs p on p.id = i.program_id
      left join lateral (
        select l.rate_basis_points
          from public.tax_documents d
          join public.tax_document_lines l on l.document_id = d.id
         where d.order_id = target_order and d.kind = 'tax_invoice' and l.position = i.position
      ) invoiced on true
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
                                           rate_basis_points, gross_kes, vat_kes, net_kes, item_code, discount_kes)
    select document, s.position, s.title, s.quantity, s.unit_price, s.currency, s.tax_class, s.rate_basis_points,
           direction * s.gross_cents / 100.0, s.vat_cents / 100.0, (direction * s.gross_cents - s.vat_cents) / 100.0,
           s.item_code, direction * s.discount_kes
      from split s
    returning tax_document_lines.gross_kes, tax_document_lines.vat_kes, tax_document_lines.net_kes
  )
  select coalesce(sum(w.gross_kes), 0), coalesce(sum(w.vat_kes), 0), coalesce(sum(w.net_kes), 0) from written w;
$$;

