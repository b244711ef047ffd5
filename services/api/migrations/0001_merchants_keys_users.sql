-- Foundation: merchants, their dashboard users and their API keys.
-- Convention for every table that is listed with cursor pagination: `created_at` is stored at
-- millisecond precision (the resolution of a JS Date, which the cursor carries), and lists are
-- ordered by (created_at, id) descending. See src/http/pagination.ts.

create table merchants (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 200),
  status text not null default 'active' check (status in ('active', 'suspended', 'frozen')),
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now())
);

create table users (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references merchants (id),
  email text not null check (length(email) between 3 and 320),
  role text not null check (role in ('admin', 'finance', 'read_only', 'compliance')),
  mfa_enabled boolean not null default false,
  status text not null default 'active' check (status in ('active', 'disabled')),
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  -- Lets api_keys reference (merchant_id, id) so a key can only act for a user of its own merchant.
  unique (merchant_id, id)
);
-- An email is unique within a merchant, compared case-insensitively.
create unique index users_merchant_email_key on users (merchant_id, lower(email));

create table api_keys (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references merchants (id),
  -- The public key id sent in X-Service-Key.
  key text not null unique check (key ~ '^pk_(sandbox|live)_[A-Za-z0-9]{24}$'),
  mode text not null check (mode in ('sandbox', 'live')),
  -- AES-256-GCM sealed API secret (src/crypto/secret-box.ts); never stored in plaintext.
  secret_sealed bytea not null,
  scopes text[] not null check (cardinality(scopes) >= 1 and scopes <@ array['read', 'write', 'full', 'payout_only']),
  -- Optional allow-list of client addresses (exact IPs or CIDR blocks); null allows any address.
  ip_allow text[],
  -- The dashboard user this key acts for; null means a merchant-level key (acts as admin).
  user_id uuid,
  expires_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  foreign key (merchant_id, user_id) references users (merchant_id, id)
);
create index api_keys_merchant_idx on api_keys (merchant_id, created_at desc, id desc);

-- Small service-wide facts: the first-start sandbox merchant, the master key check value.
create table service_settings (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
