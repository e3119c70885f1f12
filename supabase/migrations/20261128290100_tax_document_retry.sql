-- Finance sends a document to eTIMS again (issue 29, the finance screen's "Retry"): a document eTIMS
-- refused (failed, e.g. after the item or the buyer's PIN was corrected at KRA) or one waiting out
-- its back-off goes back to the submission queue, due now. Registering stays idempotent by the
-- document's eTIMS number, so a retry never registers a sale twice. Finance (and admin) only, in
-- words for anyone else (the documents stay unwritable through the API); the change is audited by the table's trigger.

create or replace function public.retry_tax_document(document uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  current_status text;
begin
  -- Finance reads the documents (private.staff_access); retrying is theirs alone, admin included.
  perform private.require_staff_role('finance');
  select d.etims_status into current_status from public.tax_documents d where d.id = document for update;
  if current_status is null then
    perform private.refuse('document', 'tax_document_not_found', 'There is no such tax document.');
  end if;
  if current_status = 'registered' then
    perform private.refuse('document', 'already_registered', 'This document is already registered with eTIMS.');
  end if;
  update public.tax_documents d
     set etims_status = 'awaiting', etims_next_attempt_at = now()
   where d.id = document;
end;
$$;

comment on function public.retry_tax_document(uuid) is
  'Finance: send a failed or waiting tax document to eTIMS again, now (idempotent by its eTIMS number).';
revoke all on function public.retry_tax_document(uuid) from public, anon;
grant execute on function public.retry_tax_document(uuid) to authenticated, service_role;
