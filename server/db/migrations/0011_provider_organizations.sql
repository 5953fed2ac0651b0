-- The provider's own organizations (its test and demonstration sites), which the device map can include or leave out
-- (spec 2 §2 'Map filters'). Only provider staff set the flag.
ALTER TABLE organizations ADD COLUMN provider_own boolean NOT NULL DEFAULT false;
