-- The seats an intake's orders take, by one rule: orders that hold seats
-- (private.order_holds_seats: pending, confirmed, paid). The capacity guard counted every order
-- but the cancelled ones, so an expired unpaid order's seats still kept the capacity up; and the
-- staff's intake list summed order lines in the browser under RLS, which hides order lines from
-- roles that read intakes but not orders (marketing, front desk: "0 sold").
--
-- private.intake_seats_free: from 20261129360100_voucher_held_seats.sql, its order sum now this
-- function. private.refuse_capacity_below_sold: from 20261124220000_admin_catalogue_guards.sql.

create or replace function private.intake_seats_sold(intake_id uuid)
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(l.quantity), 0)::integer
    from public.order_items l
    join public.orders o on o.id = l.order_id and private.order_holds_seats(o.status)
   where l.intake_id = intake_seats_sold.intake_id;
$$;
comment on function private.intake_seats_sold(uuid) is
  'Seats the orders holding seats (private.order_holds_seats) take in an intake: staff''s "seats sold".';
revoke all on function private.intake_seats_sold(uuid) from public;

create or replace function private.intake_seats_free(intake_id uuid, voucher uuid default null)
returns integer
language sql
stable
set search_path = ''
as $$
  select t.capacity - private.intake_seats_sold(t.id) - private.intake_seats_reserved(t.id, voucher)
    from public.program_intakes t
   where t.id = intake_seats_free.intake_id;
$$;
revoke all on function private.intake_seats_free(uuid, uuid) from public;

create or replace function private.refuse_capacity_below_sold()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  sold integer;
begin
  if new.capacity >= old.capacity then
    return new;
  end if;
  sold := private.intake_seats_sold(new.id);
  if new.capacity < sold then
    raise exception 'The capacity cannot be lower than the % seats already sold on this intake.', sold
      using errcode = 'P0001', hint = 'program_intakes_capacity_below_sold';
  end if;
  return new;
end;
$$;
comment on function private.refuse_capacity_below_sold() is
  'Before update on program_intakes: capacity never below the seats of orders holding seats (private.intake_seats_sold).';

-- The staff's intake list: each intake of a program with its seats sold. A count only, so any role
-- that reads intakes may read it.
create or replace function public.admin_intake_seats(program uuid)
returns table (intake_id uuid, seats_sold integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.staff_may('program_intakes', false) then
    raise exception using errcode = '42501', hint = 'not_staff',
      message = 'Only staff members can do this. Sign in with a staff account.';
  end if;
  return query
    select t.id, private.intake_seats_sold(t.id)
      from public.program_intakes t
     where t.program_id = admin_intake_seats.program;
end;
$$;
comment on function public.admin_intake_seats(uuid) is
  'Staff who read intakes: a program''s intakes with their seats sold (private.intake_seats_sold).';
revoke all on function public.admin_intake_seats(uuid) from public, anon;
grant execute on function public.admin_intake_seats(uuid) to authenticated;
