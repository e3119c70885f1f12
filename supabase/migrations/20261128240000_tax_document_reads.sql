-- Reading a tax invoice or credit note for its PDF (issue 29): the customer by the order's
-- confirmation token (the only key anon has to an order, as get_order), finance staff (and admin)
-- by their own session, which private.staff_may checks as the tables' RLS does. Anyone else reads
-- null, as for an unknown document: nothing says whether it exists.

create or replace function private.tax_document_json(document uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'id', d.id,
           'kind', d.kind,
           'document_number', d.document_number,
           'issued_at', d.issued_at,
           'order_reference', o.reference,
           'credited_document_number', (select c.document_number from public.tax_documents c
                                         where c.id = d.credited_document_id),
           'reason', d.reason,
           'currency', d.currency,
           'kes_per_usd', d.kes_per_usd,
           'total', d.total,
           'gross_kes', d.gross_kes,
           'vat_kes', d.vat_kes,
           'net_kes', d.net_kes,
           'buyer_name', d.buyer_name,
           'buyer_email', d.buyer_email,
           'buyer_organisation', d.buyer_organisation,
           'buyer_kra_pin', d.buyer_kra_pin,
           'buyer_address', d.buyer_address,
           'etims_status', d.etims_status,
           'etims_receipt', d.etims_receipt,
           'lines', coalesce((
             select jsonb_agg(jsonb_build_object(
                      'position', l.position, 'title', l.title, 'quantity', l.quantity,
                      'unit_price', l.unit_price, 'currency', l.currency, 'tax_class', l.tax_class,
                      'tax_class_label', c.label, 'rate_basis_points', l.rate_basis_points,
                      'gross_kes', l.gross_kes, 'vat_kes', l.vat_kes, 'net_kes', l.net_kes
                    ) order by l.position)
               from public.tax_document_lines l
               join public.tax_classes c on c.id = l.tax_class
              where l.document_id = d.id), '[]'::jsonb)
         )
    from public.tax_documents d
    join public.orders o on o.id = d.order_id
   where d.id = document;
$$;

revoke all on function private.tax_document_json(uuid) from public;

-- One document for its PDF: by the order's confirmation token, or (no token) as finance staff.
create or replace function public.tax_document_for_pdf(document uuid, token text default null)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.tax_document_json(d.id)
    from public.tax_documents d
    join public.orders o on o.id = d.order_id
   where d.id = document
     and case when token is null then (select private.staff_may('tax_documents', false))
              else o.confirmation_token = token and token ~ '^[A-Za-z0-9_-]{43}$' end;
$$;

comment on function public.tax_document_for_pdf(uuid, text) is
  'A tax invoice or credit note with its lines, for its PDF: by the order''s confirmation token, or as finance staff; otherwise null.';

revoke all on function public.tax_document_for_pdf(uuid, text) from public;
grant execute on function public.tax_document_for_pdf(uuid, text) to anon, authenticated, service_role;

-- The order's documents, for the links on its confirmation page.
create or replace function public.get_order_tax_documents(token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', d.id, 'kind', d.kind, 'document_number', d.document_number, 'issued_at', d.issued_at,
           'etims_status', d.etims_status
         ) order by d.issued_at, d.document_number), '[]'::jsonb)
    from public.tax_documents d
    join public.orders o on o.id = d.order_id
   where o.confirmation_token = token and token ~ '^[A-Za-z0-9_-]{43}$';
$$;

comment on function public.get_order_tax_documents(text) is
  'The tax invoice and credit notes of the order with this confirmation token (an empty list otherwise).';

revoke all on function public.get_order_tax_documents(text) from public;
grant execute on function public.get_order_tax_documents(text) to anon, authenticated, service_role;
