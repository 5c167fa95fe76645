-- Sort indexes for the large lists (clients: 50,000 rows per organization is a target):
-- each whitelisted sort of the active list is served by an index, so a deep page never sorts the table.
CREATE INDEX clients_org_first_name_idx ON clients (organization_id, fr_sort_key(first_name), id) WHERE archived_at IS NULL;
CREATE INDEX clients_org_company_idx ON clients (organization_id, fr_sort_key(company), id) WHERE archived_at IS NULL;
CREATE INDEX clients_org_city_idx ON clients (organization_id, fr_sort_key(city), id) WHERE archived_at IS NULL;
CREATE INDEX clients_org_email_sort_idx ON clients (organization_id, email_norm, id) WHERE archived_at IS NULL;
CREATE INDEX clients_org_updated_idx ON clients (organization_id, updated_at, id) WHERE archived_at IS NULL;
