-- Guards for the admin catalogue (issue 11): what the admin screens refuse, the database refuses
-- too, with sentences written for staff (raised as P0001, shown as they are).
--  * A training program that has been ordered cannot be deleted, only unpublished: order_items
--    would otherwise lose their program (on delete set null) and the intakes' cascade would fail
--    on order_items.intake_id (on delete restrict) with a foreign-key error nobody can read.
--  * An intake's capacity cannot go below the seats already sold on it (non-cancelled orders,
--    counted as public_program_intakes and create_order count them).

create or replace function private.refuse_ordered_program_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.order_items where program_id = old.id) then
    raise exception 'The program "%" has orders, so it cannot be deleted. Unpublish it instead.', old.title
      using errcode = 'P0001', hint = 'training_programs_has_orders';
  end if;
  return old;
end;
$$;

comment on function private.refuse_ordered_program_delete() is 'Before delete on training_programs: refuses a program with order lines (unpublish it instead).';
revoke all on function private.refuse_ordered_program_delete() from public, anon, authenticated;

create trigger training_programs_refuse_ordered_delete
  before delete on public.training_programs
  for each row execute function private.refuse_ordered_program_delete();

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
  select coalesce(sum(l.quantity), 0)::integer into sold
    from public.order_items l
    join public.orders o on o.id = l.order_id and o.status <> 'cancelled'
   where l.intake_id = new.id;
  if new.capacity < sold then
    raise exception 'The capacity cannot be lower than the % seats already sold on this intake.', sold
      using errcode = 'P0001', hint = 'program_intakes_capacity_below_sold';
  end if;
  return new;
end;
$$;

comment on function private.refuse_capacity_below_sold() is 'Before update on program_intakes: capacity never below the seats of non-cancelled orders.';
revoke all on function private.refuse_capacity_below_sold() from public, anon, authenticated;

create trigger program_intakes_refuse_capacity_below_sold
  before update of capacity on public.program_intakes
  for each row execute function private.refuse_capacity_below_sold();

-- An intake with order lines is already refused by order_items_intake_id_fkey (on delete restrict);
-- the admin screen words that error (describeDbError).
