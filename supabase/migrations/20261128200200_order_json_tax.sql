-- The order confirmation shows the VAT inside its totals and the tax invoice's buyer (issue 29):
-- each line of the order's JSON carries its tax class (code, label, rate as the tax classes hold
-- it), and the buyer its KRA PIN and address.

-- private.order_json: from 20261127100000_seat_holds.sql
create or replace function private.order_json(target uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'reference', o.reference,
    'status', o.status,
    'status_label', private.order_status_label(o.status),
    'created_at', o.created_at,
    'payment_method', o.payment_method,
    'payment_choice', o.payment_choice,
    'payment_label', private.order_payment_label(o.payment_choice),
    'hold_until', o.hold_until,
    'status_changed_at', o.status_changed_at,
    'currency', o.currency,
    'buyer', jsonb_build_object(
      'name', o.customer_name, 'email', o.customer_email, 'phone', o.customer_phone,
      'organisation', o.organisation, 'po_number', o.po_number,
      'kra_pin', o.buyer_kra_pin, 'address', o.buyer_address),
    'kes_per_usd', o.kes_per_usd,
    'total_usd', o.total_usd,
    'total_kes', o.total_kes,
    'mpesa_code', o.mpesa_code,
    'mpesa_code_submitted_at', o.mpesa_code_submitted_at,
    'lines', coalesce((
      select jsonb_agg(jsonb_build_object(
        'program_id', i.program_id,
        'program_slug', p.slug,
        'title', i.title,
        'unit_price', i.unit_price,
        'currency', i.currency,
        'quantity', i.quantity,
        'line_total', i.line_total,
        'tax_class', jsonb_build_object('code', tc.id, 'label', tc.label, 'rate_basis_points', tc.rate_basis_points),
        'intake', case when t.id is null then null else jsonb_build_object(
          'id', t.id, 'starts_on', t.starts_on, 'ends_on', t.ends_on,
          'is_online', t.is_online, 'venue', t.venue) end,
        'participants', coalesce((
          select jsonb_agg(jsonb_build_object('name', pa.full_name, 'email', pa.email) order by pa.position)
            from public.order_participants pa where pa.order_item_id = i.id), '[]'::jsonb))
        order by i.position)
        from public.order_items i
        left join public.training_programs p on p.id = i.program_id
        left join public.program_intakes t on t.id = i.intake_id
        join public.tax_classes tc on tc.id = i.tax_class
       where i.order_id = o.id), '[]'::jsonb))
  from public.orders o
  where o.id = target;
$$;
