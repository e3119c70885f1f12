-- A signed-in customer reads the tax invoices and credit notes of their own orders (issue 29: the
-- documents "downloadable by the customer (confirmation page, the account)"), as they read their
-- payment receipts (20261129210000). The PDF itself still comes by the order's token
-- (tax_document_for_pdf). Lines stay staff-only: the account lists documents, the PDF shows lines.
create policy tax_documents_select_customer on public.tax_documents
  for select to authenticated
  using ((select private.session_email()) is not null and private.customer_owns_order(order_id));
