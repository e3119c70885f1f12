-- One per-client limit table keyed by kind (issue 25, item 1). The per-client limits were five
-- tables: four single-row ceilings (private.order_throttle, newsletter_throttle, enquiry_throttle,
-- event_registration_throttle) and the free allowance before a proof of work
-- (private.client_proof_throttle, already keyed by kind). They become one: private.client_limits,
-- a row per kind of write with its free allowance (max_without_proof), its ceiling with proofs
-- (max_per_client) and the window both are counted over (the same 10 minutes before).
-- Per-mailbox limits stay in private.address_limits: a different key (the address a write mails).
--
-- The functions that read the old tables are redefined below from their latest definitions
-- (create_order: 20261127100000_seat_holds.sql; submit_enquiry: 20261125010100_enquiries.sql;
-- register_for_event, newsletter_subscribe, proof_satisfied, require_client_proof:
-- 20261127150100_client_proof_of_work.sql), changed only where they read a limit.

alter table private.client_proof_throttle rename to client_limits;
alter table private.client_limits rename constraint client_proof_throttle_pkey to client_limits_pkey;
alter table private.client_limits rename constraint client_proof_throttle_write_known to client_limits_write_known;
alter table private.client_limits rename constraint client_proof_throttle_positive to client_limits_positive;
alter table private.client_limits add column max_per_client integer;

-- The ceilings as they are now (a deployment may have tuned them).
update private.client_limits l set max_per_client = case l.write
    when 'order' then (select t.max_orders from private.order_throttle t)
    when 'newsletter' then (select t.max_requests from private.newsletter_throttle t)
    when 'enquiry' then (select t.max_enquiries from private.enquiry_throttle t)
    when 'event_registration' then (select t.max_registrations from private.event_registration_throttle t)
  end;

alter table private.client_limits
  alter column max_per_client set not null,
  add constraint client_limits_ceiling_positive check (max_per_client > 0);

comment on table private.client_limits is
  'Per client (network address) and kind of write: writes per window that need no proof of work, and the ceiling with proofs.';

-- public.create_order: from 20261127100000_seat_holds.sql
create or replace function public.create_order(
  idempotency_key text,
  buyer_name text,
  buyer_email text,
  buyer_phone text,
  payment_method text,
  accepted_terms boolean,
  items jsonb,
  organisation text default null,
  po_number text default null
)
returns table (reference text, token text, replayed boolean)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  attempt_key uuid;
  hash text;
  existing record;
  client text := private.client_key();
  limits record;
  recent integer;
  phone text;
  org text := private.optional_text(organisation);
  po text := private.optional_text(po_number);
  line jsonb;
  line_index integer;
  participant jsonb;
  participant_index integer;
  quantity_value numeric;
  program_ids uuid[] := '{}';
  program record;
  intake record;
  chosen_intakes uuid[] := '{}';
  lock_ids uuid[];
  chosen uuid;
  seats_left integer;
  new_order uuid;
  new_item uuid;
  all_kes boolean := true;
  ref_year integer := extract(year from now() at time zone 'Africa/Nairobi')::integer;
  ref_number integer;
  new_reference text;
  new_token text;
  -- The customer's choice (invoice, mpesa_paybill, mpesa_express) and the order's method.
  choice text;
  method text;
  caps record;
  visitor boolean := coalesce(auth.role(), '') in ('anon', 'authenticated');
  order_seats integer := 0;
  held_seats integer;
  hold_seconds integer;
begin
  -- The attempt's key first: a repeat answers what the first call made, whatever else holds.
  if idempotency_key is null or idempotency_key !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform private.refuse('idempotency_key', 'invalid_idempotency_key',
      'Something went wrong with this checkout attempt. Please reload the page.');
  end if;
  attempt_key := idempotency_key::uuid;
  hash := md5(jsonb_build_array(buyer_name, buyer_email, buyer_phone, payment_method, accepted_terms, items,
                                organisation, po_number)::text);
  perform pg_advisory_xact_lock(hashtextextended('create_order:key:' || attempt_key::text, 0));
  select o.reference, o.confirmation_token, o.request_hash into existing
    from public.orders o where o.idempotency_key = attempt_key;
  if found then
    if existing.request_hash <> hash then
      perform private.refuse('idempotency_key', 'idempotency_key_reused',
        'This checkout attempt was already used for a different order. Please reload the page.');
    end if;
    return query select existing.reference, existing.confirmation_token, true;
    return;
  end if;

  -- Contact details and choices.
  if buyer_name is null or length(btrim(buyer_name)) not between 1 and 200 then
    perform private.refuse('buyer_name', 'invalid_name', 'Please enter your full name.');
  end if;
  if not private.is_email(btrim(buyer_email)) then
    perform private.refuse('buyer_email', 'invalid_email', 'Please enter a valid e-mail address.');
  end if;
  phone := private.normalise_phone(buyer_phone);
  if phone is null then
    perform private.refuse('buyer_phone', 'invalid_phone',
      'Please enter a valid phone number, e.g. 0712 345 678 or +254 712 345 678.');
  end if;
  if length(org) > 200 then
    perform private.refuse('organisation', 'invalid_organisation', 'The organisation name must be at most 200 characters.');
  end if;
  if length(po) > 50 then
    perform private.refuse('po_number', 'invalid_po_number', 'The purchase-order number must be at most 50 characters.');
  end if;
  -- 'mpesa' is the Paybill (as before); 'mpesa_express' the prompt sent to the phone.
  if create_order.payment_method is null or create_order.payment_method not in ('invoice', 'mpesa', 'mpesa_express') then
    perform private.refuse('payment_method', 'invalid_payment_method', 'Please choose how you will pay.');
  end if;
  choice := case create_order.payment_method when 'mpesa' then 'mpesa_paybill' else create_order.payment_method end;
  method := case when choice = 'invoice' then 'invoice' else 'mpesa' end;
  if accepted_terms is not true then
    perform private.refuse('accepted_terms', 'terms_not_accepted',
      'Please accept the terms and conditions to place your order.');
  end if;

  -- The lines' shape, before anything is looked up.
  if items is null or jsonb_typeof(items) <> 'array' or jsonb_array_length(items) = 0 then
    perform private.refuse('items', 'no_items', 'Your cart is empty.');
  end if;
  if jsonb_array_length(items) > 20 then
    perform private.refuse('items', 'too_many_items', 'An order can hold at most 20 programs.');
  end if;
  for line, line_index in select e.value, e.ordinality - 1 from jsonb_array_elements(items) with ordinality e loop
    if jsonb_typeof(line) <> 'object'
       or jsonb_typeof(line -> 'program_id') is distinct from 'string'
       or (line ->> 'program_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      perform private.refuse(format('items.%s', line_index), 'invalid_item', 'This line of your order is incomplete.');
    end if;
    if (line ->> 'program_id')::uuid = any (program_ids) then
      perform private.refuse(format('items.%s.program_id', line_index), 'duplicate_program',
        'This program is already in your order.');
    end if;
    program_ids := program_ids || (line ->> 'program_id')::uuid;
    quantity_value := case when jsonb_typeof(line -> 'quantity') = 'number' then (line ->> 'quantity')::numeric end;
    if quantity_value is null or quantity_value <> trunc(quantity_value) or quantity_value not between 1 and 50 then
      perform private.refuse(format('items.%s.quantity', line_index), 'invalid_quantity',
        'The number of participants must be a whole number from 1 to 50.');
    end if;
    -- 3.0 or 3e0: a whole number written as a decimal, which the integer column would refuse raw.
    if (line ->> 'quantity') !~ '^[0-9]+$' then
      perform private.refuse(format('items.%s.quantity', line_index), 'invalid_quantity',
        format('The number of participants must be written as a whole number without decimals (%s, not %s).',
               trunc(quantity_value), line ->> 'quantity'));
    end if;
    order_seats := order_seats + quantity_value::integer;
    if coalesce(jsonb_typeof(line -> 'intake_id'), 'null') not in ('null', 'string')
       or (line ->> 'intake_id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      perform private.refuse(format('items.%s.intake_id', line_index), 'intake_not_found',
        'This intake is not available. Please choose another.');
    end if;
    if jsonb_typeof(line -> 'participants') is distinct from 'array'
       or jsonb_array_length(line -> 'participants') <> quantity_value then
      perform private.refuse(format('items.%s.participants', line_index), 'participants_mismatch',
        'Please give one participant per seat.');
    end if;
    for participant, participant_index in
      select e.value, e.ordinality - 1 from jsonb_array_elements(line -> 'participants') with ordinality e loop
      if jsonb_typeof(participant) <> 'object' or jsonb_typeof(participant -> 'name') is distinct from 'string'
         or length(btrim(participant ->> 'name')) not between 1 and 200 then
        perform private.refuse(format('items.%s.participants.%s.name', line_index, participant_index),
          'invalid_participant_name', 'Please enter the participant''s name.');
      end if;
      if coalesce(jsonb_typeof(participant -> 'email'), 'null') not in ('null', 'string')
         or (private.optional_text(participant ->> 'email') is not null
             and not private.is_email(btrim(participant ->> 'email'))) then
        perform private.refuse(format('items.%s.participants.%s.email', line_index, participant_index),
          'invalid_participant_email', 'Please enter a valid e-mail address or leave it empty.');
      end if;
    end loop;
  end loop;

  -- Caps on what one visitor's order may hold (issue 23): a bigger group asks for a quote.
  select c.max_seats_per_program, c.max_seats_per_order, c.max_held_seats_per_client into caps
    from private.order_seat_caps c;
  if visitor then
    for line, line_index in select e.value, e.ordinality - 1 from jsonb_array_elements(items) with ordinality e loop
      if (line ->> 'quantity')::integer > caps.max_seats_per_program then
        perform private.refuse(format('items.%s.quantity', line_index), 'group_booking', format(
          'An online order takes at most %s seats per program. For a larger group, please ask us for a quote through our contact form.',
          caps.max_seats_per_program));
      end if;
    end loop;
    if order_seats > caps.max_seats_per_order then
      perform private.refuse('items', 'group_booking', format(
        'An online order takes at most %s seats in all. For a larger group, please ask us for a quote through our contact form.',
        caps.max_seats_per_order));
    end if;
  end if;

  -- Throttle, per client, counted under a client-wide lock.
  perform pg_advisory_xact_lock(hashtextextended('create_order:client:' || client, 0));
  select l.max_per_client, l.window_seconds into limits from private.client_limits l where l.write = 'order';
  select count(*) into recent from public.orders o
   where o.client_key = client and o.created_at > now() - make_interval(secs => limits.window_seconds);
  if recent >= limits.max_per_client then
    raise exception using errcode = 'PT429', hint = 'too_many_orders',
      message = 'Too many orders from your network in a short time. Please try again in a few minutes.';
  end if;
  -- Seats this client's unpaid orders already hold (under the same client-wide lock).
  if visitor then
    select coalesce(sum(l.quantity), 0) into held_seats
      from public.orders o join public.order_items l on l.order_id = o.id
     where o.client_key = client and o.status = 'pending';
    if held_seats + order_seats > caps.max_held_seats_per_client then
      raise exception using errcode = 'PT429', hint = 'too_many_held_seats', detail = 'items',
        message = format('Unpaid orders from your network already hold %s seats; at most %s may be held at once. '
          'Please pay or cancel those orders first, or ask us for a quote through our contact form for a larger group.',
          held_seats, caps.max_held_seats_per_client);
    end if;
  end if;

  -- Programs: published ones only, read now (never what the browser thought they cost).
  for line, line_index in select e.value, e.ordinality - 1 from jsonb_array_elements(items) with ordinality e loop
    perform 1 from public.training_programs p where p.id = (line ->> 'program_id')::uuid and p.is_published;
    if not found then
      perform private.refuse(format('items.%s.program_id', line_index), 'program_not_found',
        'This program is no longer available. Please remove it from your cart.');
    end if;
  end loop;

  -- Lock every intake this order may book, in id order (no deadlocks between orders): the
  -- chosen ones, and for "next available" lines every candidate of the program.
  select array_agg(t.id order by t.id) into lock_ids
    from public.program_intakes t
   where t.id in (select (e.value ->> 'intake_id')::uuid from jsonb_array_elements(items) e
                   where e.value ->> 'intake_id' is not null)
      or (t.is_published and t.starts_on > private.nairobi_today()
          and t.program_id in (select (e.value ->> 'program_id')::uuid from jsonb_array_elements(items) e
                                where e.value ->> 'intake_id' is null));
  perform 1 from public.program_intakes t where t.id = any (coalesce(lock_ids, '{}')) order by t.id for update;

  -- First pass: decide each line (program as it is now, the intake and its seats) before
  -- anything is written, so a refusal costs no reference number.
  for line, line_index in select e.value, e.ordinality - 1 from jsonb_array_elements(items) with ordinality e loop
    select p.currency into program from public.training_programs p where p.id = (line ->> 'program_id')::uuid;
    all_kes := all_kes and program.currency = 'KES';
    quantity_value := (line ->> 'quantity')::numeric;
    chosen := null;
    if line ->> 'intake_id' is not null then
      select t.id, t.program_id, t.starts_on, t.capacity, t.is_published into intake
        from public.program_intakes t where t.id = (line ->> 'intake_id')::uuid;
      if not found or intake.program_id <> (line ->> 'program_id')::uuid or not intake.is_published then
        perform private.refuse(format('items.%s.intake_id', line_index), 'intake_not_found',
          'This intake is not available. Please choose another.');
      end if;
      if intake.starts_on <= private.nairobi_today() then
        perform private.refuse(format('items.%s.intake_id', line_index), 'intake_closed',
          'This intake has already started. Please choose another.');
      end if;
      seats_left := intake.capacity - coalesce((
        select sum(l.quantity) from public.order_items l
          join public.orders o on o.id = l.order_id and private.order_holds_seats(o.status)
         where l.intake_id = intake.id), 0);
      if seats_left < quantity_value then
        perform private.refuse(format('items.%s.intake_id', line_index), 'intake_full',
          case when seats_left <= 0 then 'This intake is full. Please choose another.'
               when seats_left = 1 then 'Only 1 seat is left on this intake.'
               else format('Only %s seats are left on this intake.', seats_left) end);
      end if;
      chosen := intake.id;
    else
      -- "Next available intake": the earliest with room; none at all leaves the dates to staff.
      select t.id into chosen
        from public.program_intakes t
       where t.program_id = (line ->> 'program_id')::uuid and t.is_published
         and t.starts_on > private.nairobi_today()
         and t.capacity - coalesce((
               select sum(l.quantity) from public.order_items l
                 join public.orders o on o.id = l.order_id and private.order_holds_seats(o.status)
                where l.intake_id = t.id), 0) >= quantity_value
       order by t.starts_on
       limit 1;
    end if;
    chosen_intakes := array_append(chosen_intakes, chosen);
  end loop;

  -- Numbered now: the counter row stays locked only while the rows are written.
  insert into private.order_reference_counters as c (year, last_number) values (ref_year, 1)
  on conflict on constraint order_reference_counters_pkey do update set last_number = c.last_number + 1
  returning c.last_number into ref_number;
  new_reference := format('ASC-%s-%s', ref_year, lpad(ref_number::text, 6, '0'));
  new_token := translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_');

  select s.hold_seconds into hold_seconds from private.order_hold_settings s where s.payment_choice = choice;
  insert into public.orders (customer_name, customer_email, customer_phone, organisation, po_number, payment_method,
                             payment_choice, hold_until, currency, terms_accepted_at, reference, confirmation_token,
                             idempotency_key, request_hash, client_key)
  values (btrim(buyer_name), btrim(buyer_email), phone, org, po, method, choice,
          now() + make_interval(secs => hold_seconds),
          case when method = 'mpesa' or all_kes then 'KES' else 'USD' end,
          now(), new_reference, new_token, attempt_key, hash, client)
  returning id into new_order;

  -- Second pass: the lines, with the title and price read here, and one participant per seat.
  for line, line_index in select e.value, e.ordinality - 1 from jsonb_array_elements(items) with ordinality e loop
    insert into public.order_items (order_id, position, program_id, intake_id, title, unit_price, currency, quantity)
    select new_order, line_index + 1, p.id, chosen_intakes[line_index + 1], p.title, p.price_amount, p.currency,
           (line ->> 'quantity')::integer
      from public.training_programs p where p.id = (line ->> 'program_id')::uuid
    returning id into new_item;

    insert into public.order_participants (order_item_id, position, full_name, email)
    select new_item, e.ordinality, btrim(e.value ->> 'name'), private.optional_text(e.value ->> 'email')
      from jsonb_array_elements(line -> 'participants') with ordinality e;
  end loop;

  -- The e-mails, in the same transaction: the customer's confirmation and the bookings team's.
  insert into public.mail_outbox (kind, order_id, recipient)
  values ('order_confirmation', new_order, btrim(buyer_email)),
         ('order_notification', new_order, null);

  return query select new_reference, new_token, false;
end;
$$;

-- public.submit_enquiry: from 20261125010100_enquiries.sql
create or replace function public.submit_enquiry(
  name text,
  email text,
  phone text,
  organisation text,
  topic text,
  message text,
  consent boolean,
  website text default ''
)
returns table (id uuid)
language plpgsql
security definer
set search_path = ''
as $$
declare
  client text := private.client_key();
  limits record;
  recent integer;
  normalised_phone text;
  org text := private.optional_text(organisation);
  new_id uuid;
begin
  -- The honeypot: a field people never see, which form-filling robots fill in.
  if coalesce(btrim(website), '') <> '' then
    perform private.refuse('website', 'honeypot_filled',
      'This message looks automated and was not sent. If you are a person, leave the field named "Website" empty.');
  end if;
  if name is null or length(btrim(name)) not between 1 and 200 then
    perform private.refuse('name', 'invalid_name', 'Please enter your name.');
  end if;
  if not private.is_email(btrim(email)) then
    perform private.refuse('email', 'invalid_email', 'Please enter a valid e-mail address.');
  end if;
  if private.optional_text(phone) is not null then
    normalised_phone := private.normalise_phone(phone);
    if normalised_phone is null then
      perform private.refuse('phone', 'invalid_phone',
        'Please enter a valid phone number, e.g. 0712 345 678 or +254 712 345 678, or leave it empty.');
    end if;
  end if;
  if org is not null and length(org) > 200 then
    perform private.refuse('organisation', 'invalid_organisation', 'The organisation name must be at most 200 characters.');
  end if;
  if topic is null or topic not in ('training', 'advisory', 'technology', 'insurance', 'other') then
    perform private.refuse('topic', 'invalid_topic', 'Please choose what your enquiry is about.');
  end if;
  if message is null or length(btrim(message)) = 0 then
    perform private.refuse('message', 'invalid_message', 'Please write your message.');
  end if;
  if length(btrim(message)) > 5000 then
    perform private.refuse('message', 'message_too_long',
      format('Your message is %s characters long; please keep it to 5,000.', length(btrim(message))));
  end if;
  if consent is not true then
    perform private.refuse('consent', 'consent_missing',
      'Please agree that we may use your details to answer your enquiry.');
  end if;

  perform pg_advisory_xact_lock(hashtextextended('submit_enquiry:client:' || client, 0));
  select l.max_per_client, l.window_seconds into limits from private.client_limits l where l.write = 'enquiry';
  select count(*) into recent from public.enquiries e
   where e.client_key = client and e.created_at > now() - make_interval(secs => limits.window_seconds);
  if recent >= limits.max_per_client then
    raise exception using errcode = 'PT429', hint = 'too_many_enquiries',
      message = 'You have sent several messages in a short time. Please wait a few minutes before sending another.';
  end if;

  insert into public.enquiries (name, email, phone, organisation, topic, message, consent_text, consented_at, client_key)
  values (btrim(name), lower(btrim(email)), normalised_phone, org, topic, btrim(message),
          'I agree that Ascent may use these details to answer my enquiry.', now(), client)
  returning enquiries.id into new_id;

  insert into public.mail_outbox (kind, enquiry_id, recipient)
  values ('enquiry_notification', new_id, null),
         ('enquiry_receipt', new_id, lower(btrim(email)));

  return query select new_id;
end;
$$;

-- public.register_for_event: from 20261127150100_client_proof_of_work.sql
create or replace function public.register_for_event(
  event_slug text,
  name text,
  email text,
  phone text,
  organisation text default '',
  seats integer default 1
)
returns table (status text, token text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  client text := private.client_key();
  limits record;
  recent integer;
  ev public.events;
  normalised_phone text := private.normalise_phone(phone);
  org text := private.optional_text(organisation);
  address text := lower(btrim(email));
  taken integer;
  new_status text;
  new_token text;
  new_id uuid;
begin
  if name is null or length(btrim(name)) not between 1 and 200 then
    perform private.refuse('name', 'invalid_name', 'Please enter your full name.');
  end if;
  if not private.is_email(address) then
    perform private.refuse('email', 'invalid_email', 'Please enter a valid e-mail address.');
  end if;
  if normalised_phone is null then
    perform private.refuse('phone', 'invalid_phone',
      'Please enter a valid phone number, e.g. 0712 345 678 or +254 712 345 678.');
  end if;
  if org is not null and length(org) > 200 then
    perform private.refuse('organisation', 'invalid_organisation', 'The organisation name must be at most 200 characters.');
  end if;

  -- The client's slot first: nothing below, other people's registrations least of all, answers a
  -- client past its limit.
  perform pg_advisory_xact_lock(hashtextextended('register_for_event:client:' || client, 0));
  select l.max_per_client, l.window_seconds into limits from private.client_limits l where l.write = 'event_registration';
  delete from private.client_requests r where r.requested_at < now() - interval '1 day';
  select count(*) into recent from private.client_requests r
   where r.write = 'event_registration' and r.client_key = client
     and r.requested_at > now() - make_interval(secs => limits.window_seconds);
  if recent >= limits.max_per_client then
    raise exception using errcode = 'PT429', hint = 'too_many_registrations',
      message = 'Too many registrations from your network in a short time. Please try again in a few minutes.';
  end if;
  perform private.demand_proof('event_registration', recent);
  insert into private.client_requests (write, client_key) values ('event_registration', client);

  -- The event row's lock serialises every registration and cancellation for this event.
  select e.* into ev from public.events e where e.slug = event_slug and e.is_published for update;
  if ev.id is null then
    perform private.refuse('event', 'event_not_found', 'This event is not open for registration.');
  end if;
  if ev.starts_at <= now() then
    perform private.refuse('event', 'event_past', 'This event has already taken place. Registration is closed.');
  end if;
  if seats is null or seats not between 1 and 10 or (ev.price_amount is null and seats <> 1) then
    perform private.refuse('seats', 'invalid_seats',
      case when ev.price_amount is null then 'This free event takes one seat per registration.'
           else 'Please choose from 1 to 10 seats.' end);
  end if;
  if exists (select 1 from public.event_registrations r
              where r.event_id = ev.id and r.email = address and r.status <> 'cancelled') then
    -- Answered, not raised: the slot taken above stays taken.
    return query select 'already_registered'::text, null::text;
    return;
  end if;

  taken := private.event_seats_taken(ev.id);
  -- Nobody jumps the queue: with people waiting, a newcomer waits too.
  if (ev.capacity is null or ev.capacity - taken >= seats)
     and not exists (select 1 from public.event_registrations r where r.event_id = ev.id and r.status = 'waitlisted') then
    new_status := 'confirmed';
  else
    new_status := 'waitlisted';
  end if;

  insert into public.event_registrations as r (event_id, name, email, phone, organisation, seats, status, client_key)
  values (ev.id, btrim(name), address, normalised_phone, org, seats, new_status, client)
  returning r.id, r.token into new_id, new_token;

  insert into public.mail_outbox (kind, registration_id, recipient)
  values (case when new_status = 'confirmed' then 'event_registration_confirmed' else 'event_registration_waitlisted' end,
          new_id, address);

  return query select new_status, new_token;
end;
$$;

-- public.newsletter_subscribe: from 20261127150100_client_proof_of_work.sql
create or replace function public.newsletter_subscribe(email text, client text, source text default 'footer', proof text default null)
returns table (outcome text, retry_after integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits record;
  recent integer;
  oldest timestamptz;
  wait integer;
  fresh boolean := false;
  address text := lower(btrim(email));
  subscriber public.newsletter_subscribers;
  client_id text := left(coalesce(nullif(btrim(client), ''), 'unknown'), 64);
begin
  if not private.is_email(address) then
    raise exception 'not an e-mail address' using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock(hashtextextended('newsletter:client:' || client_id, 0));
  select l.max_per_client, l.window_seconds into limits from private.client_limits l where l.write = 'newsletter';
  delete from private.newsletter_requests r where r.requested_at < now() - interval '1 day';
  select count(*), min(r.requested_at) into recent, oldest from private.newsletter_requests r
   where r.client_key = client_id and r.requested_at > now() - make_interval(secs => limits.window_seconds);
  if recent >= limits.max_per_client then
    return query select 'throttled'::text,
      greatest(1, ceil(extract(epoch from oldest + make_interval(secs => limits.window_seconds) - now())))::integer;
    return;
  end if;
  if not private.proof_satisfied('newsletter', recent, newsletter_subscribe.proof) then
    return query select 'proof_required'::text, null::integer;
    return;
  end if;
  insert into private.newsletter_requests (client_key) values (client_id);

  -- One sign-up at a time per mailbox (every +tag and case of it): what follows reads its rows
  -- as the previous sign-up left them.
  perform private.lock_address('newsletter', address);
  select s.* into subscriber from public.newsletter_subscribers s where s.email = address for update;
  if subscriber.status = 'confirmed' then
    return query select 'already_confirmed'::text, null::integer;
    return;
  end if;
  if subscriber.status = 'pending' and subscriber.confirmation_sent_at > now() - interval '10 minutes' then
    return query select 'already_pending'::text, null::integer;
    return;
  end if;
  wait := private.take_address_slot('newsletter', address);
  if wait is not null then
    return query select 'address_throttled'::text, wait;
    return;
  end if;

  if subscriber.id is null then
    insert into public.newsletter_subscribers as s (email, source)
    values (address, left(coalesce(nullif(btrim(newsletter_subscribe.source), ''), 'footer'), 50))
    on conflict on constraint newsletter_subscribers_email_key do nothing
    returning s.* into subscriber;
    fresh := subscriber.id is not null;
    if not fresh then
      -- Written meanwhile by a writer not holding the mailbox's lock (staff, a script).
      select s.* into subscriber from public.newsletter_subscribers s where s.email = address for update;
    end if;
  end if;
  if not fresh then
    update public.newsletter_subscribers s
       set status = 'pending', requested_at = now()
     where s.id = subscriber.id;
  end if;

  update public.newsletter_subscribers s set confirmation_sent_at = now() where s.id = subscriber.id;
  insert into public.mail_outbox (kind, subscriber_id, recipient)
  values ('newsletter_confirmation', subscriber.id, address);
  return query select 'pending'::text, null::integer;
end;
$$;

-- private.proof_satisfied: from 20261127150100_client_proof_of_work.sql
create or replace function private.proof_satisfied(write text, recent integer, proof text)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  allowance integer;
begin
  select t.max_without_proof into allowance from private.client_limits t where t.write = proof_satisfied.write;
  if allowance is null then
    raise exception 'no client limit for %', proof_satisfied.write;
  end if;
  return recent < allowance or private.spend_proof(proof);
end;
$$;

-- private.require_client_proof: from 20261127150100_client_proof_of_work.sql
create or replace function private.require_client_proof()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  recent integer;
  window_seconds integer;
begin
  if coalesce(auth.role(), '') not in ('anon', 'authenticated') then
    return new;
  end if;
  select t.window_seconds into window_seconds from private.client_limits t where t.write = tg_argv[0];
  if tg_argv[0] = 'order' then
    select count(*) into recent from public.orders o
     where o.client_key = new.client_key and o.created_at > now() - make_interval(secs => window_seconds);
  else
    select count(*) into recent from public.enquiries e
     where e.client_key = new.client_key and e.created_at > now() - make_interval(secs => window_seconds);
  end if;
  perform private.demand_proof(tg_argv[0], recent);
  return new;
end;
$$;

drop table private.order_throttle, private.newsletter_throttle, private.enquiry_throttle,
  private.event_registration_throttle;
